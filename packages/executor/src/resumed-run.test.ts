// A resumed run is the paused run going on: its usage is carried (the
// stand-in reports 110 tokens per response), `stopWhen` is checked on the
// resumed turn as on any other, and a `claim` backed by an exclusive file
// create lets each paused state run once. Real parts: the official openai
// client over HTTP to a stand-in of both APIs, a real MCP server per process.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isToolError } from "@x/toolset";
import type { OpenAiServer } from "@x/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { annotationPolicy } from "./annotation-policy";
import { answeredIdsOf, openaiAt, resumeNotes, runNotes } from "./__fixtures__/notes-loop";
import type { Api, NotesLoopExtras } from "./__fixtures__/notes-loop";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { startNotesTurnsApi, TURN_USAGE } from "./__fixtures__/notes-turns-api";
import { chatViolations, responsesViolations } from "./__fixtures__/transcript-rules";
import type { FinishedTurn } from "./stop-when";
import { usageAtLeast } from "./stop-when";

let api: OpenAiServer;
let servers: NotesServer[];
let folder: string;
beforeEach(async () => {
  api = await startNotesTurnsApi();
  servers = [];
  folder = await mkdtemp(join(tmpdir(), "x-resumed-"));
});
afterEach(async () => {
  for (const server of servers) await server.close();
  await api.close();
  await rm(folder, { recursive: true, force: true });
});

async function freshNotes(): Promise<NotesServer> {
  const notes = await startNotesServer();
  servers.push(notes);
  return notes;
}

const usageOf = (turns: number) => ({
  inputTokens: TURN_USAGE.inputTokens * turns,
  outputTokens: TURN_USAGE.outputTokens * turns,
  totalTokens: TURN_USAGE.totalTokens * turns,
});

/** A run paused at turn 2 (delete and append wait), as its state reads back from JSON. */
async function pausedState(which: Api): Promise<unknown> {
  const paused = await runNotes(which, openaiAt(api.baseURL), await freshNotes(), { approve: annotationPolicy() });
  expect(paused).toMatchObject({ stopReason: "needs-approval", turns: 2, usage: usageOf(2) });
  expect(paused.state?.usage).toEqual(usageOf(2));
  return JSON.parse(JSON.stringify(paused.state));
}

/** Resumes in a "new process": fresh MCP server and openai client; both pending calls allowed. */
async function resume(which: Api, state: unknown, extras: NotesLoopExtras = {}) {
  const notes = await freshNotes();
  const result = await resumeNotes(
    which,
    state,
    { call_delete: true, call_append: true },
    { openai: openaiAt(api.baseURL), notes, extras },
  );
  return { result, notes };
}

const violations = (which: Api, transcript: object[]): string[] =>
  which === "chat" ? chatViolations(transcript as never[]) : responsesViolations(transcript);

describe.each<Api>(["chat", "responses"])("%s: a resumed run", (which) => {
  it("carries the usage of the turns before the pause: usageAtLeast counts them", async () => {
    const state = await pausedState(which);
    // Three responses reach 330 tokens only when the two before the pause are counted.
    const { result, notes } = await resume(which, state, {
      stopWhen: usageAtLeast({ totalTokens: 3 * TURN_USAGE.totalTokens }),
    });
    expect(result).toMatchObject({ stopReason: "stop-when", stoppedBy: "usage", turns: 3, usage: usageOf(3) });
    expect(notes.ran.map(([tool]) => tool)).toEqual(["delete_note", "append_note", "read_note"]);
    expect(api.exchanges).toHaveLength(3);
    expect(violations(which, result.input)).toEqual([]);
  });

  it("without a stop condition, ends with the usage of every response of the run", async () => {
    const { result } = await resume(which, await pausedState(which));
    expect(result).toMatchObject({ stopReason: "completed", turns: 4, usage: usageOf(4) });
  });

  it("checks stopWhen on the resumed turn: no model call after it, its calls answered", async () => {
    const state = await pausedState(which);
    const { result } = await resume(which, state, {
      stopWhen: usageAtLeast({ totalTokens: 2 * TURN_USAGE.totalTokens }),
    });
    expect(result).toMatchObject({ stopReason: "stop-when", stoppedBy: "usage", turns: 2, usage: usageOf(2) });
    expect(api.exchanges).toHaveLength(2);
    expect(answeredIdsOf(result.input)).toEqual(["call_first", "call_read", "call_delete", "call_append"]);
    expect(violations(which, result.input)).toEqual([]);
  });

  it("checks a plain function as stopWhen on the resumed turn, named by its name", async () => {
    const seen: FinishedTurn[] = [];
    const state = await pausedState(which);
    const { result } = await resume(which, state, {
      stopWhen: function appended(turn: FinishedTurn): boolean {
        seen.push(turn);
        return turn.outcomes.some((outcome) => outcome.kind === "call" && outcome.call.toolName === "append_note");
      },
    });
    expect(result).toMatchObject({ stopReason: "stop-when", stoppedBy: "appended", turns: 2 });
    expect(seen.map((turn) => [turn.turn, turn.usage.totalTokens, turn.outcomes.map((o) => o.callId)])).toEqual([
      [2, 2 * TURN_USAGE.totalTokens, ["call_delete", "call_append"]],
    ]);
    expect(api.exchanges).toHaveLength(2);
  });

  it("with a claim (an exclusive file create), runs once: a second resume is refused and runs nothing", async () => {
    const claim = (id: string): Promise<boolean> =>
      writeFile(join(folder, `claim-${id}`), "", { flag: "wx" }).then(
        () => true,
        () => false,
      );
    const state = await pausedState(which);

    // A changed state is refused before it is claimed: the claim stays free for the real one.
    const changed = JSON.parse(JSON.stringify(state)) as { pending: { arguments: unknown }[] };
    changed.pending[0]!.arguments = { title: "ideas" };
    await expect(resume(which, changed, { claim })).rejects.toSatisfy(
      (error) => isToolError(error) && error.code === "invalid-options",
    );
    expect(await readdir(folder)).toEqual([]);

    const first = await resume(which, state, { claim });
    expect(first.result).toMatchObject({ stopReason: "completed", turns: 4 });
    expect(first.notes.ran.map(([tool]) => tool)).toEqual(["delete_note", "append_note", "read_note"]);
    expect(api.exchanges).toHaveLength(4);

    const notes = await freshNotes();
    await expect(
      resumeNotes(
        which,
        state,
        { call_delete: true, call_append: true },
        {
          openai: openaiAt(api.baseURL),
          notes,
          extras: { claim },
        },
      ),
    ).rejects.toMatchObject({
      name: "ToolError",
      code: "already-resumed",
      message: expect.stringContaining((state as { id: string }).id) as string,
    });
    expect(notes.ran).toEqual([]);
    expect(api.exchanges).toHaveLength(4);
    expect(await readdir(folder)).toEqual([`claim-${(state as { id: string }).id}`]);
  });
});

describe("claim", () => {
  it("that throws or rejects refuses the resume (already-resumed), and nothing runs", async () => {
    const state = await pausedState("chat");
    for (const claim of [
      (): boolean => {
        throw new Error("the store is down");
      },
      (): Promise<boolean> => Promise.reject(new Error("the store is down")),
    ]) {
      const notes = await freshNotes();
      await expect(
        resumeNotes(
          "chat",
          state,
          { call_delete: true, call_append: true },
          {
            openai: openaiAt(api.baseURL),
            notes,
            extras: { claim },
          },
        ),
      ).rejects.toMatchObject({ name: "ToolError", code: "already-resumed" });
      expect(notes.ran).toEqual([]);
    }
    expect(api.exchanges).toHaveLength(2);
  });
});
