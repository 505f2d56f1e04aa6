import { anthropicMessage, messageEvents } from "@x/testing";
import type { StreamDelta } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { collectStream } from "./collect-stream";
import type { AnthropicStreamEvent } from "./collect-stream";
import { responseEnd } from "./response-end";

const start = { type: "message_start", message: { ...anthropicMessage([], "end_turn"), stop_reason: null } } as const;

describe("collectStream", () => {
  it("gives the message the same request without stream returns", async () => {
    const message = anthropicMessage(
      [
        { type: "thinking", thinking: "", signature: "" },
        { type: "text", text: "Checking the weather.", citations: null },
        {
          type: "tool_use",
          id: "toolu_1",
          name: "w",
          input: { city: "Paris", days: [1, 2] },
          caller: { type: "direct" },
        },
      ],
      "tool_use",
    );
    const collected = await collectStream(messageEvents(message, 3) as AnthropicStreamEvent[]);
    expect(collected).toEqual({ ...message, usage: { ...(message.usage as object), output_tokens: 12 } });
  });

  it("passes text and input deltas to onDelta as they arrive", async () => {
    const deltas: StreamDelta[] = [];
    const message = anthropicMessage(
      [
        { type: "text", text: "Hi", citations: null },
        { type: "tool_use", id: "toolu_1", name: "w", input: { a: 1 } },
      ],
      "tool_use",
    );
    await collectStream(messageEvents(message, 4) as AnthropicStreamEvent[], { onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual([
      { type: "text", delta: "H" },
      { type: "text", delta: "i" },
      { type: "arguments", callId: "toolu_1", name: "w", delta: '{"a"' },
      { type: "arguments", callId: "toolu_1", name: "w", delta: ":1}" },
    ]);
  });

  it("assembles thinking and its signature", async () => {
    const collected = await collectStream([
      start,
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Let me " } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "think." } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig" } },
      { type: "content_block_stop", index: 0 },
    ]);
    expect(collected.content).toEqual([{ type: "thinking", thinking: "Let me think.", signature: "sig" }]);
  });

  it("marks a call the stream ended inside, and leaves stop_reason null", async () => {
    const collected = await collectStream([
      start,
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "toolu_1", name: "w", input: {} },
      },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"city": "Pa' } },
    ]);
    expect(collected.content).toEqual([{ type: "tool_use", id: "toolu_1", name: "w", input: {}, incomplete: true }]);
    expect(collected.stop_reason).toBeNull();
    expect(responseEnd(collected)).toEqual({ incomplete: "the stream ended before the reply was complete" });
  });

  it("keeps eagerly streamed input that is not JSON as it streamed", async () => {
    const collected = await collectStream([
      start,
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "toolu_1", name: "w", input: {} },
      },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"city": "Pa' } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "max_tokens", stop_sequence: null } },
    ]);
    expect(collected.content).toEqual([
      { type: "tool_use", id: "toolu_1", name: "w", input: {}, input_json: '{"city": "Pa' },
    ]);
  });

  it("stops at an error event and keeps it", async () => {
    const collected = await collectStream([
      start,
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } },
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "lo" } },
    ]);
    expect(collected.content).toEqual([{ type: "text", text: "Hel" }]);
    expect(collected.error).toEqual({ type: "overloaded_error", message: "Overloaded" });
    expect(responseEnd(collected)).toEqual({ incomplete: "the stream failed: overloaded_error: Overloaded" });
  });

  it("ignores pings, unknown events and values that are not events", async () => {
    const collected = await collectStream([
      start,
      { type: "ping" },
      { type: "something_new" } as never,
      null as never,
      { type: "content_block_delta", index: 5, delta: { type: "text_delta", text: "x" } },
      { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 3 } },
      { type: "message_stop" },
    ]);
    expect(collected).toMatchObject({ content: [], stop_reason: "end_turn", usage: { output_tokens: 3 } });
  });

  it("stops reading when the signal aborts", async () => {
    const controller = new AbortController();
    async function* events(): AsyncGenerator<AnthropicStreamEvent> {
      yield start;
      controller.abort(new Error("stop"));
      await new Promise((resolve) => setTimeout(resolve, 0));
      yield { type: "message_stop" };
    }
    await expect(collectStream(events(), { signal: controller.signal })).rejects.toThrow("stop");
  });
});
