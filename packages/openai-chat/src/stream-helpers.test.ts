// Two ways to stream with the official client, over real HTTP against the
// local stand-in, when the model's arguments for a strict tool are not valid
// JSON: `chat.completions.stream(…)` parses them itself and rejects the whole
// run; `create({ stream: true })` with collectStream answers that call with an
// error, runs the other, and the conversation goes on. The README recommends
// the second for this reason.
import OpenAI from "openai";
import type { ChatCompletionChunk, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesToolset, startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer } from "@x/testing";
import { adapter, collectStream, toolCalls, toolOutput, tools } from "./index";

const { responseItems } = adapter;

const BROKEN = '{"path":"/tmp/a';
const WHOLE = "Read /tmp/a and list /tmp (whole arguments).";

const chunk = (delta: ChatCompletionChunk.Choice.Delta, finish: "tool_calls" | null = null): ChatCompletionChunk => ({
  id: "chatcmpl-b1",
  object: "chat.completion.chunk",
  created: 1767225600,
  model: "gpt-test",
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
});
// Two parallel calls of strict tools: read_file's arguments stop inside a string, list_dir's are whole.
const calls = (readArguments: string): ChatCompletionChunk[] => [
  chunk({ role: "assistant", content: null }),
  chunk({
    tool_calls: [
      { index: 0, id: "call_read", type: "function", function: { name: "files__read_file", arguments: "" } },
    ],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: readArguments } }] }),
  chunk({
    tool_calls: [
      { index: 1, id: "call_list", type: "function", function: { name: "files__list_dir", arguments: "{}" } },
    ],
  }),
  chunk({}, "tool_calls"),
];
const ANSWER: ChatCompletionChunk[] = [chunk({ role: "assistant", content: "The folder is empty." }), chunk({}, null)];

describe("streaming a strict tool's malformed arguments through the official client", () => {
  const prepared = tools(filesToolset);
  const chatTools = prepared.tools;
  let api: OpenAiServer;
  let openai: OpenAI;
  beforeAll(async () => {
    // A request answering the calls gets text; a first request, the calls, broken unless the user asks for "whole".
    api = await startOpenAiServer((_path, body) => {
      const messages = (body as { messages: { role: string; content: unknown }[] }).messages;
      const answered = messages.some((message) => message.role === "tool");
      const whole = messages[0]?.content === WHOLE;
      const events = answered ? ANSWER : calls(whole ? `${BROKEN}"}` : BROKEN);
      return { status: 200, events: events as unknown as Json[] };
    });
    openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
  });
  afterAll(() => api.close());

  const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Read /tmp/a and list /tmp." }];

  it("sends strict tools, which the client's stream helper parses", () => {
    const strict = (name: string): boolean | undefined =>
      chatTools.find((tool) => tool.function.name === name)?.function.strict;
    expect([strict("files__read_file"), strict("files__list_dir")]).toEqual([true, true]);
  });

  it("chat.completions.stream(…) collects the same calls when their arguments are whole", async () => {
    const user: ChatCompletionMessageParam = { role: "user", content: WHOLE };
    const stream = openai.chat.completions.stream({ model: "gpt-test", messages: [user], tools: chatTools });
    const completion = await stream.finalChatCompletion();
    expect(completion.choices[0]?.message.tool_calls?.map((call) => call.id)).toEqual(["call_read", "call_list"]);
  });

  it("chat.completions.stream(…) rejects the whole run with the helper's own JSON error", async () => {
    const stream = openai.chat.completions.stream({ model: "gpt-test", messages, tools: chatTools });
    // (openai 7.59: "Error reading response: invalid structured output JSON.", JSON.parse's SyntaxError its cause)
    await expect(stream.finalChatCompletion()).rejects.toThrow(/JSON/);
  });

  it("create({ stream: true }) with collectStream answers that call, runs the other, and goes on", async () => {
    const stream = await openai.chat.completions.create({
      model: "gpt-test",
      messages,
      tools: chatTools,
      stream: true,
    });
    const completion = await collectStream(stream);
    const { calls, rejected } = toolCalls(completion, prepared);
    expect(calls.map((call) => [call.callId, call.toolName, call.arguments])).toEqual([["call_list", "list_dir", {}]]);
    expect(rejected.map((call) => [call.callId, call.error.code])).toEqual([["call_read", "arguments-not-json"]]);
    expect(rejected[0]?.output.content).toContain("they end before the JSON is complete");

    const outputs = [
      ...rejected.map((call) => call.output),
      ...calls.map((call) => toolOutput(call, { content: [{ type: "text", text: "(empty)" }] })),
    ];
    const next = await openai.chat.completions.create({
      model: "gpt-test",
      messages: [...messages, ...responseItems(completion), ...outputs],
      tools: chatTools,
      stream: true,
    });
    const answer = await collectStream(next);
    expect(answer.choices[0]?.message.content).toBe("The folder is empty.");
  });
});
