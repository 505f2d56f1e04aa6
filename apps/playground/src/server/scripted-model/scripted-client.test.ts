// The scripted model through the same collectors the conversation uses for the
// real client's streams, request bodies written as each API's docs show them.
import { collectStream as collectChat } from "@x/openai-chat";
import { collectStream as collectResponses } from "@x/openai-responses";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { FunctionTool, ResponseInputItem } from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import { scriptedClient } from "./scripted-client";

const divide = {
  name: "demo__divide",
  description: "Divide two numbers.",
  parameters: {
    type: "object",
    properties: { dividend: { type: "number" }, divisor: { type: "number" } },
    required: ["dividend", "divisor"],
    additionalProperties: false,
  },
  strict: true,
};
const plot = {
  name: "demo__plot_bars",
  description: "Plot numbers as bars.",
  parameters: {
    type: "object",
    properties: { values: { type: "array", items: { type: "number" } } },
    required: ["values"],
    additionalProperties: false,
  },
  strict: true,
};
const chatTools: ChatCompletionTool[] = [divide, plot].map((tool) => ({ type: "function", function: tool }));
const responsesTools: FunctionTool[] = [divide, plot].map((tool) => ({ type: "function", ...tool }));
const MESSAGE = "Divide 84 by 2 and plot 3 1 4 as bars";

describe("the scripted model in Chat Completions", () => {
  it("streams its text and two calls' arguments in pieces, collected as one completion", async () => {
    const deltas: string[] = [];
    const stream = await scriptedClient.chat.completions.create({
      model: "scripted",
      messages: [{ role: "user", content: MESSAGE }],
      tools: chatTools,
      stream: true,
    });
    const completion = await collectChat(stream, { onDelta: (delta) => deltas.push(delta.type) });
    const message = completion.choices[0]?.message;
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    expect(message?.content).toContain("I'll call demo__divide and demo__plot_bars at once");
    expect(
      message?.tool_calls?.map((call) =>
        call.type === "function" ? [call.function.name, call.function.arguments] : [],
      ),
    ).toEqual([
      ["demo__divide", '{"dividend":84,"divisor":2}'],
      ["demo__plot_bars", '{"values":[3,1,4]}'],
    ]);
    expect(deltas.filter((type) => type === "text").length).toBeGreaterThan(3);
    expect(deltas.filter((type) => type === "arguments").length).toBeGreaterThan(3);
  });

  it("reads the tool messages and answers citing them", async () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: "user", content: "earlier" },
      { role: "assistant", content: "Done." },
      { role: "user", content: MESSAGE },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "demo__divide", arguments: "{}" } },
          { id: "call_2", type: "function", function: { name: "demo__plot_bars", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "call_2", content: [{ type: "text", text: "A chart." }] },
      { role: "tool", tool_call_id: "call_1", content: "42" },
    ];
    const stream = await scriptedClient.chat.completions.create({
      model: "scripted",
      messages,
      tools: chatTools,
      stream: true,
    });
    const completion = await collectChat(stream);
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.choices[0]?.message.content).toBe(
      "Here is what the tools said:\n- demo__divide returned “42”.\n- demo__plot_bars returned “A chart.”.",
    );
  });

  it("stops between two pieces when the signal aborts", async () => {
    const controller = new AbortController();
    const stream = await scriptedClient.chat.completions.create(
      { model: "scripted", messages: [{ role: "user", content: MESSAGE }], tools: chatTools, stream: true },
      { signal: controller.signal },
    );
    const collected = collectChat(stream, {
      signal: controller.signal,
      onDelta: () => controller.abort(new Error("stopped by the test")),
    });
    await expect(collected).rejects.toThrow("stopped by the test");
  });
});

describe("the scripted model in Responses", () => {
  it("streams a message and two function_call items, collected as one response", async () => {
    const deltas: string[] = [];
    const stream = await scriptedClient.responses.create({
      model: "scripted",
      input: [{ role: "user", content: MESSAGE }],
      tools: responsesTools,
      stream: true,
    });
    const response = await collectResponses(stream, { onDelta: (delta) => deltas.push(delta.type) });
    expect(response.status).toBe("completed");
    expect(response.output_text).toContain("I'll call demo__divide and demo__plot_bars at once");
    expect(
      response.output.flatMap((item) => (item.type === "function_call" ? [[item.name, item.arguments]] : [])),
    ).toEqual([
      ["demo__divide", '{"dividend":84,"divisor":2}'],
      ["demo__plot_bars", '{"values":[3,1,4]}'],
    ]);
    expect(deltas.filter((type) => type === "text").length).toBeGreaterThan(3);
    expect(deltas.filter((type) => type === "arguments").length).toBeGreaterThan(3);
  });

  it("reads the function_call_output items (an image among them) and answers citing them", async () => {
    const input: ResponseInputItem[] = [
      { role: "user", content: [{ type: "input_text", text: MESSAGE }] },
      { type: "function_call", call_id: "call_1", name: "demo__divide", arguments: "{}" },
      { type: "function_call", call_id: "call_2", name: "demo__plot_bars", arguments: "{}" },
      { type: "function_call_output", call_id: "call_1", output: "42" },
      {
        type: "function_call_output",
        call_id: "call_2",
        output: [
          { type: "input_text", text: "A chart." },
          { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "auto" },
        ],
      },
    ];
    const stream = await scriptedClient.responses.create({
      model: "scripted",
      input,
      tools: responsesTools,
      stream: true,
    });
    const response = await collectResponses(stream);
    expect(response.output_text).toBe(
      "Here is what the tools said:\n- demo__divide returned “42”.\n" +
        "- demo__plot_bars returned “A chart.” and an image (shown with the call).",
    );
    expect(response.output.some((item) => item.type === "function_call")).toBe(false);
  });
});
