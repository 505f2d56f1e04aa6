// Two ways to stream with the official client, over real HTTP against the
// local stand-in, when the model's arguments for a strict tool are not valid
// JSON: `responses.stream(…)` parses them itself and rejects the whole run;
// `create({ stream: true })` with collectStream answers that call with an
// error, runs the other, and the conversation goes on. The README recommends
// the second for this reason.
import OpenAI from "openai";
import type {
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputMessage,
  ResponseStreamEvent,
} from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesToolset, startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer } from "@x/testing";
import { snapshot } from "./__fixtures__/streamed-events";
import { adapter, collectStream, toolCalls, toolOutput, tools } from "./index";

const { responseItems } = adapter;

const BROKEN = '{"path":"/tmp/a';
const WHOLE = "Read /tmp/a and list /tmp (whole arguments).";

type Unnumbered<T> = T extends unknown ? Omit<T, "sequence_number"> : never;
const numbered = (events: Unnumbered<ResponseStreamEvent>[]): ResponseStreamEvent[] =>
  events.map((event, n) => ({ ...event, sequence_number: n }));
const call = (
  id: string,
  callId: string,
  name: string,
  args: string,
  status: "completed",
): ResponseFunctionToolCall => ({
  type: "function_call",
  id,
  call_id: callId,
  name,
  arguments: args,
  status,
});

// Two parallel calls of strict tools: read_file's arguments stop inside a string (unless whole), list_dir's are whole.
const calls = (readArguments: string): ResponseStreamEvent[] => {
  const read = call("fc_1", "call_read", "files__read_file", readArguments, "completed");
  const list = call("fc_2", "call_list", "files__list_dir", "{}", "completed");
  return numbered([
    { type: "response.created", response: snapshot("in_progress", []) },
    { type: "response.output_item.added", output_index: 0, item: { ...read, arguments: "", status: "in_progress" } },
    { type: "response.function_call_arguments.delta", output_index: 0, item_id: "fc_1", delta: readArguments },
    { type: "response.function_call_arguments.done", output_index: 0, item_id: "fc_1", arguments: readArguments },
    { type: "response.output_item.done", output_index: 0, item: read },
    { type: "response.output_item.added", output_index: 1, item: { ...list, arguments: "", status: "in_progress" } },
    { type: "response.function_call_arguments.delta", output_index: 1, item_id: "fc_2", delta: "{}" },
    { type: "response.function_call_arguments.done", output_index: 1, item_id: "fc_2", arguments: "{}" },
    { type: "response.output_item.done", output_index: 1, item: list },
    { type: "response.completed", response: snapshot("completed", [read, list]) },
  ]);
};
const message: ResponseOutputMessage = {
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text: "The folder is empty.", annotations: [], logprobs: [] }],
};
const ANSWER = numbered([
  { type: "response.created", response: snapshot("in_progress", []) },
  { type: "response.output_item.added", output_index: 0, item: { ...message, status: "in_progress", content: [] } },
  { type: "response.output_item.done", output_index: 0, item: message },
  { type: "response.completed", response: snapshot("completed", [message]) },
]);

// The wire form: `output_text` is the openai package's own addition to a response.
const wire = (events: ResponseStreamEvent[]): Json[] =>
  JSON.parse(JSON.stringify(events, (key, value: unknown) => (key === "output_text" ? undefined : value))) as Json[];

describe("streaming a strict tool's malformed arguments through the official client", () => {
  const prepared = tools(filesToolset);
  const responsesTools = prepared.tools;
  let api: OpenAiServer;
  let openai: OpenAI;
  beforeAll(async () => {
    // A request answering the calls gets text; a first request, the calls, broken unless the user asks for "whole".
    api = await startOpenAiServer((_path, body) => {
      const input = (body as { input: ResponseInputItem[] | string }).input;
      const answered = Array.isArray(input) && input.some((item) => item.type === "function_call_output");
      const events = answered ? ANSWER : calls(input === WHOLE ? `${BROKEN}"}` : BROKEN);
      return { status: 200, events: wire(events) };
    });
    openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
  });
  afterAll(() => api.close());

  const input = "Read /tmp/a and list /tmp.";

  it("sends strict tools, which the client's stream helper parses", () => {
    const strict = (name: string): boolean | null | undefined =>
      responsesTools.flatMap((tool) => (tool.type === "function" && tool.name === name ? [tool.strict] : []))[0];
    expect([strict("files__read_file"), strict("files__list_dir")]).toEqual([true, true]);
  });

  it("responses.stream(…) collects the same calls when their arguments are whole", async () => {
    const response = await openai.responses
      .stream({ model: "gpt-test", input: WHOLE, tools: responsesTools })
      .finalResponse();
    expect(response.output.map((item) => (item.type === "function_call" ? item.call_id : item.type))).toEqual([
      "call_read",
      "call_list",
    ]);
  });

  it("responses.stream(…) rejects the whole run with the helper's own JSON error", async () => {
    const stream = openai.responses.stream({ model: "gpt-test", input, tools: responsesTools });
    // (openai 7.59: "Error reading response: invalid structured output JSON.", JSON.parse's SyntaxError its cause)
    await expect(stream.finalResponse()).rejects.toThrow(/JSON/);
  });

  it("create({ stream: true }) with collectStream answers that call, runs the other, and goes on", async () => {
    const stream = await openai.responses.create({ model: "gpt-test", input, tools: responsesTools, stream: true });
    const response = await collectStream(stream);
    const { calls: toRun, rejected } = toolCalls(response, prepared);
    expect(toRun.map((c) => [c.callId, c.toolName, c.arguments])).toEqual([["call_list", "list_dir", {}]]);
    expect(rejected.map((c) => [c.callId, c.error.code])).toEqual([["call_read", "arguments-not-json"]]);
    expect(JSON.stringify(rejected[0]?.output)).toContain("they end before the JSON is complete");

    const outputs = [
      ...rejected.map((c) => c.output),
      ...toRun.map((c) => toolOutput(c, { content: [{ type: "text", text: "(empty)" }] })),
    ];
    const next = await openai.responses.create({
      model: "gpt-test",
      input: [{ role: "user", content: input }, ...responseItems(response), ...outputs],
      tools: responsesTools,
      stream: true,
    });
    expect((await collectStream(next)).output_text).toBe("The folder is empty.");
  });
});
