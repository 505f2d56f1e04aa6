import { describe, expect, it } from "vitest";
import type { AnthropicMessage } from "./anthropic-types";
import { responseEnd } from "./response-end";
import { responseItems } from "./response-items";
import { turnItems, userMessage } from "./turn-items";

const message = (content: AnthropicMessage["content"], stop_reason: AnthropicMessage["stop_reason"] = "tool_use") =>
  ({ content, stop_reason }) as AnthropicMessage;

describe("responseItems", () => {
  it("repeats the reply's blocks, thinking signed, response-only fields and empty text left out", () => {
    const reply = message([
      { type: "thinking", thinking: "Hmm.", signature: "sig" },
      { type: "redacted_thinking", data: "opaque" },
      { type: "text", text: "", citations: null },
      { type: "text", text: "Looking.", citations: null },
      { type: "tool_use", id: "toolu_1", name: "w", input: { a: 1 }, caller: { type: "direct" } },
      { type: "tool_use", id: "toolu_2", name: "w", input: {}, incomplete: true },
      { type: "tool_use", id: "toolu_3", name: "w", input: {}, input_json: "{" },
      { type: "server_tool_use", id: "srvtoolu_1", name: "tool_search_tool_bm25", input: { query: "weather" } },
      {
        type: "tool_search_tool_result",
        tool_use_id: "srvtoolu_1",
        content: {
          type: "tool_search_tool_search_result",
          tool_references: [{ type: "tool_reference", tool_name: "w" }],
        },
      },
      { type: "tool_use", name: "no id", input: {} },
    ]);
    expect(responseItems(reply)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Hmm.", signature: "sig" },
          { type: "redacted_thinking", data: "opaque" },
          { type: "text", text: "Looking." },
          { type: "tool_use", id: "toolu_1", name: "w", input: { a: 1 } },
          { type: "tool_use", id: "toolu_2", name: "w", input: {} },
          { type: "tool_use", id: "toolu_3", name: "w", input: {} },
          { type: "server_tool_use", id: "srvtoolu_1", name: "tool_search_tool_bm25", input: { query: "weather" } },
          {
            type: "tool_search_tool_result",
            tool_use_id: "srvtoolu_1",
            content: {
              type: "tool_search_tool_search_result",
              tool_references: [{ type: "tool_reference", tool_name: "w" }],
            },
          },
        ],
      },
    ]);
  });

  it("gives nothing for a reply with nothing to repeat", () => {
    expect(responseItems(message([{ type: "text", text: "" }]))).toEqual([]);
  });
});

describe("turnItems and userMessage", () => {
  it("puts every tool_result of a turn in one user message, in the order given", () => {
    const a = { type: "tool_result" as const, tool_use_id: "a", content: [] };
    const b = { type: "tool_result" as const, tool_use_id: "b", content: [], is_error: true as const };
    expect(turnItems([a, b])).toEqual([{ role: "user", content: [a, b] }]);
    expect(turnItems([])).toEqual([]);
    expect(userMessage("hi")).toEqual({ role: "user", content: "hi" });
  });
});

describe("responseEnd", () => {
  it.each([
    ["end_turn", "complete"],
    ["stop_sequence", "complete"],
    ["tool_use", "complete"],
    ["pause_turn", "continue"],
    ["max_tokens", { incomplete: "max_tokens" }],
    ["refusal", { incomplete: "refusal" }],
    ["model_context_window_exceeded", { incomplete: "model_context_window_exceeded" }],
    [null, { incomplete: "the stream ended before the reply was complete" }],
  ] as const)("%s → %j", (stopReason, end) => {
    expect(responseEnd(message([], stopReason))).toEqual(end);
  });

  it("reads a content list as complete", () => {
    expect(responseEnd([])).toBe("complete");
  });
});
