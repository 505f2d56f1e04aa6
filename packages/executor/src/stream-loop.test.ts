import { adapter as chat, collectStream as collectChat } from "@x/openai-chat";
import { adapter as responses, collectStream as collectResponse } from "@x/openai-responses";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { startNotesApi } from "./__fixtures__/notes-api";
import type { NotesApi } from "./__fixtures__/notes-api";
import { startNotesServer } from "./__fixtures__/notes-server";
import type { NotesServer } from "./__fixtures__/notes-server";
import type { ModelDeltaEvent } from "./hook-events";
import { runToolLoop } from "./run-tool-loop";

// A streaming loop over real HTTP: the stand-in streams server-sent events,
// the official openai client reads them, the adapter's collectStream turns
// them into the response, and each delta reaches the model-delta hook.
let api: NotesApi;
let notes: NotesServer;
afterEach(async () => {
  await api.close();
  await notes.close();
});

async function start(options: { hangMidStream?: boolean } = {}) {
  api = await startNotesApi(options);
  notes = await startNotesServer();
  return new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
}

const describeDeltas = (events: readonly ModelDeltaEvent[]): string[] =>
  events.map(
    ({ turn, delta }) => `${turn} ${delta.type === "text" ? `text ${delta.delta}` : `${delta.callId} ${delta.delta}`}`,
  );

describe("runToolLoop with a streamed model", () => {
  it("Chat Completions: collects each turn's stream, forwards its deltas, runs the calls", async () => {
    const openai = await start();
    const deltas: ModelDeltaEvent[] = [];
    const result = await runToolLoop({
      model: async (messages, tools, { signal, onDelta }) =>
        collectChat(
          await openai.chat.completions.create({ model: "gpt-test", messages, tools, stream: true }, { signal }),
          { signal, onDelta },
        ),
      adapter: chat,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      input: [{ role: "user", content: "Tidy my notes." }] as OpenAI.ChatCompletionMessageParam[],
      hooks: { "model-delta": (event) => void deltas.push(event) },
    });
    expect(result.stopReason).toBe("completed");
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "delete_note", "append_note"]);
    expect(describeDeltas(deltas)).toEqual([
      '1 call_read {"title"',
      '1 call_read :"todo"}',
      '1 call_delete {"title"',
      '1 call_delete :"todo"}',
      '1 call_append {"title":"ideas","',
      '1 call_append text":", a kite"}',
      "2 text Done: buy milk | Deleted t",
      "2 text odo. | Appended to ideas.",
    ]);
    expect(result.response?.choices[0]?.message.content).toBe("Done: buy milk | Deleted todo. | Appended to ideas.");
  });

  it("Responses: collects each turn's stream, forwards its deltas, runs the calls", async () => {
    const openai = await start();
    const deltas: ModelDeltaEvent[] = [];
    const result = await runToolLoop({
      model: async (input, tools, { signal, onDelta }) =>
        collectResponse(await openai.responses.create({ model: "gpt-test", input, tools, stream: true }, { signal }), {
          signal,
          onDelta,
        }),
      adapter: responses,
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      input: [{ role: "user", content: "Tidy my notes." }] as OpenAI.Responses.ResponseInputItem[],
      hooks: { "model-delta": (event) => void deltas.push(event) },
    });
    expect(result.stopReason).toBe("completed");
    expect(notes.ran.map(([tool]) => tool)).toEqual(["read_note", "delete_note", "append_note"]);
    expect(describeDeltas(deltas)).toEqual([
      '1 call_read {"title":"todo"}',
      '1 call_delete {"title":"todo"}',
      '1 call_append {"title":"ideas","text":", a kite"}',
      "2 text Done: buy milk | Deleted todo. | Appended to ideas.",
    ]);
    expect(result.response?.output_text).toBe("Done: buy milk | Deleted todo. | Appended to ideas.");
  });

  it.each([
    ["Chat Completions", "chat"],
    ["Responses", "responses"],
  ] as const)("%s: aborting mid-stream stops as aborted, and nothing half-read runs", async (_name, which) => {
    const openai = await start({ hangMidStream: true });
    const controller = new AbortController();
    const input = [{ role: "user" as const, content: "Tidy my notes." }];
    const messages: OpenAI.ChatCompletionMessageParam[] = input;
    const items: OpenAI.Responses.ResponseInputItem[] = input;
    const common = {
      servers: { toolset: notes.toolset, clients: { notes: notes.client } },
      signal: controller.signal,
      hooks: { "model-delta": () => controller.abort() },
    };
    const result =
      which === "chat"
        ? await runToolLoop({
            ...common,
            model: async (messages, tools, { signal, onDelta }) =>
              collectChat(
                await openai.chat.completions.create({ model: "gpt-test", messages, tools, stream: true }, { signal }),
                { signal, onDelta },
              ),
            adapter: chat,
            input: messages,
          })
        : await runToolLoop({
            ...common,
            model: async (items, tools, { signal, onDelta }) =>
              collectResponse(
                await openai.responses.create({ model: "gpt-test", input: items, tools, stream: true }, { signal }),
                { signal, onDelta },
              ),
            adapter: responses,
            input: items,
          });
    expect(result.stopReason).toBe("aborted");
    expect(result.turns).toBe(0);
    expect(result.input).toEqual(input);
    expect(notes.ran).toEqual([]);
  });
});
