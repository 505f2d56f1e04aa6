import { adapter as chat, allowedTools } from "@x/openai-chat";
import { adapter as responses, allowedTools as responsesAllowedTools } from "@x/openai-responses";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startNotesApi } from "./__fixtures__/notes-api";
import type { NotesApi } from "./__fixtures__/notes-api";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import { runToolLoop } from "./run-tool-loop";
import { toolCalled, usageAtLeast } from "./stop-when";
import type { StopCondition } from "./stop-when";

// Per-turn tools and stop conditions over real HTTP: the official openai
// client, the notebook stand-in (its first turn calls all three tools) and a
// real MCP server.
let api: NotesApi;
let notes: NotesServer;
let openai: OpenAI;
beforeEach(async () => {
  api = await startNotesApi();
  notes = await startNotesServer();
  openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
});
afterEach(async () => {
  await api.close();
  await notes.close();
});

const input: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Tidy my notes." }];
const sentTools = (n: number): unknown[] =>
  ((api.requests[n]?.body.tools ?? []) as { function?: { name: string }; name?: string }[]).map(
    (tool) => tool.function?.name ?? tool.name,
  );
const contents = (messages: readonly OpenAI.ChatCompletionMessageParam[]): unknown[] =>
  messages.filter((message) => message.role === "tool").map((message) => message.content);

describe("activeTools", () => {
  it("sends only the turn's tools, and answers a call to another as an unknown tool", async () => {
    const turns: number[] = [];
    const result = await runToolLoop({
      model: (messages, tools) => openai.chat.completions.create({ model: "gpt-test", messages, tools }),
      adapter: chat,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      input,
      activeTools: ({ turn, transcript }) => {
        turns.push(turn);
        expect(transcript.length).toBe(turn === 1 ? 1 : 5);
        return turn === 1 ? ["notes__read_note"] : undefined;
      },
    });
    expect(turns).toEqual([1, 2]);
    expect(sentTools(0)).toEqual(["notes__read_note"]);
    expect(sentTools(1)).toEqual(["notes__append_note", "notes__delete_note", "notes__read_note"]);
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note"]);
    expect(contents(result.input)).toEqual([
      "buy milk",
      'Error: There is no tool named "notes__delete_note". Available tools: notes__read_note.',
      'Error: There is no tool named "notes__append_note". Available tools: notes__read_note.',
    ]);
  });
});

describe("allowedTools", () => {
  it("Chat Completions: sends every tool, names the allowed ones for tool_choice, and runs only those", async () => {
    const result = await runToolLoop({
      model: (messages, tools, context) =>
        openai.chat.completions.create({
          model: "gpt-test",
          messages,
          tools,
          ...(context.allowedTools === undefined ? {} : { tool_choice: allowedTools(context.allowedTools) }),
        }),
      adapter: chat,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      input,
      allowedTools: ["notes__read_note", "notes__append_note"],
    });
    expect(sentTools(0)).toEqual(["notes__append_note", "notes__delete_note", "notes__read_note"]);
    expect(api.requests[0]?.body.tool_choice).toEqual({
      type: "allowed_tools",
      allowed_tools: {
        mode: "auto",
        tools: [
          { type: "function", function: { name: "notes__read_note" } },
          { type: "function", function: { name: "notes__append_note" } },
        ],
      },
    });
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "append_note"]);
    expect(contents(result.input)[1]).toBe(
      'Error: There is no tool named "notes__delete_note". Available tools: notes__append_note, notes__read_note.',
    );
  });

  it("Responses: the same with the Responses allowed_tools shape", async () => {
    const items: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Tidy my notes." }];
    await runToolLoop({
      model: (transcript, tools, context) =>
        openai.responses.create({
          model: "gpt-test",
          input: transcript,
          tools,
          ...(context.allowedTools === undefined ? {} : { tool_choice: responsesAllowedTools(context.allowedTools) }),
        }),
      adapter: responses,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      input: items,
      allowedTools: () => ["notes__read_note"],
    });
    expect(api.requests[0]?.body.tool_choice).toEqual({
      type: "allowed_tools",
      mode: "auto",
      tools: [{ type: "function", name: "notes__read_note" }],
    });
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note"]);
  });
});

describe("stopWhen", () => {
  const run = (stopWhen: StopCondition | StopCondition[]) =>
    runToolLoop({
      model: (messages, tools) => openai.chat.completions.create({ model: "gpt-test", messages, tools }),
      adapter: chat,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      input,
      stopWhen,
    });

  it("stops once a given tool was called, with the turn's calls answered", async () => {
    const result = await run(toolCalled("notes__delete_note"));
    expect([result.stopReason, result.stoppedBy, result.turns]).toEqual([
      "stop-when",
      "tool-called:notes__delete_note",
      1,
    ]);
    expect(contents(result.input)).toHaveLength(3);
    expect(api.requests).toHaveLength(1);
  });

  it("stops once the responses' usage reaches a budget, and says which condition", async () => {
    const result = await run([toolCalled("notes__nothing"), usageAtLeast({ totalTokens: 15 })]);
    expect([result.stopReason, result.stoppedBy, result.turns]).toEqual(["stop-when", "usage", 1]);
  });

  it("lets the run complete when no condition is met", async () => {
    const result = await run([toolCalled("notes__nothing"), usageAtLeast({ totalTokens: 1_000 })]);
    expect([result.stopReason, result.stoppedBy, result.turns]).toEqual(["completed", undefined, 2]);
  });
});
