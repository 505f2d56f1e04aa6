// A call whose `arguments` (or custom `input`) is not a JSON string (an
// OpenAI-compatible server may send the object itself, nested 8,000+ levels,
// cyclic, with a BigInt): rejected with a clear output, never a throw, and what
// the transcript repeats is always JSON (the value is replaced by "").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filesToolset as toolset } from "@x/testing";
import { NON_JSON_SHAPES, nonJsonValue } from "@x/testing";
import { responseItems } from "./response-items";
import type { ResponsesItem } from "./responses-types";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const nonString = fc.oneof(
  fc
    .tuple(fc.constantFrom(...NON_JSON_SHAPES), fc.integer({ min: 0, max: 3_000 }))
    .map(([shape, size]) => nonJsonValue(shape, size)),
  fc.anything().filter((value) => typeof value !== "string" && value !== undefined),
);
const call = (i: number, value: unknown, type: "function_call" | "custom_tool_call" = "function_call"): ResponsesItem =>
  (type === "function_call"
    ? { type, id: `fc_${i}`, call_id: `call_${i}`, name: "files__read_file", arguments: value, status: "completed" }
    : { type, id: `ct_${i}`, call_id: `call_${i}`, name: "grammar", input: value }) as unknown as ResponsesItem;

describe("non-string arguments", () => {
  it.each(NON_JSON_SHAPES)(
    "rejects %s arguments, and repeats the call with its arguments as an empty string",
    (shape) => {
      const output = [call(0, nonJsonValue(shape, 2)), call(1, '{"path":"/a.txt"}')];
      const { calls, rejected } = toolCalls(output, tools(toolset));
      expect(calls.map((c) => c.callId)).toEqual(["call_1"]);
      expect(rejected.map((r) => r.output)).toEqual([
        {
          type: "function_call_output",
          call_id: "call_0",
          output:
            "Error: The arguments must be a JSON string, got an object. Send them as text holding one JSON object, " +
            'such as {"name": "value"}.',
        },
      ]);
      expect(JSON.parse(JSON.stringify(responseItems(output)))).toEqual([
        {
          type: "function_call",
          id: "fc_0",
          call_id: "call_0",
          name: "files__read_file",
          arguments: "",
          status: "completed",
        },
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "files__read_file",
          arguments: '{"path":"/a.txt"}',
          status: "completed",
        },
      ]);
    },
  );

  it("never throws; every call is answered once; the transcript and the outputs serialise", () => {
    const entry = fc.oneof(
      nonString.map((value) => ({ value, type: "function_call" as const })),
      nonString.map((value) => ({ value, type: "custom_tool_call" as const })),
      fc.constant({ value: '{"path":"/a.txt"}', type: "function_call" as const }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        const output = entries.map(({ value, type }, i) => call(i, value, type));
        const { calls, rejected } = toolCalls(output, tools(toolset));
        const answered = [...calls.map((c) => c.callId), ...rejected.map((r) => r.callId)].sort();
        expect(answered).toEqual(entries.map((_, i) => `call_${i}`).sort());
        expect(() => JSON.stringify([responseItems(output), rejected.map((r) => r.output)])).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });
});
