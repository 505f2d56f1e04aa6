import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filesToolset as toolset } from "@x/testing";
import type { ChatResponse, ChatToolCall } from "./chat-types";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const call: ChatToolCall = {
  id: "call_1",
  type: "function",
  function: { name: "files__read_file", arguments: '{"path":"/a.txt"}' },
};
const custom: ChatToolCall = { id: "call_2", type: "custom", custom: { name: "run_python", input: "print(1)" } };

describe("responseItems", () => {
  it("repeats the assistant message of a completion, without response-only fields", () => {
    const completion = {
      id: "chatcmpl-1",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          message: {
            role: "assistant" as const,
            content: null,
            refusal: null,
            annotations: [
              {
                type: "url_citation",
                url_citation: { url: "https://example.com", title: "x", start_index: 0, end_index: 1 },
              },
            ],
            audio: { id: "audio_1", data: "UklGRg==", expires_at: 1, transcript: "hi" },
            tool_calls: [call, custom],
          },
        },
      ],
    };
    expect(responseItems(completion)).toMatchInlineSnapshot(`
      [
        {
          "audio": {
            "id": "audio_1",
          },
          "content": null,
          "role": "assistant",
          "tool_calls": [
            {
              "function": {
                "arguments": "{"path":"/a.txt"}",
                "name": "files__read_file",
              },
              "id": "call_1",
              "type": "function",
            },
            {
              "custom": {
                "input": "print(1)",
                "name": "run_python",
              },
              "id": "call_2",
              "type": "custom",
            },
          ],
        },
      ]
    `);
  });

  it("repeats each kind of message as the API takes it back", () => {
    const cases: [string, ChatResponse][] = [
      ["text beside the calls", { role: "assistant", content: "Let me look.", tool_calls: [call] }],
      ["a refusal", { role: "assistant", content: null, refusal: "I can't help with that." }],
      ["text only", { role: "assistant", content: "Done.", refusal: null }],
      ["an empty tool_calls list", { role: "assistant", content: null, tool_calls: [] }],
    ];
    expect(Object.fromEntries(cases.map(([label, response]) => [label, responseItems(response)])))
      .toMatchInlineSnapshot(`
        {
          "a refusal": [
            {
              "content": "",
              "refusal": "I can't help with that.",
              "role": "assistant",
            },
          ],
          "an empty tool_calls list": [
            {
              "content": "",
              "role": "assistant",
            },
          ],
          "text beside the calls": [
            {
              "content": "Let me look.",
              "role": "assistant",
              "tool_calls": [
                {
                  "function": {
                    "arguments": "{"path":"/a.txt"}",
                    "name": "files__read_file",
                  },
                  "id": "call_1",
                  "type": "function",
                },
              ],
            },
          ],
          "text only": [
            {
              "content": "Done.",
              "role": "assistant",
            },
          ],
        }
      `);
  });

  it("gives nothing for a completion without choices", () => {
    expect(responseItems({ choices: [] })).toEqual([]);
  });

  it("repeats exactly the entries toolCalls answers: no string id or an unknown type, none", () => {
    const entries = [
      call,
      { type: "function", function: { name: "x", arguments: "{}" } },
      { id: "call_3", type: "web_search" },
    ];
    const message = { role: "assistant", content: null, tool_calls: entries } as unknown as ChatResponse;
    expect(responseItems(message)[0]?.tool_calls).toEqual([call]);
  });

  it("returns new objects and leaves the response as it was", () => {
    const message = { role: "assistant" as const, content: null, tool_calls: [call] };
    const before = structuredClone(message);
    const [item] = responseItems(message);
    expect(item?.tool_calls?.[0]).not.toBe(call);
    expect(message).toEqual(before);
  });
});

const toolCallEntry = fc.record(
  {
    id: fc.oneof(fc.constantFrom("call_a", "call_b", "call_c"), fc.constantFrom(undefined, 7, null, {})),
    type: fc.constantFrom("function", "custom", "web_search", undefined, 3),
    function: fc.oneof(
      fc.record({
        name: fc.constantFrom("files__list_dir", "files__read_file", "nope", ""),
        arguments: fc.oneof(fc.constantFrom("{}", "[", ""), fc.anything()),
      }),
      fc.anything(),
    ),
    custom: fc.oneof(fc.record({ name: fc.string(), input: fc.anything() }), fc.anything()),
  },
  { requiredKeys: [] },
);
const toolCallList = fc.array(fc.oneof(toolCallEntry, fc.anything()), { maxLength: 8 });
const chatResponse = fc.oneof(
  toolCallList,
  toolCallList.map((tool_calls) => ({ role: "assistant", content: null, tool_calls })),
  fc.record(
    { content: fc.anything(), refusal: fc.anything(), tool_calls: fc.oneof(toolCallList, fc.anything()) },
    { requiredKeys: [] },
  ),
  toolCallList.map((tool_calls) => ({ choices: [{ message: { role: "assistant", content: null, tool_calls } }] })),
  fc.anything(),
);

describe("responseItems and toolCalls together: properties", () => {
  it("never throw, whatever the response", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const response of [
          value,
          [value],
          { tool_calls: value },
          { tool_calls: [value] },
          { choices: value },
          { choices: [value] },
          { choices: [{ message: value }] },
        ]) {
          responseItems(response as ChatResponse);
          toolCalls(response as ChatResponse, tools(toolset));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("every tool call repeated is answered exactly once, and every answer is for a tool call repeated", () => {
    fc.assert(
      fc.property(chatResponse, (value) => {
        const response = value as ChatResponse;
        const repeated = (responseItems(response)[0]?.tool_calls ?? []).map((entry) => entry.id);
        const { calls, rejected } = toolCalls(response, tools(toolset));
        const answers = [...calls.map((c) => c.callId), ...rejected.map((r) => r.output.tool_call_id)];
        for (const id of new Set(repeated))
          expect(
            answers.filter((answer) => answer === id),
            id,
          ).toHaveLength(1);
        for (const answer of answers) expect(repeated).toContain(answer);
      }),
      { numRuns: 300 },
    );
  });
});
