// A paused run's state waits in someone's store: it is data, and resuming a
// state that was changed must never run what the model did not issue, nor
// hand the model a transcript with a call answered twice or not at all. Each
// case pauses a real run (the official openai client over HTTP to a stand-in
// that refuses a broken transcript, a real MCP server), changes the state as
// read back from JSON, and resumes it with fresh clients, allowing every
// pending call: it must be refused (`invalid-options`, naming the first thing
// that disagrees) before the server receives any call or the model any
// request.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenAiServer } from "@x/testing";
import { annotationPolicy } from "./annotation-policy";
import { answeredIdsOf, openaiAt, resumeNotes, runNotes } from "./__fixtures__/notes-loop";
import type { Api, NotesLoopExtras } from "./__fixtures__/notes-loop";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { startNotesTurnsApi } from "./__fixtures__/notes-turns-api";
import { chatViolations, responsesViolations } from "./__fixtures__/transcript-rules";

type Entry = { [key: string]: unknown };

/** A paused state as read back from JSON, loosely typed so that a test can change anything in it. */
interface StateJson {
  transcript: Entry[];
  pending: Entry[];
  answered: { callId: string; index: number; output: Entry }[];
  responseItems: number;
  conversation?: { previousResponseId: string; seen: number };
}

let api: OpenAiServer;
let servers: NotesServer[];
beforeEach(async () => {
  api = await startNotesTurnsApi();
  servers = [];
});
afterEach(async () => {
  for (const server of servers) await server.close();
  await api.close();
});

async function freshNotes(): Promise<NotesServer> {
  const notes = await startNotesServer();
  servers.push(notes);
  return notes;
}

/**
 * A run paused at turn 2: turn 1's read ran; of turn 2's calls, the read
 * ran (answered) and the delete and append wait (pending). Returned as read
 * back from JSON.
 */
async function pausedState(which: Api, conversation?: "previous-response"): Promise<StateJson> {
  const notes = await freshNotes();
  const paused = await runNotes(which, openaiAt(api.baseURL), notes, {
    approve: annotationPolicy(),
    ...(conversation === undefined ? {} : { conversation }),
  });
  expect(paused).toMatchObject({ stopReason: "needs-approval", turns: 2 });
  expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "read_note"]);
  const state = JSON.parse(JSON.stringify(paused.state)) as StateJson;
  expect(state.pending.map((call) => call.callId)).toEqual(["call_delete", "call_append"]);
  expect(state.answered.map((answer) => answer.callId)).toEqual(["call_read"]);
  return state;
}

/** Resumes `state` with fresh clients, allowing every call it says is pending. */
async function resumeAllowingAll(which: Api, state: StateJson, notes: NotesServer, extras: NotesLoopExtras = {}) {
  const decisions = Object.fromEntries(state.pending.map((call) => [String(call.callId), true]));
  return resumeNotes(which, state, decisions, { openai: openaiAt(api.baseURL), notes, extras });
}

// What the tables change, in each API's shape.
const answerItem = (which: Api, callId: string, text: string): Entry =>
  which === "chat"
    ? { role: "tool", tool_call_id: callId, content: text }
    : { type: "function_call_output", call_id: callId, output: text };

/** The entry of the transcript's paused response that holds `callId`'s arguments. */
function callEntry(which: Api, state: StateJson, callId: string): Entry {
  const window = state.transcript.slice(state.transcript.length - state.responseItems);
  const found =
    which === "chat"
      ? window.flatMap((message) => (message.tool_calls ?? []) as Entry[]).find((call) => call.id === callId)?.function
      : window.find((item) => item.type === "function_call" && item.call_id === callId);
  if (found === undefined) throw new Error(`no call ${callId} in the paused response`);
  return found as Entry;
}

/** Where the transcript answers `callId` (an earlier turn's call). */
const answerIndex = (state: StateJson, callId: string): number =>
  state.transcript.findIndex((item) => item.tool_call_id === callId || (item.call_id === callId && "output" in item));

const READ_CALL: Entry = {
  callId: "call_read",
  index: 0,
  name: "notes__read_note",
  server: "notes",
  toolName: "read_note",
  arguments: { title: "todo" },
};

type Tamper = (state: StateJson, which: Api) => void;

// What `resumeToolLoop` is given, changed: pending calls the model did not issue, or a state that disagrees with its
// transcript.
const TAMPERED_CALLS: [string, Tamper, RegExp][] = [
  [
    "pending[0].arguments changed",
    (state) => void (state.pending[0]!.arguments = { title: "ideas" }),
    /the pending call "call_delete" is not the call the paused response issued/,
  ],
  [
    "a pending call added",
    (state) => void state.pending.push({ ...state.pending[0], callId: "call_evil", index: 3 }),
    /pending holds "call_evil", which the paused response did not issue/,
  ],
  [
    "two pending calls' names swapped",
    (state) => {
      const [a, b] = state.pending as [Entry, Entry];
      [a.name, b.name, a.toolName, b.toolName] = [b.name, a.name, b.toolName, a.toolName];
    },
    /the pending call "call_delete" is not the call the paused response issued/,
  ],
  [
    "a call id of an earlier turn reused as pending",
    (state) => void (state.pending[0]!.callId = "call_first"),
    /pending holds "call_first", which the paused response did not issue/,
  ],
  [
    "a pending call dropped",
    (state) => void state.pending.pop(),
    /the paused response's call "call_append" is neither answered nor pending/,
  ],
  [
    "a pending call duplicated",
    (state) => void state.pending.splice(1, 0, { ...state.pending[0] }),
    /the call id "call_delete" occurs twice \(pending\)/,
  ],
  [
    "an answered call copied into pending",
    (state) => void state.pending.unshift(READ_CALL),
    /the call id "call_read" occurs twice \(pending\)/,
  ],
  [
    "the transcript's paused response given other arguments than pending",
    (state, which) => void (callEntry(which, state, "call_delete").arguments = '{"title":"ideas"}'),
    /the pending call "call_delete" is not the call the paused response issued/,
  ],
];

// Changes after which a resumed run would answer a call id twice, or leave one unanswered.
const TAMPERED_ANSWERS: [string, Tamper, RegExp][] = [
  [
    "an answer given twice in answered",
    (state) => void state.answered.push({ ...state.answered[0]! }),
    /the call id "call_read" occurs twice \(answered\)/,
  ],
  [
    "an answer dropped from answered",
    (state) => void (state.answered = []),
    /the paused response's call "call_read" is neither answered nor pending/,
  ],
  [
    "an answer in answered whose item answers another call",
    (state, which) => void (state.answered[0]!.output = answerItem(which, "call_delete", "buy milk")),
    /would not be whole: .*"call_delete"/,
  ],
  [
    "an answer of an earlier turn's call in answered",
    (state, which) =>
      void (state.answered[0] = { callId: "call_first", index: 0, output: answerItem(which, "call_first", "x") }),
    /answered holds "call_first", which the paused response did not issue/,
  ],
  [
    "an answer to a pending call added to the transcript after the paused response",
    (state, which) => {
      state.transcript.push(answerItem(which, "call_delete", "Deleted todo."));
      state.responseItems += 1;
    },
    /"call_delete"/,
  ],
  [
    "an earlier turn's answer removed from the transcript",
    (state) => void state.transcript.splice(answerIndex(state, "call_first"), 1),
    /"call_first"/,
  ],
];

const APIS: readonly Api[] = ["chat", "responses"];
const table = (rows: [string, Tamper, RegExp][]): [Api, string, Tamper, RegExp][] =>
  APIS.flatMap((which) =>
    rows.map(([name, tamper, message]): [Api, string, Tamper, RegExp] => [which, name, tamper, message]),
  );

describe("resuming a paused state that was changed", () => {
  it.each(APIS)("%s: the unchanged state resumes, and every call id is answered once (the control)", async (which) => {
    const state = await pausedState(which);
    const notes = await freshNotes();
    const done = await resumeAllowingAll(which, state, notes);
    expect(done).toMatchObject({ stopReason: "completed", turns: 4 });
    expect(notes.ran).toEqual([
      ["delete_note", { title: "todo" }],
      ["append_note", { title: "ideas", text: ", a kite" }],
      ["read_note", { title: "ideas" }],
    ]);
    expect(answeredIdsOf(done.input)).toEqual(["call_first", "call_read", "call_delete", "call_append", "call_last"]);
    expect(which === "chat" ? chatViolations(done.input as never[]) : responsesViolations(done.input)).toEqual([]);
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200, 200]);
  });

  it.each(table(TAMPERED_CALLS))(
    "%s: %s is refused, naming it, and nothing runs",
    async (which, _name, tamper, message) => {
      const state = await pausedState(which);
      tamper(state, which);
      const notes = await freshNotes();
      await expect(resumeAllowingAll(which, state, notes)).rejects.toMatchObject({
        name: "ToolError",
        code: "invalid-options",
        message: expect.stringMatching(message) as string,
      });
      expect(notes.ran).toEqual([]);
      expect(api.exchanges).toHaveLength(2);
    },
  );

  // Widened over a whole earlier turn, the window holds no call the model did not issue and no answer out of place:
  // Chat reads the earlier assistant message as part of the paused response and refuses the state; Responses
  // sees them answered in the window, so the run goes on exactly as the unchanged state's would.
  it.each(APIS)(
    "%s: responseItems widened over a whole earlier turn runs nothing the model did not issue",
    async (which) => {
      const state = await pausedState(which);
      state.responseItems += which === "chat" ? 2 : 3;
      const notes = await freshNotes();
      if (which === "chat") {
        await expect(resumeAllowingAll(which, state, notes)).rejects.toThrow(/cannot be resumed/);
        expect(notes.ran).toEqual([]);
        return;
      }
      const done = await resumeAllowingAll(which, state, notes);
      expect(done).toMatchObject({ stopReason: "completed", turns: 4 });
      expect(answeredIdsOf(done.input)).toEqual(["call_first", "call_read", "call_delete", "call_append", "call_last"]);
      expect(responsesViolations(done.input)).toEqual([]);
    },
  );

  it.each(table(TAMPERED_ANSWERS))(
    "%s: %s is refused before a call id could be answered twice or not at all",
    async (which, _name, tamper, message) => {
      const state = await pausedState(which);
      tamper(state, which);
      const notes = await freshNotes();
      await expect(resumeAllowingAll(which, state, notes)).rejects.toMatchObject({
        name: "ToolError",
        code: "invalid-options",
        message: expect.stringMatching(message) as string,
      });
      expect(notes.ran).toEqual([]);
      expect(api.exchanges).toHaveLength(2);
    },
  );

  it('responses, conversation "previous-response": a conversation point beyond the transcript is refused', async () => {
    const state = await pausedState("responses", "previous-response");
    expect(state.conversation).toEqual({ previousResponseId: "resp_2", seen: state.transcript.length });
    state.conversation!.seen = state.transcript.length + 3;
    const notes = await freshNotes();
    await expect(
      resumeAllowingAll("responses", state, notes, { conversation: "previous-response" }),
    ).rejects.toMatchObject({
      name: "ToolError",
      code: "invalid-options",
      message: expect.stringMatching(/conversation/) as string,
    });
    expect(notes.ran).toEqual([]);
    expect(api.exchanges).toHaveLength(2);
  });
});
