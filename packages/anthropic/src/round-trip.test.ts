// The whole round over real HTTP: the official @anthropic-ai/sdk client, the
// stand-in Messages API (which refuses what the API refuses) and a real MCP
// server. Each reply's calls run on the server and are answered in one user
// message, which the stand-in checks before it answers the next turn.
import Anthropic from "@anthropic-ai/sdk";
import { anthropicMessage, messageEvents, startAnthropicServer, startDemoServer } from "@x/testing";
import type { AnthropicServer, DemoServer, Json } from "@x/testing";
import { buildToolset, toCallToolResult } from "@x/toolset";
import type { StreamDelta, ToolCalls } from "@x/toolset";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnthropicMessageParam, AnthropicToolResultBlock } from "./anthropic-types";
import { collectStream } from "./collect-stream";
import { responseEnd } from "./response-end";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { toolOutput } from "./tool-output";
import { tools } from "./tools";
import { turnItems, userMessage } from "./turn-items";

const FIRST_TURN: Json[] = [
  { type: "text", text: "Let me look.", citations: null },
  {
    type: "tool_use",
    id: "toolu_weather",
    name: "demo__get_weather",
    input: { city: "Paris" },
    caller: { type: "direct" },
  },
  { type: "tool_use", id: "toolu_screen", name: "demo__take_screenshot", input: {}, caller: { type: "direct" } },
  { type: "tool_use", id: "toolu_unknown", name: "demo__launch", input: {}, caller: { type: "direct" } },
  {
    type: "tool_use",
    id: "toolu_delete",
    name: "demo__delete_file",
    input: { path: "/etc/passwd" },
    caller: { type: "direct" },
  },
];

// The scripted model: tool calls on the first turn, text once they are answered.
const model = (body: Json) => {
  const messages = (body as { messages: Json[] }).messages;
  const stream = (body as { stream?: boolean }).stream === true;
  const message =
    messages.length === 1
      ? anthropicMessage(FIRST_TURN, "tool_use")
      : anthropicMessage([{ type: "text", text: "Paris is sunny.", citations: null }], "end_turn", "msg_2");
  return stream ? { status: 200 as const, events: messageEvents(message) } : { status: 200, body: message };
};

let demo: DemoServer;
let api: AnthropicServer;
let anthropic: Anthropic;

beforeAll(async () => {
  demo = await startDemoServer();
  api = await startAnthropicServer(model);
  anthropic = new Anthropic({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
});
afterAll(async () => {
  await api.close();
  await demo.close();
});

async function answer(found: ToolCalls<AnthropicToolResultBlock>): Promise<AnthropicToolResultBlock[]> {
  const ran = await Promise.all(
    found.calls.map(async (call) => {
      const result = await demo.client.callTool({ name: call.toolName, arguments: call.arguments });
      return { index: call.index, output: toolOutput(call, toCallToolResult(result)) };
    }),
  );
  return [...found.rejected, ...ran].sort((a, b) => a.index - b.index).map((entry) => entry.output);
}

describe("a round with the official client over HTTP", () => {
  it.each([false, true])(
    "streaming %s: every tool_use is answered in one user message the API takes",
    async (stream) => {
      const { toolset } = buildToolset([["demo", demo.tools]]);
      const prepared = tools(toolset);
      const messages: AnthropicMessageParam[] = [userMessage("Weather in Paris, a screenshot, then delete a file.")];
      const deltas: StreamDelta[] = [];
      const request = { model: "claude-standin", max_tokens: 1024, messages, tools: prepared.tools };
      const first = stream
        ? await collectStream(await anthropic.messages.create({ ...request, stream: true }), {
            onDelta: (delta) => deltas.push(delta),
          })
        : await anthropic.messages.create(request);

      const found = toolCalls(first, prepared);
      expect(found.calls.map((call) => [call.callId, call.toolName, call.arguments])).toEqual([
        ["toolu_weather", "get_weather", { city: "Paris" }],
        ["toolu_screen", "take_screenshot", {}],
        ["toolu_delete", "delete_file", { path: "/etc/passwd" }],
      ]);
      expect(found.rejected.map((r) => [r.callId, r.error.code])).toEqual([["toolu_unknown", "unknown-tool"]]);

      messages.push(...responseItems(first), ...turnItems(await answer(found)));
      const second = await anthropic.messages.create({ ...request, messages });
      expect(responseEnd(second)).toBe("complete");
      expect(second.content).toEqual([{ type: "text", text: "Paris is sunny.", citations: null }]);

      const sent = api.exchanges.at(-1)!.request as unknown as { messages: AnthropicMessageParam[] };
      expect(sent.messages[2]).toEqual({
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_weather",
            content: [{ type: "text", text: "Paris: 18°C, sunny" }],
          },
          {
            type: "tool_result",
            tool_use_id: "toolu_screen",
            content: [
              { type: "text", text: "The dashboard:" },
              {
                type: "image",
                source: { type: "base64", media_type: "image/png", data: expect.any(String) as string },
              },
            ],
          },
          {
            type: "tool_result",
            tool_use_id: "toolu_unknown",
            content: [
              { type: "text", text: expect.stringContaining('There is no tool named "demo__launch"') as string },
            ],
            is_error: true,
          },
          {
            type: "tool_result",
            tool_use_id: "toolu_delete",
            content: [{ type: "text", text: "Permission denied: /etc/passwd" }],
            is_error: true,
          },
        ],
      });
      if (stream) {
        expect(
          deltas
            .filter((d) => d.type === "text")
            .map((d) => d.delta)
            .join(""),
        ).toBe("Let me look.");
        const weather = deltas.filter((d) => d.type === "arguments" && d.callId === "toolu_weather");
        expect(weather.map((d) => d.delta).join("")).toBe('{"city":"Paris"}');
      }
    },
  );
});

describe("what the stand-in refuses, through the official client", () => {
  const base = { model: "claude-standin", max_tokens: 64 };
  const toolUse = {
    role: "assistant" as const,
    content: [{ type: "tool_use" as const, id: "toolu_1", name: "t", input: {} }],
  };
  const result = (id: string) => ({ type: "tool_result" as const, tool_use_id: id, content: "ok" });
  const tool = (input_schema: object, strict = false) => ({ name: "t", input_schema, strict }) as Anthropic.Tool;

  it.each<[string, Anthropic.MessageCreateParamsNonStreaming, string]>([
    [
      "a tool_use not answered in the next message",
      { ...base, messages: [{ role: "user", content: "hi" }, toolUse, { role: "user", content: "go on" }] },
      "`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1",
    ],
    [
      "a tool_result for an unknown id",
      {
        ...base,
        messages: [
          { role: "user", content: "hi" },
          toolUse,
          { role: "user", content: [result("toolu_1"), result("toolu_2")] },
        ],
      },
      "unexpected `tool_use_id` found in `tool_result` blocks: toolu_2",
    ],
    [
      "a tool_result after text",
      {
        ...base,
        messages: [
          { role: "user", content: "hi" },
          toolUse,
          { role: "user", content: [{ type: "text", text: "here:" }, result("toolu_1")] },
        ],
      },
      "tool_result blocks must come first",
    ],
    [
      "an unknown field",
      { ...base, messages: [{ role: "user", content: "hi" }], parallel_tool_calls: false } as never,
      "body.parallel_tool_calls: Extra inputs are not permitted",
    ],
    [
      "a root anyOf",
      { ...base, messages: [{ role: "user", content: "hi" }], tools: [tool({ type: "object", anyOf: [] })] },
      "does not support oneOf, allOf, or anyOf at the top level",
    ],
    [
      "a strict schema outside the subset",
      {
        ...base,
        messages: [{ role: "user", content: "hi" }],
        tools: [
          tool(
            { type: "object", properties: { n: { type: "integer", minimum: 1 } }, additionalProperties: false },
            true,
          ),
        ],
      },
      `"minimum" is not supported in Anthropic's strict tool use`,
    ],
    [
      "a 21st strict tool",
      {
        ...base,
        messages: [{ role: "user", content: "hi" }],
        tools: Array.from({ length: 21 }, (_, i) => ({
          name: `t${i}`,
          input_schema: { type: "object" as const, properties: {}, additionalProperties: false },
          strict: true,
        })),
      },
      "Too many strict tools (21)",
    ],
  ])("%s", async (_label, params, message) => {
    const error: unknown = await anthropic.messages.create(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", message: expect.stringContaining(message) as string },
    });
  });
});
