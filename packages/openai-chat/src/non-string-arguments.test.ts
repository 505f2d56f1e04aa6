// A call whose `arguments` is not a JSON string (an OpenAI-compatible server
// may send the object itself, nested 8,000+ levels, cyclic, with a BigInt):
// rejected with a clear output, never a throw, and the transcript stays JSON.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filesToolset as toolset } from "@x/testing";
import { NON_JSON_SHAPES, nonJsonValue } from "@x/testing";
import type { ChatResponse } from "./chat-types";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const nonString = fc.oneof(
  fc
    .tuple(fc.constantFrom(...NON_JSON_SHAPES), fc.integer({ min: 0, max: 3_000 }))
    .map(([shape, size]) => nonJsonValue(shape, size)),
  fc.anything().filter((value) => typeof value !== "string" && value !== undefined && value !== null),
);
const message = (args: readonly unknown[]): ChatResponse =>
  ({
    role: "assistant",
    content: null,
    tool_calls: args.map((value, i) => ({
      id: `call_${i}`,
      type: "function",
      function: { name: "files__read_file", arguments: value },
    })),
  }) as unknown as ChatResponse;

describe("non-string arguments", () => {
  it.each(NON_JSON_SHAPES)("rejects %s arguments with an output that says to send a JSON string", (shape) => {
    const response = message([nonJsonValue(shape, 2), '{"path":"/a.txt"}']);
    const { calls, rejected } = toolCalls(response, tools(toolset));
    expect(calls.map((call) => call.callId)).toEqual(["call_1"]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.output.tool_call_id).toBe("call_0");
    expect(rejected[0]?.output.content).toMatch(/^Error: The arguments must be a JSON string, got an object\./);
    expect(JSON.parse(JSON.stringify(responseItems(response)))).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_0", type: "function", function: { name: "files__read_file", arguments: "" } },
          { id: "call_1", type: "function", function: { name: "files__read_file", arguments: '{"path":"/a.txt"}' } },
        ],
      },
    ]);
  });

  it("never throws; every call is answered once; the transcript and the outputs serialise", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(nonString, fc.constant('{"path":"/a.txt"}')), { maxLength: 4 }), (args) => {
        const response = message(args);
        const { calls, rejected } = toolCalls(response, tools(toolset));
        const answered = [...calls.map((call) => call.callId), ...rejected.map((rejection) => rejection.callId)].sort();
        expect(answered).toEqual(args.map((_, i) => `call_${i}`).sort());
        for (const rejection of rejected) expect(rejection.output.content).toContain("must be a JSON string");
        expect(() =>
          JSON.stringify([responseItems(response), rejected.map((rejection) => rejection.output)]),
        ).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });
});
