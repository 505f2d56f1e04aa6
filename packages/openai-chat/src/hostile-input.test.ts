import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filesToolset, HOSTILE_KINDS, hostile, hostileValue, withHostileValues } from "@x/testing";
import { adapter, collectStream, toolCalls, tools } from "./index";

const { responseItems } = adapter;
const prepared = tools(filesToolset);
import type { ChatResponse, ChatStreamChunk } from "./index";

// What the model (or an OpenAI-compatible server, a proxy, a recording) sends
// is read, never trusted: whatever JSON arrives, toolCalls, responseItems and
// collectStream give an answer, never an exception. The values are built
// from specs: every field these functions read holds a value that passes, any
// JSON, or a hostile value (see @x/testing's hostile-values:
// `{"toString":null}`, own `__proto__` keys, 100 000 levels of nesting,
// getters that change between reads, indexes near 2^32).

const marker = fc.constantFrom(...HOSTILE_KINDS).map(hostile);
const loose = fc.oneof(fc.jsonValue({ maxDepth: 2 }), marker);
const field = (...passing: unknown[]): fc.Arbitrary<unknown> => fc.oneof(fc.constantFrom(...passing), loose);

const entry = fc.record(
  {
    id: field("call_a", "call_b"),
    type: field("function", "custom"),
    function: fc.oneof(
      fc.record(
        { name: field("files__read_file", "files__list_dir", "nope"), arguments: field("{}", '{"path":"a"}', "[") },
        { requiredKeys: [] },
      ),
      loose,
    ),
    custom: fc.oneof(fc.record({ name: field("grammar"), input: field("x") }, { requiredKeys: [] }), loose),
  },
  { requiredKeys: [] },
);
const message = fc.record(
  {
    role: field("assistant"),
    content: field("Hi", null),
    refusal: field("No.", null),
    tool_calls: fc.oneof(fc.array(fc.oneof(entry, loose), { maxLength: 5 }), loose),
    audio: fc.oneof(fc.record({ id: field("audio_1") }, { requiredKeys: [] }), loose),
  },
  { requiredKeys: [] },
);
const response = fc.oneof(
  message,
  fc.array(fc.oneof(entry, loose), { maxLength: 5 }),
  fc.record(
    {
      choices: fc.oneof(
        fc.array(fc.oneof(fc.record({ message, finish_reason: field("tool_calls", null) }), loose), { maxLength: 2 }),
        loose,
      ),
    },
    { requiredKeys: [] },
  ),
  loose,
);

const piece = fc.record(
  {
    index: field(0, 1),
    id: field("call_a", "call_b"),
    type: field("function", "custom"),
    function: fc.oneof(
      fc.record({ name: field("files__read_file"), arguments: field('{"pa', 'th":"a"}') }, { requiredKeys: [] }),
      loose,
    ),
    custom: fc.oneof(fc.record({ name: field("grammar"), input: field("x") }, { requiredKeys: [] }), loose),
  },
  { requiredKeys: [] },
);
const choice = fc.record(
  {
    index: field(0, 1),
    finish_reason: field("tool_calls", "stop", null),
    logprobs: fc.oneof(
      fc.record(
        { content: field([{ token: "a", logprob: -1 }], null), refusal: field([], null) },
        { requiredKeys: [] },
      ),
      loose,
    ),
    delta: fc.oneof(
      fc.record(
        {
          content: field("Hi", null),
          refusal: field("No.", null),
          tool_calls: fc.oneof(fc.array(fc.oneof(piece, loose), { maxLength: 3 }), loose),
          audio: fc.oneof(
            fc.record({ id: field("audio_1"), data: field("AAAA"), expires_at: field(1), transcript: field("hi") }),
            loose,
          ),
        },
        { requiredKeys: [] },
      ),
      loose,
    ),
  },
  { requiredKeys: [] },
);
const chunk = fc.oneof(
  fc.record(
    {
      id: field("chatcmpl-1"),
      created: field(1),
      model: field("gpt-test"),
      system_fingerprint: field("fp"),
      service_tier: field("default"),
      usage: loose,
      choices: fc.oneof(fc.array(fc.oneof(choice, loose), { maxLength: 3 }), loose),
    },
    { requiredKeys: [] },
  ),
  loose,
);

// Every answer goes into the next request: its ids must be strings, and it must serialise.
function expectWellFormed(result: ReturnType<typeof toolCalls>): void {
  for (const call of [...result.calls, ...result.rejected]) {
    expect(typeof call.callId).toBe("string");
    expect(typeof call.name).toBe("string");
  }
  expect(() => JSON.stringify(result.rejected.map((answer) => answer.output))).not.toThrow();
}

describe("hostile input", () => {
  it.each(HOSTILE_KINDS)("%s, as a response, a message or any field of one, throws nowhere", (kind) => {
    const fields = ["id", "type", "function", "custom", "name", "arguments"];
    const call = { id: "call_1", type: "function", function: { name: "files__read_file", arguments: "{}" } };
    const values: unknown[] = [
      hostileValue(kind),
      [hostileValue(kind)],
      { choices: hostileValue(kind) },
      { choices: [hostileValue(kind)] },
      { choices: [{ message: hostileValue(kind), finish_reason: hostileValue(kind) }] },
      ...["role", "content", "refusal", "tool_calls", "audio"].map((name) => ({ [name]: hostileValue(kind) })),
      ...fields.map((name) => [{ ...call, [name]: hostileValue(kind) }]),
      [{ ...call, function: { name: hostileValue(kind), arguments: hostileValue(kind) } }],
    ];
    for (const value of values) {
      expectWellFormed(toolCalls(value as ChatResponse, prepared));
      responseItems(value as ChatResponse);
    }
  });

  it.each(HOSTILE_KINDS)("%s, as a chunk or any field of one, never makes collectStream reject", async (kind) => {
    const piece = { index: 0, id: "call_1", type: "function", function: { name: "files__list_dir", arguments: "{}" } };
    const delta = { content: "Hi", refusal: "No", tool_calls: [piece], audio: { id: "a", data: "AA" } };
    const choice = { index: 0, delta, finish_reason: "tool_calls", logprobs: { content: [], refusal: [] } };
    const chunk = {
      id: "c",
      created: 1,
      model: "m",
      system_fingerprint: "fp",
      service_tier: "default",
      choices: [choice],
    };
    const chunks: unknown[] = [
      hostileValue(kind),
      ...Object.keys(chunk).map((name) => ({ ...chunk, [name]: hostileValue(kind) })),
      ...Object.keys(choice).map((name) => ({ ...chunk, choices: [{ ...choice, [name]: hostileValue(kind) }] })),
      ...Object.keys(delta).map((name) => ({
        ...chunk,
        choices: [{ ...choice, delta: { ...delta, [name]: hostileValue(kind) } }],
      })),
      ...[...Object.keys(piece), "custom"].map((name) => ({
        ...chunk,
        choices: [{ ...choice, delta: { tool_calls: [{ ...piece, [name]: hostileValue(kind) }] } }],
      })),
      { ...chunk, choices: [{ ...choice, logprobs: { content: hostileValue(kind), refusal: hostileValue(kind) } }] },
    ];
    for (const one of chunks) {
      for (const stream of [[one], [chunk, one]]) {
        const collected = await collectStream(stream as ChatStreamChunk[]);
        expectWellFormed(toolCalls(collected, prepared));
        responseItems(collected);
      }
    }
  });

  it("toolCalls and responseItems never throw, whatever the response", () => {
    fc.assert(
      fc.property(response, (spec) => {
        const value = withHostileValues(spec) as ChatResponse;
        expectWellFormed(toolCalls(value, prepared));
        expectWellFormed(toolCalls(value, tools(filesToolset, { strict: false })));
        responseItems(value);
      }),
      { numRuns: 300 },
    );
  });

  it("collectStream never rejects, whatever the chunks, and what it collects reads as a completion", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { maxLength: 10 }), async (spec) => {
        const collected = await collectStream(withHostileValues(spec) as ChatStreamChunk[]);
        expectWellFormed(toolCalls(collected, prepared));
        responseItems(collected);
      }),
      { numRuns: 300 },
    );
  });

  it("collectStream reads a delta whose audio is null (valid JSON) as no audio", async () => {
    const chunks = [{ id: "c", choices: [{ index: 0, delta: { content: "Hi", audio: null }, finish_reason: "stop" }] }];
    const completion = await collectStream(chunks as unknown as ChatStreamChunk[]);
    expect(completion.choices[0]?.message).toEqual({ role: "assistant", content: "Hi", refusal: null });
  });
});
