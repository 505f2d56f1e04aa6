import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { responsesResponse } from "./__fixtures__/model-responses";
import { startNotesApi } from "./__fixtures__/notes-api";
import type { NotesApi } from "./__fixtures__/notes-api";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { annotationPolicy } from "./annotation-policy";
import type { ExecutorEvent } from "./hook-events";
import { resumeToolLoop } from "./resume-tool-loop";
import { runToolLoop } from "./run-tool-loop";
import type { ToolLoopState } from "./loop-state";

let api: NotesApi;
let servers: NotesServer[];
let folder: string;
beforeEach(async () => {
  api = await startNotesApi();
  servers = [];
  folder = await mkdtemp(join(tmpdir(), "x-pause-"));
});
afterEach(async () => {
  await api.close();
  for (const server of servers) await server.close();
  await rm(folder, { recursive: true, force: true });
});

/** A fresh MCP server and client, toolset and openai client: what another process would make. */
async function freshProcess() {
  const notes = await startNotesServer();
  servers.push(notes);
  const openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
  return { notes, openai };
}

/** The state as it would come back from a database: written to disk as JSON and read again. */
async function storedAndReadBack<TEntry = OpenAI.ChatCompletionMessageParam>(
  state: unknown,
): Promise<ToolLoopState<TEntry>> {
  const file = join(folder, "state.json");
  await writeFile(file, JSON.stringify(state));
  return JSON.parse(await readFile(file, "utf8")) as ToolLoopState<TEntry>;
}

const callIdsOf = (transcript: readonly object[]): string[] =>
  transcript.flatMap((item) =>
    "tool_call_id" in item
      ? [String(item.tool_call_id)]
      : "type" in item && item.type === "function_call_output" && "call_id" in item
        ? [String(item.call_id)]
        : [],
  );

describe("pause and resume with the Chat Completions API", () => {
  async function pausedRun() {
    const { notes, openai } = await freshProcess();
    const input: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Tidy my notes." }];
    const result = await runToolLoop({
      model: (messages, tools, { signal }) =>
        openai.chat.completions.create({ model: "gpt-test", messages, tools }, { signal }),
      adapter: chat,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      input,
      approve: annotationPolicy(),
    });
    return { notes, result };
  }

  it("runs the allowed call, stops with needs-approval and a plain-JSON state", async () => {
    const { notes, result } = await pausedRun();
    expect(result.stopReason).toBe("needs-approval");
    expect(result.turns).toBe(1);
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note"]);
    const state = result.state as ToolLoopState<object>;
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(state.answered.map((answer) => answer.callId)).toEqual(["call_read"]);
    expect(state.pending.map((call) => [call.callId, call.toolName, call.arguments])).toEqual([
      ["call_delete", "delete_note", { title: "todo" }],
      ["call_append", "append_note", { title: "ideas", text: ", a kite" }],
    ]);
    // Nothing of the paused turn is answered in the transcript yet: its answers go in together, in order.
    expect(callIdsOf(state.transcript)).toEqual([]);
  });

  it(
    "resumes from the state read back from disk, with fresh clients: each call id answered once, in the model's " +
      "order",
    async () => {
      const { result } = await pausedRun();
      const state = await storedAndReadBack(result.state);
      const { notes, openai } = await freshProcess();
      const events: ExecutorEvent[] = [];
      const resumed = await resumeToolLoop(
        state,
        { call_delete: { allow: false, reason: "keep the todo list" }, call_append: true },
        {
          model: (messages, tools, { signal }) =>
            openai.chat.completions.create({ model: "gpt-test", messages, tools }, { signal }),
          adapter: chat,
          servers: { toolset: notes.toolset, clients: { notes: notes.client } },
          hooks: {
            "tool-call-denied": (event) => void events.push(event),
            "turn-start": (event) => void events.push(event),
          },
        },
      );
      expect(resumed.stopReason).toBe("completed");
      expect(resumed.turns).toBe(2);
      expect(notes.ran).toEqual([["append_note", { title: "ideas", text: ", a kite" }]]);
      expect(callIdsOf(resumed.input)).toEqual(["call_read", "call_delete", "call_append"]);
      expect(resumed.input.slice(2).map((message) => ("content" in message ? message.content : undefined))).toEqual([
        "buy milk",
        'Error: The user did not allow the call to the tool "notes__delete_note": keep the todo list',
        "Appended to ideas.",
        'Done: buy milk | Error: The user did not allow the call to the tool "notes__delete_note": ' +
          "keep the todo list | Appended to ideas.",
      ]);
      expect(
        events.map((event) => [event.type, "turn" in event ? event.turn : "callId" in event ? event.callId : ""]),
      ).toEqual([
        ["tool-call-denied", "call_delete"],
        ["turn-start", 2],
      ]);
      // The stand-in refuses any request whose tool calls are not each answered once, right after them.
      expect(api.requests.map((request) => request.path)).toEqual(["/v1/chat/completions", "/v1/chat/completions"]);
    },
  );

  it("resumes in another process from the state on disk", async () => {
    const { result } = await pausedRun();
    const file = join(folder, "state.json");
    await writeFile(file, JSON.stringify(result.state));
    const child = fileURLToPath(new URL("./__fixtures__/resume-in-child.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        "--conditions=@x/source",
        "--import",
        "tsx",
        child,
        file,
        api.baseURL,
        JSON.stringify({ call_delete: false, call_append: true }),
      ],
      { cwd: fileURLToPath(new URL("..", import.meta.url)) },
    );
    const resumed = JSON.parse(stdout) as {
      stopReason: string;
      turns: number;
      input: object[];
      ran: unknown[];
      pid: number;
    };
    expect(resumed.pid).not.toBe(process.pid);
    expect(resumed.stopReason).toBe("completed");
    expect(resumed.turns).toBe(2);
    expect(resumed.ran).toEqual([["append_note", { title: "ideas", text: ", a kite" }]]);
    expect(callIdsOf(resumed.input)).toEqual(["call_read", "call_delete", "call_append"]);
    expect(api.requests).toHaveLength(2);
  }, 30_000);

  it("stays paused while a call has no decision, and asks approve about it when given", async () => {
    const { result } = await pausedRun();
    const { notes, openai } = await freshProcess();
    const options = {
      model: (messages: OpenAI.ChatCompletionMessageParam[], tools: OpenAI.ChatCompletionTool[]) =>
        openai.chat.completions.create({ model: "gpt-test", messages, tools }),
      adapter: chat,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
    };
    const half = await resumeToolLoop(await storedAndReadBack(result.state), { call_append: true }, options);
    expect(half.stopReason).toBe("needs-approval");
    expect(half.state?.pending.map((call) => call.callId)).toEqual(["call_delete"]);
    expect(half.state?.answered.map((answer) => answer.callId)).toEqual(["call_read", "call_append"]);
    const asked: string[] = [];
    const done = await resumeToolLoop(
      await storedAndReadBack(half.state),
      {},
      {
        ...options,
        approve: (request) => {
          asked.push(request.callId);
          return false;
        },
      },
    );
    expect(asked).toEqual(["call_delete"]);
    expect(done.stopReason).toBe("completed");
    expect(callIdsOf(done.input)).toEqual(["call_read", "call_delete", "call_append"]);
    expect(notes.ran.map(([tool]) => tool)).toEqual(["append_note"]);
  });

  it("counts the turns before the pause towards maxTurns", async () => {
    const { result } = await pausedRun();
    const { notes, openai } = await freshProcess();
    const done = await resumeToolLoop(
      await storedAndReadBack(result.state),
      { call_delete: true, call_append: true },
      {
        model: (messages, tools) => openai.chat.completions.create({ model: "gpt-test", messages, tools }),
        adapter: chat,
        servers: { toolset: notes.toolset, clients: { notes: notes.client } },
        maxTurns: 1,
      },
    );
    expect(done.stopReason).toBe("max-turns");
    expect(done.turns).toBe(1);
    expect(callIdsOf(done.input)).toEqual(["call_read", "call_delete", "call_append"]);
    expect(api.requests).toHaveLength(1);
  });

  it(
    "refuses, before any work, a state that is not one, another API's, or a decision for a call that is not " +
      "pending",
    async () => {
      const { result } = await pausedRun();
      const { notes, openai } = await freshProcess();
      const state = await storedAndReadBack(result.state);
      const options = {
        model: (messages: OpenAI.ChatCompletionMessageParam[], tools: OpenAI.ChatCompletionTool[]) =>
          openai.chat.completions.create({ model: "gpt-test", messages, tools }),
        adapter: chat,
        servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      };
      await expect(
        resumeToolLoop({ ...state, format: "other" } as unknown as typeof state, {}, options),
      ).rejects.toMatchObject({ name: "ToolError", code: "invalid-options" });
      await expect(
        resumeToolLoop({ ...state, pending: [...state.pending, ...state.pending] }, {}, options),
      ).rejects.toThrow(/occurs twice/);
      await expect(resumeToolLoop(state, { call_read: true }, options)).rejects.toThrow(
        /"call_read", which is not a pending call/,
      );
      await expect(
        resumeToolLoop(state, {}, { ...options, adapter: responses } as unknown as typeof options),
      ).rejects.toThrow(/belongs to the "chat" API/);
      expect(notes.ran).toEqual([]);
    },
  );

  it("answers a pending call whose tool is gone as unknown, never runs it", async () => {
    const { result } = await pausedRun();
    const { notes, openai } = await freshProcess();
    const state = await storedAndReadBack(result.state);
    // The server no longer has delete_note when the run resumes.
    const gone = "notes__delete_note";
    const toolset = {
      entries: notes.toolset.entries.filter((entry) => entry.name !== gone),
      resolve: (name: string) => (name === gone ? undefined : notes.toolset.resolve(name)),
    };
    const done = await resumeToolLoop(
      state,
      { call_delete: true, call_append: true },
      {
        model: (messages, tools) => openai.chat.completions.create({ model: "gpt-test", messages, tools }),
        adapter: chat,
        servers: { toolset, clients: { notes: notes.client } },
      },
    );
    expect(done.stopReason).toBe("completed");
    expect(notes.ran.map(([tool]) => tool)).toEqual(["append_note"]);
    expect(done.input[3]).toMatchObject({
      role: "tool",
      tool_call_id: "call_delete",
      content: expect.stringContaining('There is no tool named "notes__delete_note"') as unknown,
    });
  });
});

describe("pause and resume with the Responses API", () => {
  /** A run paused on the notes server: read_note ran; delete_note and append_note wait. */
  async function pausedRun() {
    const first = await freshProcess();
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Tidy my notes." }];
    const paused = await runToolLoop({
      model: (items, tools, { signal }) =>
        first.openai.responses.create({ model: "gpt-test", input: items, tools }, { signal }),
      adapter: responses,
      servers: { toolset: first.notes.toolset, clients: { notes: first.notes.client } },
      input,
      approve: annotationPolicy(),
    });
    return { first, paused };
  }

  it("pauses, resumes from disk with fresh clients, and answers every call once in the model's order", async () => {
    const { first, paused } = await pausedRun();
    expect(paused.stopReason).toBe("needs-approval");
    const state = await storedAndReadBack<OpenAI.Responses.ResponseInputItem>(paused.state);
    const { notes, openai } = await freshProcess();
    const done = await resumeToolLoop(
      state,
      { call_delete: false, call_append: true },
      {
        model: (items, tools, { signal }) =>
          openai.responses.create({ model: "gpt-test", input: items, tools }, { signal }),
        adapter: responses,
        servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      },
    );
    expect(done.stopReason).toBe("completed");
    expect(
      done.input.map((item) =>
        "type" in item ? `${item.type} ${"call_id" in item ? item.call_id : ""}`.trim() : "message",
      ),
    ).toEqual([
      "message",
      "reasoning",
      "function_call call_read",
      "function_call call_delete",
      "function_call call_append",
      "function_call_output call_read",
      "function_call_output call_delete",
      "function_call_output call_append",
      "message",
    ]);
    expect(first.notes.ran.map(([tool]) => tool)).toEqual(["read_note"]);
    expect(notes.ran.map(([tool]) => tool)).toEqual(["append_note"]);
  });

  it("after resuming, a call id answered before the pause is answered already: not run, answered once", async () => {
    const { paused } = await pausedRun();
    const state = await storedAndReadBack<OpenAI.Responses.ResponseInputItem>(paused.state);
    const { notes } = await freshProcess();
    // The model's next turn reuses call_read, which was run and answered before the pause.
    const turns = [
      responsesResponse([["call_read", "notes__read_note", { title: "todo" }]]),
      responsesResponse([], "Ok."),
    ];
    let turn = 0;
    const done = await resumeToolLoop(
      state,
      { call_delete: false, call_append: false },
      {
        model: () => turns[turn++]!,
        adapter: responses,
        servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      },
    );
    expect(done).toMatchObject({ stopReason: "completed", turns: 2 });
    expect(notes.ran).toEqual([]);
    const answers = done.input.filter((item) => "type" in item && item.type === "function_call_output");
    expect(answers.map((item) => ("call_id" in item ? item.call_id : ""))).toEqual([
      "call_read",
      "call_delete",
      "call_append",
    ]);
  });
});
