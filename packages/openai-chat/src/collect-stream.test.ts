import OpenAI from "openai";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer } from "@x/testing";
import { filesToolset } from "@x/testing";
import type { StreamDelta } from "@x/toolset";
import { READ_ARGUMENTS, STREAMED_CHUNKS } from "./__fixtures__/streamed-chunks";
import { adapter, collectStream, toolCalls, tools } from "./index";

const { responseItems } = adapter;

async function* paced<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((resolve) => setImmediate(resolve));
    yield item;
  }
}

describe("collectStream", () => {
  it("gives the completion the request without stream returns", async () => {
    const completion = await collectStream(STREAMED_CHUNKS);
    expect(completion).toEqual({
      id: "chatcmpl-s1",
      object: "chat.completion",
      created: 1767225600,
      model: "gpt-test",
      system_fingerprint: "fp_s1",
      service_tier: "default",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          logprobs: null,
          message: {
            role: "assistant",
            content: "Reading both.",
            refusal: null,
            tool_calls: [
              { id: "call_read", type: "function", function: { name: "files__read_file", arguments: READ_ARGUMENTS } },
              { id: "call_list", type: "function", function: { name: "files__list_dir", arguments: "{}" } },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
    } satisfies ChatCompletion);
  });

  it("is read by toolCalls and responseItems as a completion is", async () => {
    const completion = await collectStream(STREAMED_CHUNKS);
    const { calls, rejected } = toolCalls(completion, tools(filesToolset));
    expect(rejected).toEqual([]);
    expect(calls.map((call) => [call.callId, call.toolName, call.arguments])).toEqual([
      ["call_read", "read_file", { path: "/tmp/Zürich-😀.txt" }],
      ["call_list", "list_dir", {}],
    ]);
    expect(responseItems(completion)[0]?.tool_calls?.map((call) => call.id)).toEqual(["call_read", "call_list"]);
  });

  it("takes an async iterable and passes on each delta as it arrives", async () => {
    const deltas: StreamDelta[] = [];
    await collectStream(paced(STREAMED_CHUNKS), { onDelta: (delta) => deltas.push(delta) });
    expect(deltas).toEqual([
      { type: "text", delta: "Reading " },
      { type: "text", delta: "both." },
      { type: "arguments", callId: "call_read", name: "files__read_file", delta: '{"pa' },
      { type: "arguments", callId: "call_read", name: "files__read_file", delta: 'th":"/tmp/Z\\u00' },
      { type: "arguments", callId: "call_list", name: "files__list_dir", delta: "{" },
      { type: "arguments", callId: "call_read", name: "files__read_file", delta: "fcrich-\ud83d" },
      { type: "arguments", callId: "call_list", name: "files__list_dir", delta: "}" },
      { type: "arguments", callId: "call_read", name: "files__read_file", delta: '\ude00.txt","encoding":null}' },
    ]);
  });

  it("leaves finish_reason null when the stream is cut off before the last chunk", async () => {
    const completion = await collectStream(STREAMED_CHUNKS.slice(0, 9));
    expect(completion.choices[0]?.finish_reason).toBeNull();
    expect(
      completion.choices[0]?.message.tool_calls?.map((call) =>
        call.type === "function" ? call.function : call.custom,
      ),
    ).toEqual([
      { name: "files__read_file", arguments: '{"path":"/tmp/Z\\u00fcrich-\ud83d' },
      { name: "files__list_dir", arguments: "{" },
    ]);
  });

  it("has toolCalls answer the calls of a cut-off stream, never run them", async () => {
    const completion = await collectStream(STREAMED_CHUNKS.slice(0, 11));
    // The arguments happen to be complete JSON: the cut is known from the missing finish_reason alone.
    expect(
      completion.choices[0]?.message.tool_calls?.map((call) => call.type === "function" && call.function.arguments),
    ).toEqual([READ_ARGUMENTS, "{}"]);
    const { calls, rejected } = toolCalls(completion, tools(filesToolset));
    expect(calls).toEqual([]);
    expect(rejected.map(({ callId, error, output }) => [callId, error.code, output.content])).toEqual([
      [
        "call_read",
        "incomplete-call",
        expect.stringContaining('The call to "files__read_file" was cut off before it was complete') as unknown,
      ],
      ["call_list", "incomplete-call", expect.stringContaining('"files__list_dir"') as unknown],
    ]);
    expect(responseItems(completion)[0]?.tool_calls?.map((call) => call.id)).toEqual(["call_read", "call_list"]);
  });

  it("collects parallel choices, refusals, audio and logprobs", async () => {
    const logprob = { token: "No", logprob: -0.1, bytes: [78, 111], top_logprobs: [] };
    const chunks: ChatCompletionChunk[] = [
      {
        id: "c",
        object: "chat.completion.chunk",
        created: 1,
        model: "m",
        choices: [
          {
            index: 1,
            delta: { content: "Yes" },
            finish_reason: "stop",
            logprobs: { content: [logprob], refusal: null },
          },
          { index: 0, delta: { refusal: "No" }, finish_reason: null, logprobs: { content: null, refusal: [logprob] } },
        ],
      },
      {
        id: "c",
        object: "chat.completion.chunk",
        created: 1,
        model: "m",
        choices: [
          {
            index: 0,
            delta: { refusal: ", sorry.", audio: { id: "audio_1", data: "AAA", expires_at: 9, transcript: "No" } },
            finish_reason: "stop",
          },
        ],
      },
      {
        id: "c",
        object: "chat.completion.chunk",
        created: 1,
        model: "m",
        choices: [{ index: 0, delta: { audio: { data: "BBB", transcript: ", sorry." } }, finish_reason: null }],
      },
    ];
    const completion = await collectStream(chunks);
    expect(completion.choices).toEqual([
      {
        index: 0,
        finish_reason: "stop",
        logprobs: { content: null, refusal: [logprob] },
        message: {
          role: "assistant",
          content: null,
          refusal: "No, sorry.",
          audio: { id: "audio_1", data: "AAABBB", expires_at: 9, transcript: "No, sorry." },
        },
      },
      {
        index: 1,
        finish_reason: "stop",
        logprobs: { content: [logprob], refusal: null },
        message: { role: "assistant", content: "Yes", refusal: null },
      },
    ]);
  });

  // A long answer with `logprobs: true` streams one token, and one logprob, per chunk. Collected in time linear in the
  // chunks this takes well under a second; copying the list so far at each chunk would take many minutes.
  it("collects 100 000 chunks of one logprob each, in order", async () => {
    const CHUNKS = 100_000;
    const chunks: ChatCompletionChunk[] = Array.from({ length: CHUNKS }, (_, n) => ({
      id: "c",
      object: "chat.completion.chunk",
      created: 1,
      model: "m",
      choices: [
        {
          index: 0,
          delta: n % 2 === 0 ? { content: "a" } : { refusal: "b" },
          finish_reason: n === CHUNKS - 1 ? "stop" : null,
          logprobs:
            n % 2 === 0
              ? { content: [{ token: "a", logprob: -n, bytes: [97], top_logprobs: [] }], refusal: null }
              : { content: null, refusal: [{ token: "b", logprob: -n, bytes: [98], top_logprobs: [] }] },
        },
      ],
    }));
    const [choice] = (await collectStream(chunks)).choices;
    expect(choice?.message.content).toHaveLength(CHUNKS / 2);
    expect(choice?.logprobs?.content?.map((entry) => entry.logprob)).toEqual(
      Array.from({ length: CHUNKS / 2 }, (_, n) => -2 * n),
    );
    expect(choice?.logprobs?.refusal?.map((entry) => entry.logprob)).toEqual(
      Array.from({ length: CHUNKS / 2 }, (_, n) => -(2 * n + 1)),
    );
  });

  it("ignores what is not a chunk", async () => {
    const noise = [
      null,
      7,
      "data",
      { object: "chat.completion.chunk", choices: [null, { delta: {} }] },
    ] as unknown as ChatCompletionChunk[];
    expect(await collectStream([...noise, ...STREAMED_CHUNKS])).toEqual(await collectStream(STREAMED_CHUNKS));
  });

  it("stops reading when the signal aborts, even while waiting, and closes the stream", async () => {
    const controller = new AbortController();
    let closed = false;
    let position = 0;
    // As the openai package's Stream behaves: return() aborts the HTTP response at once.
    const stream: AsyncIterable<ChatCompletionChunk> = {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          position < 5
            ? Promise.resolve({ done: false, value: STREAMED_CHUNKS[position++] as ChatCompletionChunk })
            : new Promise(() => {}),
        return: () => {
          closed = true;
          return Promise.resolve({ done: true, value: undefined });
        },
      }),
    };
    const seen: StreamDelta[] = [];
    const collecting = collectStream(stream, { signal: controller.signal, onDelta: (delta) => seen.push(delta) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(3);
    controller.abort(new Error("stop"));
    await expect(collecting).rejects.toThrow("stop");
    expect(closed).toBe(true);
  });

  it("stops when onDelta throws, and closes the stream", async () => {
    let closed = false;
    async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
      try {
        yield* paced(STREAMED_CHUNKS);
      } finally {
        closed = true;
      }
    }
    const failing = collectStream(chunks(), {
      signal: new AbortController().signal,
      onDelta: () => {
        throw new Error("hook");
      },
    });
    await expect(failing).rejects.toThrow("hook");
    expect(closed).toBe(true);
  });

  it("rejects at once with a signal aborted before", async () => {
    await expect(collectStream(STREAMED_CHUNKS, { signal: AbortSignal.abort(new Error("before")) })).rejects.toThrow(
      "before",
    );
  });

  it("types the result as openai's ChatCompletion once the stream finished", async () => {
    const completion = await collectStream(STREAMED_CHUNKS);
    type Finished = Omit<typeof completion, "choices"> & {
      choices: (Omit<(typeof completion)["choices"][number], "finish_reason"> & {
        finish_reason: ChatCompletion.Choice["finish_reason"];
      })[];
    };
    expectTypeOf<Finished>().toExtend<ChatCompletion>();
    expectTypeOf(completion.usage).toEqualTypeOf<ChatCompletion["usage"]>();
  });
});

// Over real HTTP: the stand-in streams the recorded chunks as server-sent
// events, the official client reads them, and the openai package's own
// collector (`chat.completions.stream(…).finalChatCompletion()`) is the oracle.
describe("collectStream on the official client's stream", () => {
  let api: OpenAiServer;
  let openai: OpenAI;
  beforeAll(async () => {
    api = await startOpenAiServer(() => ({ status: 200, events: STREAMED_CHUNKS as unknown as Json[] }));
    openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
  });
  afterAll(() => api.close());

  it("collects what the openai package's own stream helper collects", async () => {
    const request = { model: "gpt-test", messages: [{ role: "user" as const, content: "Read both." }] };
    const stream = await openai.chat.completions.create({
      ...request,
      stream: true,
      stream_options: { include_usage: true },
    });
    const collected = await collectStream(stream);
    const oracle = await openai.chat.completions
      .stream({ ...request, stream_options: { include_usage: true } })
      .finalChatCompletion();
    expect(collected).toEqual(
      JSON.parse(
        JSON.stringify(oracle, (key, value: unknown) =>
          key === "parsed" || key === "parsed_arguments" ? undefined : value,
        ),
      ),
    );
    expect(api.exchanges[0]?.request).toMatchObject({ stream: true });
  });
});
