import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeToolCallCases, filesToolset as toolset } from "@x/testing";
import type { ChatAssistantMessage, ChatResponse, ChatToolCall } from "./chat-types";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const fn = (id: string, name: string, args: string): ChatToolCall => ({
  id,
  type: "function",
  function: { name, arguments: args },
});
const read = fn("call_1", "files__read_file", '{"path":"/a.txt","encoding":null}');
const list = fn("call_2", "files__list_dir", "");
const message = (calls: readonly ChatToolCall[]): ChatAssistantMessage => ({
  role: "assistant",
  content: null,
  tool_calls: calls,
});
const prepared = tools(toolset);

describe("toolCalls", () => {
  describeToolCallCases({
    tools,
    toolCalls,
    // The table also sends arguments as an object, as an OpenAI-compatible server may.
    response: (calls) => ({
      role: "assistant" as const,
      content: null,
      tool_calls: calls.map(({ callId, name, arguments: args }) => fn(callId, name, args as string)),
    }),
    answer: (output) => ({ callId: output.tool_call_id, text: output.content }),
  });

  it.each<[string, ChatResponse]>([
    [
      "a completion (first choice)",
      {
        choices: [
          { message: { role: "assistant", content: null, tool_calls: [read, list] } },
          { message: { tool_calls: [] } },
        ],
      },
    ],
    ["an assistant message", { role: "assistant", content: "Reading.", tool_calls: [read, list] }],
  ])("reads %s", (_, response) => {
    expect(toolCalls(response, prepared)).toEqual({
      calls: [
        {
          callId: "call_1",
          name: "files__read_file",
          server: "files",
          toolName: "read_file",
          arguments: { path: "/a.txt" },
          index: 0,
        },
        { callId: "call_2", name: "files__list_dir", server: "files", toolName: "list_dir", arguments: {}, index: 1 },
      ],
      rejected: [],
      searches: [],
    });
  });

  it.each<[string, ChatResponse]>([
    ["a completion without choices", { choices: [] }],
    ["a message without tool_calls", { role: "assistant", content: "Hello." }],
    ["a message with tool_calls: null", { role: "assistant", content: "Hello.", tool_calls: null }],
  ])("finds no call in %s", (_, response) => {
    expect(toolCalls(response, prepared)).toEqual({ calls: [], rejected: [], searches: [] });
  });

  it("answers each call it cannot run with a tool message, in the model's order", () => {
    const { calls, rejected } = toolCalls(
      message([
        fn("call_a", "files__read_fil", "{}"),
        read,
        fn("call_b", "files__read_file", '{"path":'),
        fn("call_c", "files__read_file", "[1,2]"),
        { id: "call_d", type: "custom", custom: { name: "apply_patch", input: "*** Begin Patch" } },
      ]),
      prepared,
    );
    expect(calls.map((call) => call.callId)).toEqual(["call_1"]);
    expect(rejected.map(({ callId, name, index, error }) => ({ callId, name, index, code: error.code }))).toEqual([
      { callId: "call_a", name: "files__read_fil", index: 0, code: "unknown-tool" },
      { callId: "call_b", name: "files__read_file", index: 2, code: "arguments-not-json" },
      { callId: "call_c", name: "files__read_file", index: 3, code: "arguments-not-object" },
      { callId: "call_d", name: "apply_patch", index: 4, code: "unsupported-call" },
    ]);
    for (const { callId, error, output } of rejected) {
      expect(output).toEqual({ role: "tool", tool_call_id: callId, content: `Error: ${error.message}` });
    }
    expect(rejected[0]?.output.content).toContain("files__list_dir");
  });

  it("answers with the prepared tools' wording: errorPrefix reaches every rejected output", () => {
    const { rejected } = toolCalls(
      message([
        fn("call_a", "files__nope", "{}"),
        { id: "call_d", type: "custom", custom: { name: "apply_patch", input: "" } },
      ]),
      tools(toolset, { errorPrefix: "[tool call refused] " }),
    );
    expect(rejected.map((r) => r.output.content)).toEqual([
      `[tool call refused] ${rejected[0]?.error.message}`,
      `[tool call refused] ${rejected[1]?.error.message}`,
    ]);
  });

  it("leaves out entries it can neither run nor answer: no string id, or an unknown type", () => {
    const entries = [
      { type: "function", function: { name: "files__list_dir", arguments: "{}" } },
      { id: "call_9", type: "web_search" },
      null,
    ];
    expect(toolCalls(message(entries as unknown as ChatToolCall[]), prepared)).toEqual({
      calls: [],
      rejected: [],
      searches: [],
    });
  });

  it("never throws, whatever the response", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        toolCalls(value as ChatResponse, prepared);
        toolCalls({ choices: [{ message: { tool_calls: value } }] } as ChatResponse, prepared);
        toolCalls(message([value] as unknown as ChatToolCall[]), prepared);
      }),
      { numRuns: 200 },
    );
  });
});
