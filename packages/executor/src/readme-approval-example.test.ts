// The approval and streaming examples of the guides (docs/approvals.md, docs/streaming.md), run for
// real: the official openai client over HTTP to the notebook stand-in (which refuses, as OpenAI does, a
// conversation with an unanswered call), and a real MCP server.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { continueRun, startRun } from "./__fixtures__/approval-example";
import { startNotesApi } from "./__fixtures__/notes-api";
import type { NotesApi } from "./__fixtures__/notes-api";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { streamAnswer } from "./__fixtures__/streaming-example";

const guide = (name: string): string => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), "utf8");
const example = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), "utf8");

let api: NotesApi;
let notes: NotesServer;
let folder: string;
beforeEach(async () => {
  api = await startNotesApi();
  notes = await startNotesServer();
  folder = await mkdtemp(join(tmpdir(), "x-readme-"));
});
afterEach(async () => {
  await api.close();
  await notes.close();
  await rm(folder, { recursive: true, force: true });
});

describe("the approvals guide's example", () => {
  it("is the code the guide shows", () => {
    expect(guide("approvals.md")).toContain(`\`\`\`ts\n${example("approval-example.ts")}\`\`\``);
  });

  it("pauses on the destructive and unannotated calls, and resumes with the person's decisions", async () => {
    const openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
    const file = join(folder, "run.json");
    const agent = { openai, toolset: notes.toolset, notes: notes.client, file };
    const waiting = await startRun("Tidy my notes.", agent);
    expect(waiting).toBe(
      'call_delete: notes__delete_note {"title":"todo"}\ncall_append: notes__append_note {"title":"ideas","text":", ' +
        'a kite"}',
    );
    const answer = await continueRun({ call_delete: { allow: false, reason: "keep it" }, call_append: true }, agent);
    expect(answer).toBe(
      'Done: buy milk | Error: The user did not allow the call to the tool "notes__delete_note": keep it | Appended ' +
        "to ideas.",
    );
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "append_note"]);
  });

  it("resumes a paused run once: a second resume of the same state is refused before anything runs", async () => {
    const openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
    const agent = { openai, toolset: notes.toolset, notes: notes.client, file: join(folder, "run.json") };
    await startRun("Tidy my notes.", agent);
    await continueRun({ call_delete: true, call_append: true }, agent);
    await expect(continueRun({ call_delete: true, call_append: true }, agent)).rejects.toMatchObject({
      code: "already-resumed",
    });
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "delete_note", "append_note"]);
  });
});

describe("the streaming guide's example", () => {
  it("is the code the guide shows", () => {
    expect(guide("streaming.md")).toContain(`\`\`\`ts\n${example("streaming-example.ts")}\`\`\``);
  });

  it("writes the text as it streams in and returns the answer", async () => {
    const openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
    let written = "";
    const answer = await streamAnswer(
      "Tidy my notes.",
      { openai, toolset: notes.toolset, notes: notes.client },
      (text) => (written += text),
    );
    expect(answer).toBe("Done: buy milk | Deleted todo. | Appended to ideas.");
    expect(written).toBe(answer);
  });
});
