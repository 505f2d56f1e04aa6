import type { StreamDelta } from "@x/toolset";
import OpenAI from "openai";
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { filesToolset } from "@x/testing";
import { startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer } from "@x/testing";
import { READ_ARGUMENTS, snapshot, STREAMED_EVENTS, STREAMED_OUTPUT } from "./__fixtures__/streamed-events";
import { collectStream, toolCalls } from "./index";
import { responseItems } from "./response-items";
import { tools } from "./tools";

async function* paced<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((resolve) => setImmediate(resolve));
    yield item;
  }
}

const completed: Response = { ...snapshot("completed", STREAMED_OUTPUT), output_text: "Reading both." };

describe("collectStream", () => {
  it("gives the response of response.completed, with output_text as the openai package adds it", async () => {
    const response = await collectStream(STREAMED_EVENTS);
    expect(response).toEqual(completed);
    expectTypeOf(response).toEqualTypeOf<Response>();
  });

  it("assembles the items from the events when the terminal event carries none", async () => {
    const events = [
      ...STREAMED_EVENTS.slice(0, -1),
      { type: "response.completed", sequence_number: 99, response: snapshot("completed", []) } as const,
    ];
    expect(await collectStream(events)).toEqual(completed);
  });

  it("assembles text and arguments from deltas alone, interleaved and split anywhere", async () => {
    // Without the .done events, only the deltas build the items.
    const deltasOnly = STREAMED_EVENTS.filter(
      (event) => !event.type.endsWith(".done") && event.type !== "response.completed",
    );
    const response = await collectStream(deltasOnly);
    const [, message, read, list] = response.output;
    expect(message).toMatchObject({ content: [{ type: "output_text", text: "Reading both." }] });
    expect(read).toMatchObject({ call_id: "call_read", arguments: READ_ARGUMENTS, status: "incomplete" });
    expect(list).toMatchObject({ call_id: "call_list", arguments: "{}", status: "incomplete" });
    expect(response.output_text).toBe("Reading both.");
  });

  it("is read by toolCalls and responseItems as a response is", async () => {
    const response = await collectStream(STREAMED_EVENTS);
    const { calls, rejected } = toolCalls(response, tools(filesToolset));
    expect(rejected).toEqual([]);
    expect(calls.map((call) => [call.callId, call.toolName, call.arguments])).toEqual([
      ["call_read", "read_file", { path: "/tmp/Zürich-😀.txt" }],
      ["call_list", "list_dir", {}],
    ]);
    expect(responseItems(response).map((item) => item.type)).toEqual([
      "reasoning",
      "message",
      "function_call",
      "function_call",
    ]);
  });

  it("takes an async iterable and passes on each delta as it arrives", async () => {
    const deltas: StreamDelta[] = [];
    await collectStream(paced(STREAMED_EVENTS), { onDelta: (delta) => deltas.push(delta) });
    const read = { type: "arguments", callId: "call_read", name: "files__read_file" } as const;
    const list = { type: "arguments", callId: "call_list", name: "files__list_dir" } as const;
    expect(deltas).toEqual([
      { type: "text", delta: "Reading " },
      { type: "text", delta: "both." },
      { ...read, delta: '{"pa' },
      { ...list, delta: "{" },
      { ...read, delta: 'th":"/tmp/Z\\u00' },
      { ...read, delta: "fcrich-\ud83d" },
      { ...list, delta: "}" },
      { ...read, delta: '\ude00.txt","encoding":null}' },
    ]);
  });

  it("marks a stream cut off before its end incomplete, and every unfinished call with it", async () => {
    const response = await collectStream(STREAMED_EVENTS.slice(0, 21));
    expect(response.status).toBe("incomplete");
    expect(response.id).toBe("resp_s1");
    expect(response.output.map((item) => [item.type, "status" in item ? item.status : undefined])).toEqual([
      ["reasoning", undefined],
      ["message", "completed"],
      ["function_call", "incomplete"],
      ["function_call", "completed"],
    ]);
    expect(response.output[2]).toMatchObject({ arguments: '{"path":"/tmp/Z\\u00fcrich-\ud83d' });
  });

  it("has toolCalls answer the unfinished calls of a cut-off stream, never run them", async () => {
    const response = await collectStream(STREAMED_EVENTS.slice(0, 21));
    const { calls, rejected } = toolCalls(response, tools(filesToolset));
    expect(calls.map((call) => call.callId)).toEqual(["call_list"]);
    expect(rejected.map(({ callId, error, output }) => [callId, error.code, output.type])).toEqual([
      ["call_read", "incomplete-call", "function_call_output"],
    ]);
    expect(
      responseItems(response)
        .filter((item) => item.type === "function_call")
        .map((item) => item.status),
    ).toEqual(["incomplete", "completed"]);
  });

  it("reports an error event as a failed response", async () => {
    const error: ResponseStreamEvent = {
      type: "error",
      code: "server_error",
      message: "The server had an error.",
      param: null,
      sequence_number: 5,
    };
    const response = await collectStream([...STREAMED_EVENTS.slice(0, 5), error]);
    expect(response).toMatchObject({
      status: "failed",
      error: { code: "server_error", message: "The server had an error." },
    });
  });

  it("ignores what is not an event, and events about items it never saw", async () => {
    const noise = [
      null,
      3,
      "x",
      { type: "response.output_text.delta", output_index: 9, delta: "?" },
      { type: "response.output_item.added", item: {} },
    ] as unknown as ResponseStreamEvent[];
    expect(await collectStream([...noise, ...STREAMED_EVENTS])).toEqual(completed);
  });

  it("collects items and parts nested 100 000 levels deep, as valid JSON may be", async () => {
    const nested = (levels: number): { [key: string]: unknown } => {
      let value: { [key: string]: unknown } = {};
      for (let level = 0; level < levels; level++) value = { a: value };
      return value;
    };
    // (counted without recursion: toEqual would overflow the stack on these)
    const depth = (value: unknown): number => {
      let levels = 0;
      for (let at = value; typeof at === "object" && at !== null; at = (at as { a?: unknown }).a) levels++;
      return levels;
    };
    const item = { type: "reasoning", id: "rs_1", summary: [], deep: nested(100_000) };
    const message = { type: "message", id: "msg_1", role: "assistant", status: "in_progress", content: [] };
    const part = { type: "output_text", text: "", annotations: [nested(100_000)] };
    const events = [
      { type: "response.output_item.added", output_index: 0, item },
      { type: "response.output_item.done", output_index: 0, item },
      { type: "response.output_item.added", output_index: 1, item: message },
      { type: "response.content_part.added", output_index: 1, item_id: "msg_1", content_index: 0, part },
      { type: "response.output_text.delta", output_index: 1, item_id: "msg_1", content_index: 0, delta: "Hi" },
    ] as unknown as ResponseStreamEvent[];
    const response = await collectStream(events);
    expect(response.status).toBe("incomplete");
    expect(response.output_text).toBe("Hi");
    const [reasoning, collected] = response.output as unknown as { [key: string]: unknown }[];
    expect(depth(reasoning?.["deep"])).toBe(100_001);
    const [text] = collected?.["content"] as { text: string; annotations: unknown[] }[];
    expect(text?.text).toBe("Hi");
    expect(depth(text?.annotations[0])).toBe(100_001);
  });

  // An item's output_index counts the items before it, and each of those came with an event of its own: an index at
  // or beyond the number of events read so far is no position of this response.
  describe("an output_index beyond any item the stream can have", () => {
    // A finished call: at a real position, it would run.
    const stray = (outputIndex: number): ResponseStreamEvent => ({
      type: "response.output_item.done",
      sequence_number: 4,
      output_index: outputIndex,
      item: {
        type: "function_call",
        id: "fc_x",
        call_id: "call_x",
        name: "files__read_file",
        arguments: '{"path":"/etc/passwd"}',
        status: "completed",
      },
    });
    // The stream up to the end of the message (output_index 1), then the stray item.
    const head = STREAMED_EVENTS.slice(0, 11);

    it.each([2 ** 32 - 2, 1_000_000, head.length + 1])(
      "%s: the item is left out, not run, and the response says why",
      async (outputIndex) => {
        const response = await collectStream([...head, stray(outputIndex)]);
        expect(response.output.map((item) => item.type)).toEqual(["reasoning", "message"]);
        expect(response.status).toBe("failed");
        expect(response.error).toEqual({
          code: "server_error",
          message: expect.stringContaining(`output_index ${outputIndex}`) as unknown,
        });
        expect(response.error?.message).toContain('"call_x"');
        expect(toolCalls(response, tools(filesToolset))).toEqual({ calls: [], rejected: [], searches: [] });
      },
    );

    it("keeps an item at the last position the events read so far can reach", async () => {
      // head has 11 events: the 12th can name positions up to 11 (a stream that skipped positions is kept).
      const response = await collectStream([...head, stray(head.length)]);
      expect(response.output.map((item) => item.type)).toEqual(["reasoning", "message", "function_call"]);
      expect(response.status).toBe("incomplete");
      expect(response.error ?? null).toBeNull();
      expect(toolCalls(response, tools(filesToolset)).calls.map((call) => call.callId)).toEqual(["call_x"]);
    });

    it("leaves the terminal event's response as it is when it carries the output", async () => {
      const events = [...STREAMED_EVENTS.slice(0, -1), stray(2 ** 32 - 2), STREAMED_EVENTS.at(-1)!];
      expect(await collectStream(events)).toEqual(completed);
    });

    it("says so on a completed response whose output is assembled from the events", async () => {
      const events = [
        ...head,
        stray(2 ** 32 - 2),
        { type: "response.completed", sequence_number: 99, response: snapshot("completed", []) } as const,
      ];
      const response = await collectStream(events);
      expect(response.output.map((item) => item.type)).toEqual(["reasoning", "message"]);
      expect(response).toMatchObject({ status: "failed", error: { code: "server_error" } });
    });

    it("ignores text for a content part far beyond the parts seen", async () => {
      const far = { ...STREAMED_EVENTS[6]!, content_index: 2 ** 32 - 2 } as ResponseStreamEvent;
      const deltasOnly = [...STREAMED_EVENTS.slice(0, 6), far, ...STREAMED_EVENTS.slice(6, 8)];
      const response = await collectStream(deltasOnly);
      expect(response.output[1]).toMatchObject({ content: [{ type: "output_text", text: "Reading both." }] });
    });
  });

  it("leaves the caller's events as they were", async () => {
    const before = JSON.stringify(STREAMED_EVENTS);
    await collectStream(STREAMED_EVENTS.filter((event) => !event.type.endsWith(".done")));
    expect(JSON.stringify(STREAMED_EVENTS)).toBe(before);
  });

  it("stops reading when the signal aborts", async () => {
    const controller = new AbortController();
    const collecting = collectStream(paced(STREAMED_EVENTS), {
      signal: controller.signal,
      onDelta: (delta) => (delta.type === "arguments" ? controller.abort(new Error("stop")) : undefined),
    });
    await expect(collecting).rejects.toThrow("stop");
  });
});

// Over real HTTP: the stand-in streams the recorded events as server-sent
// events, the official client reads them, and the openai package's own
// collector (`responses.stream(…).finalResponse()`) is the oracle.
describe("collectStream on the official client's stream", () => {
  let api: OpenAiServer;
  let openai: OpenAI;
  beforeAll(async () => {
    // The openai package's own collector throws on an event type it does not know: the stream leaves it out.
    const known = STREAMED_EVENTS.filter((event) => (event.type as string) !== "response.tool_progress");
    // `output_text` is the openai package's own addition, never on the wire.
    const wire = JSON.parse(
      JSON.stringify(known, (key, value: unknown) => (key === "output_text" ? undefined : value)),
    ) as Json[];
    api = await startOpenAiServer(() => ({ status: 200, events: wire }));
    openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
  });
  afterAll(() => api.close());

  it("collects what the openai package's own stream helper collects", async () => {
    const stream = await openai.responses.create({ model: "gpt-test", input: "Read both.", stream: true });
    const collected = await collectStream(stream);
    const oracle = await openai.responses.stream({ model: "gpt-test", input: "Read both." }).finalResponse();
    const withoutParsed = JSON.parse(
      JSON.stringify(oracle, (key, value: unknown) =>
        ["parsed_arguments", "parsed", "output_parsed"].includes(key) ? undefined : value,
      ),
    ) as unknown;
    expect(collected).toEqual(withoutParsed);
  });
});
