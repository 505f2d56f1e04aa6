import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import type { ResponsesAnswer } from "@x/openai-responses";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { chatCompletion, responsesResponse } from "./__fixtures__/model-responses";
import type { CallSpec } from "./__fixtures__/model-responses";
import { annotationPolicy } from "./annotation-policy";
import type { ApprovalRequest, ApproveFunction } from "./approve-calls";
import { executeToolCalls } from "./execute-tool-calls";
import type { ExecutorEvent } from "./hook-events";

let notes: NotesServer;
beforeEach(async () => {
  notes = await startNotesServer();
});
afterEach(() => notes.close());

const CALLS: CallSpec[] = [
  ["c1", "notes__read_note", { title: "todo" }],
  ["c2", "notes__delete_note", { title: "todo" }],
  ["c3", "notes__append_note", { title: "ideas", text: ", a kite" }],
];

function run(approve: ApproveFunction, calls: readonly CallSpec[] = CALLS) {
  const events: ExecutorEvent[] = [];
  const record = (event: ExecutorEvent): void => void events.push(event);
  const done = executeToolCalls(
    chatCompletion(calls),
    chat.tools(notes.toolset),
    { notes: notes.client },
    { approve, hooks: { "tool-call-denied": record, "tool-call-start": record } },
  );
  return done.then((result) => ({ ...result, events }));
}

describe("approve", () => {
  it("is asked about each call, one at a time in the model's order, with the call and its tool", async () => {
    const asked: ApprovalRequest[] = [];
    let open = 0;
    const { outputs } = await run(async (request) => {
      expect(open).toBe(0);
      open++;
      asked.push(request);
      await new Promise((resolve) => setImmediate(resolve));
      open--;
      return true;
    });
    expect(asked).toEqual([
      {
        callId: "c1",
        name: "notes__read_note",
        server: "notes",
        toolName: "read_note",
        arguments: { title: "todo" },
        index: 0,
        description: "Reads a note.",
        annotations: { readOnlyHint: true },
      },
      {
        callId: "c2",
        name: "notes__delete_note",
        server: "notes",
        toolName: "delete_note",
        arguments: { title: "todo" },
        index: 1,
        description: "Deletes a note.",
        annotations: { readOnlyHint: false, destructiveHint: true },
      },
      {
        callId: "c3",
        name: "notes__append_note",
        server: "notes",
        toolName: "append_note",
        arguments: { title: "ideas", text: ", a kite" },
        index: 2,
        description: "Appends to a note.",
      },
    ]);
    expect(outputs.map((o) => o.content)).toEqual(["buy milk", "Deleted todo.", "Appended to ideas."]);
  });

  it.each([
    ["false", false, 'Error: The user did not allow the call to the tool "notes__delete_note".', undefined],
    [
      "{ allow: false, reason }",
      { allow: false, reason: "never delete" },
      'Error: The user did not allow the call to the tool "notes__delete_note": never delete',
      "never delete",
    ],
    [
      "{ allow: false } as a promise",
      Promise.resolve({ allow: false }),
      'Error: The user did not allow the call to the tool "notes__delete_note".',
      undefined,
    ],
  ])(
    "denies a call answered %s: not run, answered with a denied error, and a tool-call-denied event",
    async (_name, answer, text, reason) => {
      const { outputs, outcomes, events } = await run((request) =>
        request.toolName === "delete_note" ? answer : true,
      );
      expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "append_note"]);
      expect(notes.notes.get("todo")).toBe("buy milk");
      expect(outputs.map((o) => [o.tool_call_id, o.content])).toEqual([
        ["c1", "buy milk"],
        ["c2", text],
        ["c3", "Appended to ideas."],
      ]);
      expect(outcomes.map((o) => [o.kind, o.outcome instanceof Error ? o.outcome.code : "result"])).toEqual([
        ["call", "result"],
        ["denied", "denied"],
        ["call", "result"],
      ]);
      const denied = events.filter((event) => event.type === "tool-call-denied");
      expect(denied).toEqual([
        expect.objectContaining({
          type: "tool-call-denied",
          callId: "c2",
          index: 1,
          name: "notes__delete_note",
          server: "notes",
          toolName: "delete_note",
          error: outcomes[1]?.outcome,
        }),
      ]);
      expect(denied[0]).toEqual(
        reason === undefined
          ? expect.not.objectContaining({ reason: expect.anything() as unknown })
          : expect.objectContaining({ reason }),
      );
      expect(
        events.filter((event) => event.type === "tool-call-start").map((event) => "callId" in event && event.callId),
      ).toEqual(["c1", "c3"]);
    },
  );

  it.each([
    [
      "throws",
      (): never => {
        throw new Error("policy store down");
      },
      "policy store down",
    ],
    ["rejects", () => Promise.reject(new Error("timeout asking")), "timeout asking"],
    ["answers something else", () => "yes" as unknown as boolean, 'it answered "yes"'],
  ])(
    "denies the one call whose approve %s, with the error in the event; the others run",
    async (_name, failing, message) => {
      const { outputs, events } = await run((request) => (request.callId === "c2" ? failing() : true));
      expect(outputs.map((o) => o.content)).toEqual([
        "buy milk",
        'Error: The user did not allow the call to the tool "notes__delete_note": the approval check failed.',
        "Appended to ideas.",
      ]);
      const denied = events.find((event) => event.type === "tool-call-denied");
      expect(denied && "approvalError" in denied && denied.approvalError).toBeInstanceOf(Error);
      expect(String(denied && "approvalError" in denied ? (denied.approvalError as Error).message : "")).toContain(
        message,
      );
      expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "append_note"]);
    },
  );

  it("leaves a paused call unanswered and returns it in pending; the others are answered", async () => {
    const { outputs, pending } = await run((request) => (request.toolName === "read_note" ? true : "pause"));
    expect(outputs.map((o) => o.tool_call_id)).toEqual(["c1"]);
    expect(pending?.map((call) => [call.callId, call.arguments])).toEqual([
      ["c2", { title: "todo" }],
      ["c3", { title: "ideas", text: ", a kite" }],
    ]);
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note"]);
  });

  it("is not asked about rejected calls, which are answered as ever", async () => {
    const asked: string[] = [];
    const { outputs, outcomes } = await run(
      (request) => {
        asked.push(request.callId);
        return false;
      },
      [["c0", "notes__nope", {}], ...CALLS.slice(0, 1)],
    );
    expect(asked).toEqual(["c1"]);
    expect(outcomes.map((o) => [o.callId, o.kind])).toEqual([
      ["c0", "rejected"],
      ["c1", "denied"],
    ]);
    expect(outputs.map((o) => o.tool_call_id)).toEqual(["c0", "c1"]);
  });

  it("works with the Responses adapter", async () => {
    const { outputs, pending } = await executeToolCalls(
      responsesResponse(CALLS),
      responses.tools(notes.toolset),
      { notes: notes.client },
      { approve: (request) => (request.toolName === "delete_note" ? { allow: false, reason: "no" } : true) },
    );
    expect(outputs.map((o: ResponsesAnswer) => [o.type, "call_id" in o ? o.call_id : o.id])).toEqual([
      ["function_call_output", "c1"],
      ["function_call_output", "c2"],
      ["function_call_output", "c3"],
    ]);
    expect(pending).toEqual([]);
  });

  it("stops asking once the signal aborts: the call waiting for an answer is answered aborted, never run", async () => {
    const controller = new AbortController();
    const { outputs, outcomes } = await executeToolCalls(
      chatCompletion(CALLS),
      chat.tools(notes.toolset),
      { notes: notes.client },
      {
        signal: controller.signal,
        approve: (request) => {
          if (request.callId === "c1") return true;
          setImmediate(() => controller.abort());
          return new Promise<boolean>(() => {});
        },
      },
    );
    expect(outcomes.map((o) => [o.callId, o.outcome instanceof Error ? o.outcome.code : "result"])).toEqual([
      ["c1", "aborted"],
      ["c2", "aborted"],
      ["c3", "aborted"],
    ]);
    expect(outputs).toHaveLength(3);
    expect(notes.ran).toEqual([]);
  });

  it("is checked with the other options", async () => {
    await expect(
      executeToolCalls(
        chatCompletion(CALLS),
        chat.tools(notes.toolset),
        { notes: notes.client },
        { approve: "yes" as unknown as ApproveFunction },
      ),
    ).rejects.toThrow(/The option approve must be a function/);
  });
});

describe("annotationPolicy", () => {
  it("runs read-only tools and pauses on the others by default", async () => {
    const { outputs, pending } = await run(annotationPolicy());
    expect(outputs.map((o) => o.tool_call_id)).toEqual(["c1"]);
    expect(pending?.map((call) => call.toolName)).toEqual(["delete_note", "append_note"]);
  });

  it("asks `ask` about destructive and unannotated tools", async () => {
    const asked: string[] = [];
    const { outputs } = await run(
      annotationPolicy({
        ask: (request) => {
          asked.push(request.toolName);
          return request.annotations?.destructiveHint !== true;
        },
      }),
    );
    expect(asked).toEqual(["delete_note", "append_note"]);
    expect(outputs.map((o) => o.content)).toEqual([
      "buy milk",
      'Error: The user did not allow the call to the tool "notes__delete_note".',
      "Appended to ideas.",
    ]);
  });
});
