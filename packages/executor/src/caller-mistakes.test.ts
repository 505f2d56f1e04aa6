// A caller's mistake is refused before any work, saying what to do, where it
// would otherwise be ignored without a word: a model function that returns the stream
// itself, and options that moved (the loop's `toolset`, `clients`, `strict`;
// `executeToolCalls`' `adapter`, `nullPaths`, `toolSearch`, `output`). Real
// parts: the official openai client over HTTP to the notes stand-in (it
// streams when asked), a real MCP server that records every call it runs.
import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startNotesApi } from "./__fixtures__/notes-api";
import type { NotesApi } from "./__fixtures__/notes-api";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { annotationPolicy } from "./annotation-policy";
import { executeToolCalls } from "./execute-tool-calls";
import { resumeToolLoop } from "./resume-tool-loop";
import type { ToolLoopState } from "./loop-state";
import { runToolLoop } from "./run-tool-loop";

let api: NotesApi;
let notes: NotesServer;
let openai: OpenAI;
beforeEach(async () => {
  [api, notes] = await Promise.all([startNotesApi(), startNotesServer()]);
  openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
});
afterEach(async () => {
  await Promise.all([api.close(), notes.close()]);
});

const callerError = (message: RegExp) => ({
  name: "ToolError",
  code: "invalid-options",
  fault: "caller",
  message: expect.stringMatching(message) as string,
});

const servers = () => ({ toolset: notes.toolset, clients: { notes: notes.client } });

describe("a model function that returns a stream, not a response", () => {
  it("Chat Completions: create({ stream: true }) uncollected is refused, naming collectStream", async () => {
    const streaming = (messages: OpenAI.ChatCompletionMessageParam[], tools: OpenAI.ChatCompletionTool[]) =>
      openai.chat.completions.create({ model: "gpt-test", messages, tools, stream: true });
    const run = runToolLoop({
      // The types refuse it too; a JavaScript caller (or a cast) gets the error at run time.
      model: streaming as unknown as (
        messages: OpenAI.ChatCompletionMessageParam[],
        tools: OpenAI.ChatCompletionTool[],
      ) => Promise<OpenAI.ChatCompletion>,
      adapter: chat,
      servers: servers(),
      input: "Tidy my notes.",
    });
    await expect(run).rejects.toMatchObject(callerError(/returned a stream.*collectStream\(stream/));
    expect(api.requests.map((request) => request.body.stream)).toEqual([true]);
    expect(notes.ran).toEqual([]);
  });

  it("Responses: create({ stream: true }) uncollected is refused, naming collectStream", async () => {
    const streaming = (input: OpenAI.Responses.ResponseInputItem[], tools: OpenAI.Responses.Tool[]) =>
      openai.responses.create({ model: "gpt-test", input, tools, stream: true });
    const run = runToolLoop({
      model: streaming as unknown as (
        input: OpenAI.Responses.ResponseInputItem[],
        tools: OpenAI.Responses.Tool[],
      ) => Promise<OpenAI.Responses.Response>,
      adapter: responses,
      servers: servers(),
      input: "Tidy my notes.",
    });
    await expect(run).rejects.toMatchObject(callerError(/returned a stream.*collectStream\(stream/));
    expect(api.requests.map((request) => request.body.stream)).toEqual([true]);
    expect(notes.ran).toEqual([]);
  });
});

// An option that moved, its value, and what the refusal must say.
const MOVED_LOOP_OPTIONS: [string, () => unknown, RegExp][] = [
  ["toolset", () => notes.toolset, /has no option "toolset": pass servers: \{ toolset, clients \}/],
  ["clients", () => ({ notes: notes.client }), /has no option "clients": pass servers: \{ toolset, clients \}/],
  ["strict", () => true, /has no option "strict": pass it in tools: \{ strict \}/],
  ["strictOptions", () => ({ encode: false }), /has no option "strictOptions": pass it in tools: \{ strictOptions \}/],
  ["output", () => ({ structured: "prefer" }), /has no option "output": pass errorPrefix and structured in tools/],
];

describe("an option of the loop that moved", () => {
  const model = (messages: OpenAI.ChatCompletionMessageParam[], tools: OpenAI.ChatCompletionTool[]) =>
    openai.chat.completions.create({ model: "gpt-test", messages, tools });

  it.each(MOVED_LOOP_OPTIONS)(
    "runToolLoop refuses %s, saying where it went, before the model is called",
    async (name, value, message) => {
      const run = runToolLoop({ model, adapter: chat, servers: servers(), input: "Hi.", [name]: value() });
      await expect(run).rejects.toMatchObject(callerError(message));
      await expect(run).rejects.toThrow(/^runToolLoop has no option/);
      expect(api.requests).toEqual([]);
      expect(notes.ran).toEqual([]);
    },
  );

  it("runToolLoop refuses claim: only resumeToolLoop claims a paused run", async () => {
    const run = runToolLoop({ model, adapter: chat, servers: servers(), input: "Hi.", claim: () => true } as never);
    await expect(run).rejects.toMatchObject(callerError(/^runToolLoop has no option "claim"/));
    expect(api.requests).toEqual([]);
  });

  it("resumeToolLoop refuses a moved option in its own name, before anything runs", async () => {
    const state = {} as ToolLoopState<OpenAI.ChatCompletionMessageParam>;
    const run = resumeToolLoop(state, {}, { model, adapter: chat, servers: servers(), strict: true } as never);
    await expect(run).rejects.toMatchObject(callerError(/has no option "strict": pass it in tools: \{ strict \}/));
    await expect(run).rejects.toThrow(/^resumeToolLoop has no option "strict"/);
    expect(api.requests).toEqual([]);
  });

  it("resumeToolLoop refuses input (the state holds the transcript), before anything runs", async () => {
    const paused = await runToolLoop({
      model,
      adapter: chat,
      servers: servers(),
      input: "Tidy my notes.",
      approve: annotationPolicy(),
    });
    expect(paused.stopReason).toBe("needs-approval");
    const state = JSON.parse(JSON.stringify(paused.state)) as ToolLoopState<OpenAI.ChatCompletionMessageParam>;
    const run = resumeToolLoop(state, { call_delete: true, call_append: true }, {
      model,
      adapter: chat,
      servers: servers(),
      input: "Something else.",
    } as never);
    await expect(run).rejects.toMatchObject(callerError(/^resumeToolLoop has no option "input"/));
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note"]);
    expect(api.requests).toHaveLength(1);
  });
});

describe("an option of executeToolCalls that moved into the prepared tools", () => {
  it.each<[string, unknown, RegExp]>([
    ["adapter", chat, /has no option "adapter": the prepared tools carry their adapter: pass what adapter\.tools\(\)/],
    ["nullPaths", {}, /has no option "nullPaths": the prepared tools carry the plans/],
    ["toolSearch", {}, /has no option "toolSearch": the prepared tools carry the search index/],
    [
      "output",
      { structured: "prefer" },
      /has no option "output": pass errorPrefix and structured to adapter\.tools\(\)/,
    ],
  ])("{ %s } is refused, saying where it went, and no call runs", async (name, value, message) => {
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Tidy my notes." }];
    const prepared = chat.tools(notes.toolset);
    const completion = await openai.chat.completions.create({ model: "gpt-test", messages, tools: prepared.tools });
    expect(chat.readCalls(completion, prepared).calls).toHaveLength(3);
    await expect(
      executeToolCalls(completion, prepared, { notes: notes.client }, { [name]: value }),
    ).rejects.toMatchObject(callerError(message));
    // And with a bare toolset where the prepared tools go, the way `{ adapter }` would be used.
    await expect(
      executeToolCalls(completion, notes.toolset as never, { notes: notes.client }, { [name]: value }),
    ).rejects.toMatchObject(callerError(message));
    expect(notes.ran).toEqual([]);
  });
});
