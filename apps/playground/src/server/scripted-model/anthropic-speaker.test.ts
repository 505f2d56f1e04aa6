// The scripted model speaking Anthropic's Messages API, its events gathered by
// the official SDK's own accumulator (`MessageStream`, what `messages.stream()`
// returns), with requests written as the tool-use docs show them.
import { MessageStream } from "@anthropic-ai/sdk/lib/MessageStream";
import type { Message, MessageParam, RawMessageStreamEvent, Tool } from "@anthropic-ai/sdk/resources/messages/messages";
import { describe, expect, it } from "vitest";
import { scriptedClient } from "./scripted-client";

const tools: Tool[] = [
  {
    name: "demo__divide",
    description: "Divide two numbers.",
    input_schema: {
      type: "object",
      properties: { dividend: { type: "number" }, divisor: { type: "number" } },
      required: ["dividend", "divisor"],
      additionalProperties: false,
    },
    strict: true,
  },
  {
    name: "demo__plot_bars",
    description: "Plot numbers as bars.",
    input_schema: {
      type: "object",
      properties: { values: { type: "array", items: { type: "number" } } },
      required: ["values"],
    },
  },
];
const MESSAGE = "Divide 84 by 2 and plot 3 1 4 as bars";

/** The events of one answer, and the message the SDK's own accumulator makes of them. */
async function ask(messages: MessageParam[]): Promise<{ events: RawMessageStreamEvent[]; message: Message }> {
  const stream = await scriptedClient.messages.create({
    model: "scripted",
    max_tokens: 1024,
    messages,
    tools,
    stream: true,
  });
  const events: RawMessageStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  const lines = new TextEncoder().encode(events.map((event) => `${JSON.stringify(event)}\n`).join(""));
  const readable = new ReadableStream<Uint8Array>({
    start: (controller) => {
      controller.enqueue(lines);
      controller.close();
    },
  });
  return { events, message: await MessageStream.fromReadableStream(readable).finalMessage() };
}

describe("the scripted model in Anthropic Messages", () => {
  it("streams a text block and two tool_use blocks, their input in pieces, and stops for tool use", async () => {
    const { events, message } = await ask([{ role: "user", content: MESSAGE }]);
    expect(events[0]?.type).toBe("message_start");
    expect(events.at(-1)?.type).toBe("message_stop");
    const deltas = events.flatMap((event) => (event.type === "content_block_delta" ? [event.delta.type] : []));
    expect(deltas.filter((type) => type === "text_delta").length).toBeGreaterThan(3);
    expect(deltas.filter((type) => type === "input_json_delta").length).toBeGreaterThan(3);
    expect(message.stop_reason).toBe("tool_use");
    const [text, divide, plot] = message.content;
    expect(text?.type === "text" && text.text).toContain("I'll call demo__divide and demo__plot_bars at once");
    expect(divide).toMatchObject({ type: "tool_use", name: "demo__divide", input: { dividend: 84, divisor: 2 } });
    expect(plot).toMatchObject({ type: "tool_use", name: "demo__plot_bars", input: { values: [3, 1, 4] } });
  });

  it("reads the tool_result blocks (is_error, an image) and answers citing them", async () => {
    const first = await ask([{ role: "user", content: MESSAGE }]);
    const uses = first.message.content.flatMap((block) => (block.type === "tool_use" ? [block] : []));
    const messages: MessageParam[] = [
      { role: "user", content: MESSAGE },
      { role: "assistant", content: first.message.content },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: uses[0]?.id ?? "", is_error: true, content: "No dividing today." },
          {
            type: "tool_result",
            tool_use_id: uses[1]?.id ?? "",
            content: [
              { type: "text", text: "A chart." },
              { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
            ],
          },
        ],
      },
    ];
    // An error without an error prefix: is_error says it, and the model tries once more.
    const retry = await ask(messages);
    expect(retry.message.content.flatMap((block) => (block.type === "tool_use" ? [block.input] : []))).toEqual([
      { dividend: 8, divisor: 8 },
    ]);
    const again = retry.message.content.find((block) => block.type === "tool_use");
    const done = await ask([
      ...messages,
      { role: "assistant", content: retry.message.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: again?.id ?? "", content: "1" }] },
    ]);
    expect(done.message.stop_reason).toBe("end_turn");
    expect(done.message.content).toEqual([
      {
        type: "text",
        text:
          "Here is what the tools said:\n" +
          "- demo__divide failed: “No dividing today.” Then, with the example: demo__divide returned “1”.\n" +
          "- demo__plot_bars returned “A chart.” and an image (shown with the call).",
        citations: null,
      },
    ]);
  });

  it("refuses, as the API does, a tool_use the next message does not answer", async () => {
    const first = await ask([{ role: "user", content: MESSAGE }]);
    const uses = first.message.content.flatMap((block) => (block.type === "tool_use" ? [block] : []));
    const unanswered: MessageParam[] = [
      { role: "user", content: MESSAGE },
      { role: "assistant", content: first.message.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: uses[0]?.id ?? "", content: "42" }] },
    ];
    await expect(
      scriptedClient.messages.create({
        model: "scripted",
        max_tokens: 1024,
        messages: unanswered,
        tools,
        stream: true,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(`tool_use\` ids were found without \`tool_result\` blocks`) as string,
    });
  });
});
