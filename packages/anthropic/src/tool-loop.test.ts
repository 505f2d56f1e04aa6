// The Anthropic adapter in @x/executor's loop: the official @anthropic-ai/sdk
// client over HTTP to the stand-in Messages API (which refuses a tool_use left
// unanswered, a tool_result out of place, unknown fields, a strict schema
// outside the subset and a request over the strict budget), and two real MCP
// servers running the calls.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Anthropic from "@anthropic-ai/sdk";
import { runToolLoop } from "@x/executor";
import type { ExecutorEvent, ToolLoopState } from "@x/executor";
import { anthropicMessage, messageEvents, PDF, startAnthropicServer, startDemoServer } from "@x/testing";
import type { AnthropicReply, AnthropicServer, DemoServer, Json } from "@x/testing";
import { buildToolset } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adapter } from "./adapter";
import { allowedTools } from "./allowed-tools";
import { collectStream } from "./collect-stream";
import { startReportsServer } from "./__fixtures__/reports-server";
import type { ReportsServer } from "./__fixtures__/reports-server";

const MODEL = "claude-standin";
let demo: DemoServer;
let reports: ReportsServer;
let toolset: Toolset;
const started: AnthropicServer[] = [];

beforeAll(async () => {
  [demo, reports] = await Promise.all([startDemoServer(), startReportsServer()]);
  toolset = buildToolset([
    ["demo", demo.tools],
    ["reports", reports.tools],
  ]).toolset;
});
afterEach(async () => {
  for (const api of started.splice(0)) await api.close();
});
afterAll(async () => {
  await demo.close();
  await reports.close();
});

/** A turn of the scripted model: a reply, or (for a streamed request) the events to send instead of its own. */
type Turn = { readonly content: Json[]; readonly stop: string } | { readonly events: Json[] };

/** A stand-in whose model says `turns` in order ("Done." after them), and the client pointed at it. */
async function standIn(turns: readonly Turn[]): Promise<{ api: AnthropicServer; anthropic: Anthropic }> {
  let turn = 0;
  const api = await startAnthropicServer((body): AnthropicReply => {
    const next = turns[turn++] ?? { content: [{ type: "text", text: "Done.", citations: null }], stop: "end_turn" };
    if ("events" in next) return { status: 200, events: next.events };
    const message = anthropicMessage(next.content, next.stop, `msg_${turn}`);
    const stream = (body as { stream?: unknown }).stream === true;
    return stream ? { status: 200, events: messageEvents(message) } : { status: 200, body: message };
  });
  started.push(api);
  return { api, anthropic: new Anthropic({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 }) };
}

const use = (id: string, name: string, input: Json = {}): Json => ({ type: "tool_use", id, name, input });
const say = (text: string): Json => ({ type: "text", text, citations: null });
const servers = () => ({ toolset, clients: { demo: demo.client, reports: reports.client } });
const create = (anthropic: Anthropic) => (messages: Anthropic.MessageParam[], tools: Anthropic.ToolUnion[]) =>
  anthropic.messages.create({ model: MODEL, max_tokens: 1024, messages, tools });
/** Each message of a transcript as its role and the types of its blocks. */
const shape = (messages: readonly Anthropic.MessageParam[]): string[] =>
  messages.map(
    ({ role, content }) =>
      `${role}: ${typeof content === "string" ? "text" : content.map((block) => block.type).join(", ")}`,
  );
/** The `tool_result` blocks of the user message at `at`. */
const results = (messages: readonly Anthropic.MessageParam[], at: number) =>
  (messages[at]?.content as Anthropic.ToolResultBlockParam[]).map(({ tool_use_id, content, is_error }) => ({
    tool_use_id,
    content,
    ...(is_error ? { is_error } : {}),
  }));
const requestOf = (api: AnthropicServer, at: number) =>
  api.exchanges[at]?.request as unknown as Anthropic.MessageCreateParams;

describe("runToolLoop on Claude", () => {
  it("answers parallel calls in one user message (an image, a PDF, a text document) and completes", async () => {
    const { api, anthropic } = await standIn([
      {
        content: [
          say("Checking."),
          use("toolu_w", "demo__get_weather", { city: "Paris" }),
          use("toolu_s", "demo__take_screenshot"),
          use("toolu_r", "reports__get_report"),
        ],
        stop: "tool_use",
      },
    ]);
    const result = await runToolLoop({
      model: create(anthropic),
      adapter,
      servers: servers(),
      input: "Weather in Paris, a screenshot and the report?",
    });
    expect(result.stopReason).toBe("completed");
    expect(result.turns).toBe(2);
    expect(shape(result.input)).toEqual([
      "user: text",
      "assistant: text, tool_use, tool_use, tool_use",
      "user: tool_result, tool_result, tool_result",
      "assistant: text",
    ]);
    expect(results(result.input, 2)).toEqual([
      { tool_use_id: "toolu_w", content: [{ type: "text", text: "Paris: 18°C, sunny" }] },
      {
        tool_use_id: "toolu_s",
        content: [
          { type: "text", text: "The dashboard:" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: expect.any(String) as string } },
        ],
      },
      {
        tool_use_id: "toolu_r",
        content: [
          { type: "text", text: "Q3:" },
          {
            type: "document",
            source: { type: "base64", media_type: "application/pdf", data: PDF },
            title: "file:///q3.pdf",
          },
          {
            type: "document",
            source: { type: "text", media_type: "text/plain", data: "# Notes" },
            title: "file:///q3-notes.md",
          },
        ],
      },
    ]);
    expect(result.usage).toEqual({ inputTokens: 20, outputTokens: 10, totalTokens: 30 });
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
    // Every tool went strict (the budget has room) and the request said so.
    expect(requestOf(api, 0).tools?.map((tool) => ("strict" in tool ? tool.strict : undefined))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it("streams through the SDK's events: text and input deltas reach model-delta, and the loop goes on", async () => {
    const { api, anthropic } = await standIn([
      { content: [say("Let me look."), use("toolu_w", "demo__get_weather", { city: "Oslo" })], stop: "tool_use" },
    ]);
    const deltas: ExecutorEvent[] = [];
    const result = await runToolLoop({
      model: async (messages, tools, { signal, onDelta }) =>
        collectStream(
          await anthropic.messages.create(
            { model: MODEL, max_tokens: 1024, messages, tools, stream: true },
            { signal: signal ?? null },
          ),
          { signal, onDelta },
        ),
      adapter,
      servers: servers(),
      input: "Weather in Oslo?",
      hooks: { "model-delta": (event) => void deltas.push(event) },
    });
    expect(result.stopReason).toBe("completed");
    const text = deltas.flatMap((event) =>
      event.type === "model-delta" && event.delta.type === "text" ? [event] : [],
    );
    expect(text.map((event) => event.delta.delta).join("")).toBe("Let me look.Done.");
    expect(text.map((event) => event.turn)).toEqual([1, 1, 2, 2]);
    const input = deltas.flatMap((event) =>
      event.type === "model-delta" && event.delta.type === "arguments" ? [event.delta] : [],
    );
    expect(input.map((delta) => delta.delta).join("")).toBe('{"city":"Oslo"}');
    expect(input.every((delta) => delta.callId === "toolu_w" && delta.name === "demo__get_weather")).toBe(true);
    expect(results(result.input, 2)).toEqual([
      { tool_use_id: "toolu_w", content: [{ type: "text", text: "Oslo: 18°C, sunny" }] },
    ]);
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
  });

  it("answers every error path with is_error and runs none of the bad calls", async () => {
    const { api, anthropic } = await standIn([
      {
        content: [
          use("a", "demo__launch_rocket"),
          use("b", "demo__delete_file", { path: "/etc/passwd" }),
          use("c", "demo__get_weather", { city: 7 }),
          use("d", "demo__get_weather", "Rome"),
          use("e", "reports__wait"),
          use("f", "demo__take_screenshot"),
          use("f", "demo__take_screenshot"),
          use("g", "demo__get_weather", { city: "Rome" }),
          use("i", "demo__take_screenshot"),
        ],
        stop: "tool_use",
      },
      // A reply cut at max_tokens inside its last call: that call never runs.
      { content: [use("h", "demo__get_weather", { city: "Lim" })], stop: "max_tokens" },
    ]);
    const events: ExecutorEvent[] = [];
    const result = await runToolLoop({
      model: create(anthropic),
      adapter,
      servers: servers(),
      input: "Go.",
      approve: (request) => request.name !== "demo__take_screenshot",
      timeoutMs: 200,
      hooks: { "tool-call-rejected": (event) => void events.push(event) },
    });
    // (the calls sharing an id are rejected before approval is asked)
    expect(result.stopReason).toBe("completed");
    const first = results(result.input, 2);
    expect(first.map(({ tool_use_id, is_error }) => [tool_use_id, is_error === true])).toEqual([
      ["a", true],
      ["b", true],
      ["c", true],
      ["d", true],
      ["e", true],
      ["f", true],
      ["g", false],
      ["i", true],
    ]);
    const texts = first.map(({ content }) => (content as Anthropic.TextBlockParam[])[0]?.text);
    expect(texts[0]).toMatch(/^There is no tool named "demo__launch_rocket"\. Available tools: demo__delete_file, /);
    expect(texts[1]).toBe("Permission denied: /etc/passwd");
    expect(texts[2]).toContain("city");
    expect(texts[3]).toMatch(/^The arguments must be a JSON object, got a string/);
    expect(texts[4]).toMatch(/did not answer within 200 ms/);
    expect(texts[5]).toMatch(/^2 calls share the call id "f"/);
    expect(texts[6]).toBe("Rome: 18°C, sunny");
    expect(texts[7]).toBe('The user did not allow the call to the tool "demo__take_screenshot".');
    expect(results(result.input, 4)).toEqual([
      {
        tool_use_id: "h",
        content: [
          { type: "text", text: expect.stringMatching(/^The call to "demo__get_weather" was cut off/) as string },
        ],
        is_error: true,
      },
    ]);
    expect(events.map((event) => ("callId" in event ? event.callId : ""))).toEqual(["a", "d", "f", "h"]);
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200]);
  });

  it("answers a call the stream ended inside, and eager input that is not JSON, running neither", async () => {
    const events = messageEvents(
      anthropicMessage(
        [
          say("Deleting."),
          use("toolu_j", "demo__get_weather", { city: "Rome" }),
          use("toolu_d", "demo__delete_file", { path: "/tmp/x" }),
        ],
        "tool_use",
      ),
    );
    const isDelta = (event: Json, index: number) =>
      (event as { type: string; index: number }).type === "content_block_delta" &&
      (event as { index: number }).index === index;
    // The first call's input streamed eagerly as it came (not JSON); the stream ends inside the second call:
    // no content_block_stop for it, no message_delta.
    const eager = {
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: "{city: Rome" },
    };
    const first = events.findIndex((event) => isDelta(event, 1));
    const cut = [...events.slice(0, first), eager, ...events.slice(first).filter((event) => !isDelta(event, 1))];
    const lastDelta = cut.findLastIndex((event) => isDelta(event, 2));
    const { api, anthropic } = await standIn([{ events: cut.slice(0, lastDelta) }]);
    const result = await runToolLoop({
      model: async (messages, tools) =>
        collectStream(
          await anthropic.messages.create({
            model: MODEL,
            max_tokens: 1024,
            messages,
            tools,
            stream: true,
          }),
        ),
      adapter,
      servers: servers(),
      input: "Delete /tmp/x.",
    });
    expect(result.stopReason).toBe("completed");
    expect(results(result.input, 2)).toEqual([
      {
        tool_use_id: "toolu_j",
        content: [
          {
            type: "text",
            text: expect.stringMatching(/^The arguments are not valid JSON: .* Received: \{city: Rome\./) as string,
          },
        ],
        is_error: true,
      },
      {
        tool_use_id: "toolu_d",
        content: [{ type: "text", text: expect.stringMatching(/was cut off/) as string }],
        is_error: true,
      },
    ]);
    // Repeated with an empty input: the API takes only an object there.
    expect(result.input[1]?.content).toEqual([
      { type: "text", text: "Deleting." },
      { type: "tool_use", id: "toolu_j", name: "demo__get_weather", input: {} },
      { type: "tool_use", id: "toolu_d", name: "demo__delete_file", input: {} },
    ]);
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
  });

  it("rejects with the SDK's error when the stream carries an error event, running nothing", async () => {
    const events = messageEvents(anthropicMessage([use("toolu_d", "demo__delete_file", { path: "/x" })], "tool_use"));
    const { anthropic } = await standIn([
      { events: [events[0]!, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }] },
    ]);
    const ends: ExecutorEvent[] = [];
    const run = runToolLoop({
      model: async (messages, tools) =>
        collectStream(
          await anthropic.messages.create({
            model: MODEL,
            max_tokens: 1024,
            messages,
            tools,
            stream: true,
          }),
        ),
      adapter,
      servers: servers(),
      input: "Go.",
      hooks: { "turn-end": (event) => void ends.push(event) },
    });
    await expect(run).rejects.toBeInstanceOf(Anthropic.APIError);
    expect(ends).toMatchObject([{ type: "turn-end", callCount: 0, error: expect.any(Anthropic.APIError) as unknown }]);
  });

  it("continues after pause_turn with the reply sent back, and ends refusal and max_tokens as incomplete", async () => {
    const search = [
      { type: "server_tool_use", id: "srvtoolu_1", name: "tool_search_tool_bm25", input: { query: "weather" } },
    ];
    const { api, anthropic } = await standIn([
      { content: search, stop: "pause_turn" },
      { content: [say("I cannot help with that.")], stop: "refusal" },
    ]);
    const result = await runToolLoop({
      model: create(anthropic),
      adapter,
      servers: servers(),
      input: "Go.",
      tools: { deferLoading: true },
    });
    expect(result).toMatchObject({ stopReason: "incomplete", incomplete: "refusal", turns: 2 });
    // The second request ends with the paused reply, as received.
    expect(requestOf(api, 1).messages.at(-1)).toEqual({ role: "assistant", content: search });

    const { anthropic: cut } = await standIn([{ content: [say("The answer is")], stop: "max_tokens" }]);
    const ended = await runToolLoop({ model: create(cut), adapter, servers: servers(), input: "Go." });
    expect(ended).toMatchObject({ stopReason: "incomplete", incomplete: "max_tokens", turns: 1 });
  });

  it("finds deferred tools through the API's tool search and answers the call to one", async () => {
    const { api, anthropic } = await standIn([
      {
        content: [
          { type: "server_tool_use", id: "srvtoolu_1", name: "tool_search_tool_bm25", input: { query: "screenshot" } },
          {
            type: "tool_search_tool_result",
            tool_use_id: "srvtoolu_1",
            content: {
              type: "tool_search_tool_search_result",
              tool_references: [{ type: "tool_reference", tool_name: "demo__take_screenshot" }],
            },
          },
          use("toolu_s", "demo__take_screenshot"),
        ],
        stop: "tool_use",
      },
    ]);
    const result = await runToolLoop({
      model: create(anthropic),
      adapter,
      servers: servers(),
      input: "A screenshot?",
      tools: { deferLoading: (entry) => entry.toolName !== "get_weather" },
    });
    expect(result.stopReason).toBe("completed");
    const sent = (requestOf(api, 0).tools ?? []) as { name: string; defer_loading?: boolean }[];
    expect(sent.map((tool) => [tool.name, tool.defer_loading ?? false])).toEqual([
      ["demo__delete_file", true],
      ["demo__get_weather", false],
      ["demo__take_screenshot", true],
      ["reports__get_report", true],
      ["reports__wait", true],
      ["tool_search_tool_bm25", false],
    ]);
    expect(shape(requestOf(api, 1).messages)).toEqual([
      "user: text",
      "assistant: server_tool_use, tool_search_tool_result, tool_use",
      "user: tool_result",
    ]);
    expect(results(result.input, 2)[0]).toMatchObject({ tool_use_id: "toolu_s" });
  });

  it("sends the turn's allowed tools as tool_choice, and answers a call to another tool as unknown", async () => {
    const { api, anthropic } = await standIn([
      { content: [use("toolu_d", "demo__delete_file", { path: "/x" })], stop: "tool_use" },
    ]);
    const result = await runToolLoop({
      model: (messages, tools, { allowedTools: names }) =>
        anthropic.messages.create({
          model: MODEL,
          max_tokens: 1024,
          messages,
          tools,
          tool_choice: allowedTools(names ?? "auto", { mode: "required", parallel: false }),
        }),
      adapter,
      servers: servers(),
      input: "Weather?",
      allowedTools: ["demo__get_weather"],
    });
    expect(requestOf(api, 0).tool_choice).toEqual({
      type: "tool",
      name: "demo__get_weather",
      disable_parallel_tool_use: true,
    });
    expect(results(result.input, 2)).toMatchObject([
      {
        tool_use_id: "toolu_d",
        is_error: true,
        content: [{ text: expect.stringMatching(/^There is no tool/) as string }],
      },
    ]);
    expect(requestOf(api, 0).tools).toHaveLength(5);
  });
});

describe("pause and resume on Claude", () => {
  it("pauses on a call that needs approval and resumes in another process from the state on disk", async () => {
    const { api, anthropic } = await standIn([
      {
        content: [
          use("toolu_w", "demo__get_weather", { city: "Paris" }),
          use("toolu_d", "demo__delete_file", { path: "/tmp/x" }),
        ],
        stop: "tool_use",
      },
    ]);
    const paused = await runToolLoop({
      model: create(anthropic),
      adapter,
      servers: servers(),
      input: "Weather, then delete /tmp/x.",
      approve: (request) => (request.toolName === "delete_file" ? "pause" : true),
    });
    expect(paused.stopReason).toBe("needs-approval");
    const state = paused.state as ToolLoopState<Anthropic.MessageParam>;
    expect(state.pending.map((pending) => pending.callId)).toEqual(["toolu_d"]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    // Nothing was sent while paused: the stand-in saw one request.
    expect(api.exchanges).toHaveLength(1);

    const folder = await mkdtemp(join(tmpdir(), "x-anthropic-pause-"));
    try {
      const file = join(folder, "state.json");
      await writeFile(file, JSON.stringify(state));
      const child = fileURLToPath(new URL("./__fixtures__/resume-in-child.ts", import.meta.url));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--conditions=@x/source", "--import", "tsx", child, file, api.baseURL, JSON.stringify({ toolu_d: false })],
        { cwd: fileURLToPath(new URL("..", import.meta.url)) },
      );
      const resumed = JSON.parse(stdout) as {
        stopReason: string;
        turns: number;
        input: Anthropic.MessageParam[];
        pid: number;
      };
      expect(resumed.pid).not.toBe(process.pid);
      expect(resumed).toMatchObject({ stopReason: "completed", turns: 2 });
      expect(shape(resumed.input)).toEqual([
        "user: text",
        "assistant: tool_use, tool_use",
        "user: tool_result, tool_result",
        "assistant: text",
      ]);
      expect(results(resumed.input, 2)).toEqual([
        { tool_use_id: "toolu_w", content: [{ type: "text", text: "Paris: 18°C, sunny" }] },
        {
          tool_use_id: "toolu_d",
          content: [{ type: "text", text: 'The user did not allow the call to the tool "demo__delete_file".' }],
          is_error: true,
        },
      ]);
      // The resumed request had every tool_use answered in one message: the stand-in took it.
      expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
