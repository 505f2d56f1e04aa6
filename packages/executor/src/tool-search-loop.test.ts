// runToolLoop with a large tool set's options (Responses: namespaces, every
// tool deferred, client-side tool search), over real HTTP with the official
// openai client and a real MCP server: every tool_search_call and every
// function_call is answered exactly once, with approvals and pauses too, and
// the run ends `completed` only when nothing is left to answer.
import { adapter as responses } from "@x/openai-responses";
import { startOpenAiServer } from "@x/testing";
import type { OpenAiServer } from "@x/testing";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { startToolSearchApi } from "./__fixtures__/tool-search-api";
import { annotationPolicy } from "./annotation-policy";
import type { ApprovalDecisions, ToolLoopState } from "./loop-state";
import { resumeToolLoop } from "./resume-tool-loop";
import { runToolLoop } from "./run-tool-loop";
import type { ToolLoopOptions } from "./run-tool-loop";

const TOOLS = { namespaces: true, deferLoading: true, toolSearch: "client" } as const;

let api: OpenAiServer;
let notes: NotesServer;
let openai: OpenAI;
beforeEach(async () => {
  [api, notes] = await Promise.all([startToolSearchApi(), startNotesServer()]);
  openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
});
afterEach(async () => {
  await Promise.all([api.close(), notes.close()]);
});

type Item = { readonly type?: string; readonly call_id?: string };

/** How often each call id is called and answered in the transcript, by item type. */
function callsAndAnswers(transcript: readonly object[]): { [callId: string]: string[] } {
  const seen: { [callId: string]: string[] } = {};
  for (const item of transcript as readonly Item[]) {
    if (typeof item.call_id === "string" && typeof item.type === "string") {
      (seen[item.call_id] ??= []).push(item.type);
    }
  }
  return seen;
}

// What the run must end with: each search and call of SEARCH_TURNS once, then its one answer.
const EVERY_CALL_ANSWERED_ONCE = {
  s1: ["tool_search_call", "tool_search_output"],
  s2: ["tool_search_call", "tool_search_output"],
  c_read: ["function_call", "function_call_output"],
  s3: ["tool_search_call", "tool_search_output"],
  c_append: ["function_call", "function_call_output"],
  c_delete: ["function_call", "function_call_output"],
};

const options = () =>
  ({
    model: (input, tools, { signal }) => openai.responses.create({ model: "gpt-test", input, tools }, { signal }),
    adapter: responses,
    servers: { toolset: notes.toolset, clients: { notes: notes.client } },
    tools: TOOLS,
  }) satisfies Omit<
    ToolLoopOptions<typeof responses, OpenAI.Responses.Response, OpenAI.Responses.ResponseInputItem>,
    "input"
  >;

describe("runToolLoop with namespaces, deferred loading and client tool search", () => {
  it("answers every search and every call, and ends completed", async () => {
    const result = await runToolLoop({ ...options(), input: "Tidy my notes." });

    expect(result).toMatchObject({ stopReason: "completed", turns: 4 });
    expect(callsAndAnswers(result.input)).toEqual(EVERY_CALL_ANSWERED_ONCE);
    expect(result.response?.output_text).toBe("Done: buy milk | Appended to ideas. | Deleted todo.");
    expect(notes.ran.map(([tool]) => tool).sort()).toEqual(["append_note", "delete_note", "read_note"]);
    // The stand-in took every request: no unanswered search or call, no function called before it was loaded.
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200, 200]);
    // Nothing but the tool search is sent up front; the searches load the notes namespace.
    expect(api.exchanges[0]?.request).toMatchObject({ tools: [{ type: "tool_search", execution: "client" }] });
    expect((api.exchanges[0]?.request as { tools: unknown[] }).tools).toHaveLength(1);
    const found = (result.input as readonly (Item & { tools?: unknown[] })[]).find(
      (item) => item.type === "tool_search_output" && item.call_id === "s1",
    );
    expect(found?.tools).toMatchObject([{ type: "namespace", name: "notes" }]);
  });

  it("pauses for approvals and resumes from JSON, the searches answered before the pause kept once", async () => {
    const stored = (state: unknown) =>
      JSON.parse(JSON.stringify(state)) as ToolLoopState<OpenAI.Responses.ResponseInputItem>;
    const resume = (state: unknown, decisions: ApprovalDecisions) =>
      resumeToolLoop(stored(state), decisions, { ...options(), approve: annotationPolicy() });

    // Every call waits for a person: turn 2 pauses on its read, its search answered already.
    const first = await runToolLoop({ ...options(), input: "Tidy my notes.", approve: () => "pause" });
    expect(first).toMatchObject({ stopReason: "needs-approval", turns: 2 });
    expect(first.state?.pending.map((call) => [call.callId, call.name])).toEqual([["c_read", "notes__read_note"]]);
    expect(first.state?.answered.map((answer) => answer.callId)).toEqual(["s3"]);

    // The read is allowed; turn 3's append and delete are not read-only: the policy pauses on them.
    const second = await resume(first.state, { c_read: true });
    expect(second).toMatchObject({ stopReason: "needs-approval", turns: 3 });
    expect(second.state?.pending.map((call) => call.callId)).toEqual(["c_append", "c_delete"]);

    const done = await resume(second.state, { c_append: true, c_delete: { allow: false, reason: "keep it" } });
    expect(done).toMatchObject({ stopReason: "completed", turns: 4 });
    expect(callsAndAnswers(done.input)).toEqual(EVERY_CALL_ANSWERED_ONCE);
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "append_note"]);
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200, 200]);
  });
});

describe("a response holding a call the loop cannot answer", () => {
  it("never ends the run as completed", async () => {
    // A computer_call: the loop offers no computer tool and has nothing to answer it with.
    const computer = await startOpenAiServer(() => ({
      status: 200,
      body: {
        id: "resp_1",
        object: "response",
        created_at: 1767225600,
        status: "completed",
        model: "gpt-test",
        output: [
          {
            type: "computer_call",
            id: "cu_1",
            call_id: "call_cu",
            action: { type: "screenshot" },
            pending_safety_checks: [],
            status: "completed",
          },
        ],
        tools: [],
        parallel_tool_calls: true,
        tool_choice: "auto",
      },
    }));
    try {
      const client = new OpenAI({ apiKey: "test", baseURL: computer.baseURL, maxRetries: 0 });
      const result = await runToolLoop({
        ...options(),
        model: (input: OpenAI.Responses.ResponseInputItem[], tools: OpenAI.Responses.Tool[]) =>
          client.responses.create({ model: "gpt-test", input, tools }),
        input: "Look at the screen.",
      });
      expect(result.stopReason).not.toBe("completed");
      expect(computer.exchanges).toHaveLength(1);
    } finally {
      await computer.close();
    }
  });
});
