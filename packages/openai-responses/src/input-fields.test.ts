import { describe, expect, it } from "vitest";
import {} from "./index";
import { responseItems } from "./response-items";

// What responseItems leaves out of each item: every field the request's
// input refuses (see input-fields.ts), nested message parts included.
describe("responseItems keeps only the fields the input accepts", () => {
  it.each([
    [
      "a parsed function call (responses.parse, responses.stream)",
      {
        type: "function_call",
        id: "fc_1",
        call_id: "c1",
        name: "f",
        arguments: '{"a":1}',
        status: "completed",
        parsed_arguments: { a: 1 },
      },
      { type: "function_call", id: "fc_1", call_id: "c1", name: "f", arguments: '{"a":1}', status: "completed" },
    ],
    [
      "a parsed message's text",
      {
        type: "message",
        id: "m",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "{}", annotations: [], parsed: {} }],
      },
      {
        type: "message",
        id: "m",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "{}", annotations: [] }],
      },
    ],
    [
      "created_by, an output-only field",
      {
        type: "shell_call",
        id: "sh",
        call_id: "c2",
        action: { commands: ["ls"] },
        status: "completed",
        created_by: "user_1",
        environment: null,
      },
      {
        type: "shell_call",
        id: "sh",
        call_id: "c2",
        action: { commands: ["ls"] },
        status: "completed",
        environment: null,
      },
    ],
    [
      "a custom tool call output's status",
      { type: "custom_tool_call_output", id: "o", call_id: "c3", output: "ok", status: "completed" },
      { type: "custom_tool_call_output", id: "o", call_id: "c3", output: "ok" },
    ],
    [
      "a field an OpenAI-compatible server adds",
      { type: "reasoning", id: "rs", summary: [], vendor_trace: "x" },
      { type: "reasoning", id: "rs", summary: [] },
    ],
  ])("%s", (_name, item, expected) => {
    expect(responseItems([item])).toEqual([expected]);
  });

  it("keeps an item of a type newer than this package as it is", () => {
    const item = { type: "future_item", id: "f", anything: 1 };
    expect(responseItems([item])).toEqual([item]);
  });

  it("keeps the item's field order and leaves the item itself alone", () => {
    const item = {
      status: "completed",
      arguments: "{}",
      parsed_arguments: {},
      name: "f",
      call_id: "c",
      type: "function_call",
    };
    expect(Object.keys(responseItems([item])[0] ?? {})).toEqual(["status", "arguments", "name", "call_id", "type"]);
    expect(item).toHaveProperty("parsed_arguments");
  });
});
