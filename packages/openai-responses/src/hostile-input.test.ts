import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filesToolset, HOSTILE_KINDS, hostile, hostileValue, withHostileValues } from "@x/testing";
import { adapter, collectStream, toolCalls } from "./index";
import type { ResponsesItem, ResponsesStreamEvent } from "./index";
import { tools } from "./tools";

// What the model (or an OpenAI-compatible server, a proxy, a recording) sends
// is read, never trusted: whatever JSON arrives, toolCalls, responseItems,
// answeredCallIds and collectStream give an answer, never an exception. The
// values are built from specs: every field these functions read holds a
// value that passes, any JSON, or a hostile value (see @x/testing's
// hostile-values: `{"toString":null}`, own `__proto__` keys, 100 000 levels
// of nesting, getters that change between reads, indexes near 2^32).

const { answeredCallIds, responseItems } = adapter;
const prepared = tools(filesToolset, { namespaces: true, deferLoading: true, toolSearch: "client" });
const options = { answeredCallIds: new Set(["call_b"]) };

const marker = fc.constantFrom(...HOSTILE_KINDS).map(hostile);
const loose = fc.oneof(fc.jsonValue({ maxDepth: 2 }), marker);
const field = (...passing: unknown[]): fc.Arbitrary<unknown> => fc.oneof(fc.constantFrom(...passing), loose);

const ITEM_TYPES = [
  "function_call",
  "function_call_output",
  "custom_tool_call",
  "custom_tool_call_output",
  "shell_call",
  "local_shell_call",
  "local_shell_call_output",
  "apply_patch_call",
  "tool_search_call",
  "tool_search_output",
  "computer_call",
  "computer_call_output",
  "additional_tools",
  "message",
  "reasoning",
];
const part = fc.record(
  {
    type: field("output_text", "refusal"),
    text: field("Hello"),
    refusal: field("No."),
    annotations: field([]),
  },
  { requiredKeys: [] },
);
const item = fc.record(
  {
    type: field(...ITEM_TYPES),
    id: field("fc_1", "msg_1"),
    call_id: field("call_a", "call_b"),
    name: field("files__read_file", "read_file", "list_dir", "nope"),
    namespace: field("files", ""),
    arguments: field("{}", '{"path":"a"}', '{"query":"read a file"}', "[", { query: "list" }),
    input: field("x"),
    status: field("completed", "incomplete", "in_progress", "failed"),
    environment: field({ type: "container_reference" }, { type: "local" }),
    execution: field("client", "server"),
    role: field("assistant", "developer"),
    content: fc.oneof(fc.array(part, { maxLength: 3 }), loose),
    output: loose,
    tools: loose,
  },
  { requiredKeys: [] },
);
const items = fc.array(fc.oneof(item, loose), { maxLength: 6 });
const response = fc.oneof(
  items,
  fc.record({ id: field("resp_1"), status: field("completed"), output: fc.oneof(items, loose) }, { requiredKeys: [] }),
  loose,
);

const EVENT_TYPES = [
  "response.created",
  "response.completed",
  "response.incomplete",
  "response.failed",
  "error",
  "response.output_item.added",
  "response.output_item.done",
  "response.function_call_arguments.delta",
  "response.function_call_arguments.done",
  "response.custom_tool_call_input.delta",
  "response.custom_tool_call_input.done",
  "response.content_part.added",
  "response.content_part.done",
  "response.output_text.delta",
  "response.refusal.delta",
];
const event = fc.oneof(
  fc.record(
    {
      type: field(...EVENT_TYPES),
      output_index: field(0, 1, 2),
      item_id: field("fc_1", "msg_1"),
      item: fc.oneof(item, loose),
      content_index: field(0, 1),
      part: fc.oneof(part, loose),
      delta: field('{"pa', 'th":"a"}', "Hi"),
      arguments: field('{"path":"a"}'),
      input: field("x"),
      response: fc.oneof(
        fc.record({ id: field("resp_1"), status: field("completed"), output: fc.oneof(items, loose) }),
        loose,
      ),
      code: loose,
      message: field("The server had an error."),
    },
    { requiredKeys: ["type"] },
  ),
  loose,
);
const events = fc.array(event, { maxLength: 12 });

// Every answer goes into the next request: its ids and text must be strings, and it must serialise.
function expectWellFormed(result: ReturnType<typeof toolCalls>): void {
  for (const call of [...result.calls, ...result.rejected, ...result.searches]) {
    expect(typeof call.callId).toBe("string");
  }
  for (const call of [...result.calls, ...result.rejected]) expect(typeof call.name).toBe("string");
  expect(() => JSON.stringify([...result.rejected, ...result.searches].map((answer) => answer.output))).not.toThrow();
}

describe("hostile input", () => {
  it("toolCalls answers an item whose type is {toString: null} (valid JSON) without throwing", () => {
    const value = [{ type: JSON.parse('{"toString":null}') as unknown }] as unknown as ResponsesItem[];
    expect(toolCalls(value, tools(filesToolset))).toEqual({ calls: [], rejected: [], searches: [] });
    expect(answeredCallIds(value)).toEqual([]);
    expect(responseItems(value)).toHaveLength(1);
  });

  it.each(HOSTILE_KINDS)("%s, as a response, an item or any field of an item, throws nowhere", (kind) => {
    const fields = ["type", "call_id", "name", "namespace", "arguments", "input", "status", "environment", "execution"];
    const values: unknown[] = [
      hostileValue(kind),
      [hostileValue(kind)],
      { output: hostileValue(kind) },
      ...fields.map((name) => [
        { type: "function_call", call_id: "call_1", name: "files__read_file", [name]: hostileValue(kind) },
      ]),
      ...fields.map((name) => [
        { type: "tool_search_call", call_id: "s_1", execution: "client", [name]: hostileValue(kind) },
      ]),
    ];
    for (const value of values) {
      const output = value as ResponsesItem[];
      expectWellFormed(toolCalls(output, prepared, options));
      responseItems(output);
      answeredCallIds(Array.isArray(value) ? value : [value]);
    }
  });

  it.each(HOSTILE_KINDS)("%s, as an event or any field of one, never makes collectStream reject", async (kind) => {
    const fn = { type: "function_call", id: "fc_1", call_id: "call_1", name: "files__list_dir", arguments: "" };
    const base = [
      { type: "response.created", response: { id: "resp_1", output: [] } },
      { type: "response.output_item.added", output_index: 0, item: fn },
      { type: "response.function_call_arguments.delta", output_index: 0, item_id: "fc_1", delta: "{}" },
      { type: "response.output_item.added", output_index: 1, item: { type: "message", content: [] } },
      { type: "response.content_part.added", output_index: 1, content_index: 0, part: { type: "output_text" } },
      { type: "response.output_text.delta", output_index: 1, content_index: 0, delta: "Hi" },
      { type: "response.output_item.done", output_index: 0, item: { ...fn, arguments: "{}" } },
      { type: "response.completed", response: { id: "resp_1", output: [] } },
    ];
    const variants: unknown[][] = [[hostileValue(kind)], [...base, hostileValue(kind)]];
    for (const [at, event] of base.entries()) {
      for (const name of [...Object.keys(event), "item_id", "output_index"]) {
        variants.push(base.map((other, n) => (n === at ? { ...other, [name]: hostileValue(kind) } : other)));
      }
    }
    for (const events of variants) {
      const collected = await collectStream(events as ResponsesStreamEvent[]);
      expectWellFormed(toolCalls(collected, prepared, options));
      responseItems(collected);
    }
  });

  it("toolCalls, responseItems and answeredCallIds never throw, whatever the response", () => {
    fc.assert(
      fc.property(response, (spec) => {
        const value = withHostileValues(spec);
        const output = value as ResponsesItem[];
        expectWellFormed(toolCalls(output, prepared, options));
        expectWellFormed(toolCalls(output, tools(filesToolset)));
        responseItems(output);
        answeredCallIds(Array.isArray(value) ? value : [value]);
      }),
      { numRuns: 300 },
    );
  });

  it("collectStream never rejects, whatever the events, and what it collects reads as a response", async () => {
    await fc.assert(
      fc.asyncProperty(events, async (spec) => {
        const collected = await collectStream(withHostileValues(spec) as ResponsesStreamEvent[]);
        expectWellFormed(toolCalls(collected, prepared, options));
        responseItems(collected);
      }),
      { numRuns: 300 },
    );
  });
});
