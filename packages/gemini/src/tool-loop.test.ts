// The Gemini adapter in @x/executor's loop: the official @google/genai client
// over HTTP to the stand-in Gemini API (which refuses a lost or moved thought
// signature and answers that do not match the calls one to one), and the demo
// MCP server running the calls.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { GoogleGenAI } from "@google/genai";
import type { Content } from "@google/genai";
import { runToolLoop } from "@x/executor";
import type { ExecutorEvent, ToolLoopState } from "@x/executor";
import { startDemoServer, startGeminiServer } from "@x/testing";
import type { DemoServer, GeminiServer, GeminiTurn, Json } from "@x/testing";
import { buildToolset } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adapter } from "./adapter";
import { collectStream } from "./collect-stream";

const MODEL = "gemini-3-flash-preview";
let demo: DemoServer;
let toolset: Toolset;
const started: GeminiServer[] = [];

beforeAll(async () => {
  demo = await startDemoServer();
  toolset = buildToolset([["demo", demo.tools]]).toolset;
});
afterEach(async () => {
  for (const api of started.splice(0)) await api.close();
});
afterAll(() => demo.close());

/** A stand-in whose model says `turns` in order ("Done." after them), and the client pointed at it. */
async function standIn(turns: readonly GeminiTurn[]): Promise<{ api: GeminiServer; ai: GoogleGenAI }> {
  const api = await startGeminiServer(({ turn }) => turns[turn] ?? { parts: [{ text: "Done." }] });
  started.push(api);
  return { api, ai: new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: api.baseUrl } }) };
}

const call = (id: string | undefined, name: string, args: Json = {}): Json => ({
  functionCall: { ...(id === undefined ? {} : { id }), name, args },
});
const servers = () => ({ toolset, clients: { demo: demo.client } });
/**
 * The loop's transcript as the SDK's contents. The executor types an entry as the caller's input, a
 * response item or an adapter's answer; a Gemini answer (a part) only ever reaches the transcript inside
 * turnItems' content, so every entry is a Content.
 */
const asContents = (entries: readonly unknown[]): Content[] => entries as Content[];
const aborting = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { abortSignal: signal });
/** Each content of a transcript as its role and the kinds of its parts. */
const shape = (contents: readonly Content[]): string[] =>
  contents.map(
    (content) =>
      `${content.role}: ${(content.parts ?? [])
        .map((part) =>
          Object.keys(part)
            .filter((key) => key !== "thought" && key !== "thoughtSignature")
            .join("+"),
        )
        .join(", ")}`,
  );

describe("runToolLoop on Gemini", () => {
  it("runs parallel calls, answers them in one content (an image as a media part), and completes", async () => {
    const { api, ai } = await standIn([
      {
        parts: [
          { text: "Checking both.", thought: true },
          call("w", "demo__get_weather", { city: "Paris" }),
          call("s", "demo__take_screenshot"),
        ],
      },
    ]);
    const result = await runToolLoop({
      model: (contents, sent, { signal }) =>
        ai.models.generateContent({
          model: MODEL,
          contents: asContents(contents),
          config: { tools: sent, ...aborting(signal) },
        }),
      adapter,
      servers: servers(),
      input: "Weather in Paris, and a screenshot?",
    });
    expect(result.stopReason).toBe("completed");
    expect(result.turns).toBe(2);
    expect(shape(result.input as Content[])).toEqual([
      "user: text",
      "model: text, functionCall, functionCall",
      "user: functionResponse, functionResponse",
      "model: text",
    ]);
    const answers = (result.input[2] as Content).parts?.map((part) => part.functionResponse);
    expect(answers).toEqual([
      { id: "w", name: "demo__get_weather", response: { output: "Paris: 18°C, sunny" } },
      {
        id: "s",
        name: "demo__take_screenshot",
        response: { output: "The dashboard:" },
        parts: [{ inlineData: { mimeType: "image/png", data: expect.any(String) as string } }],
      },
    ]);
    expect(result.usage).toEqual({ inputTokens: 24, outputTokens: 10, totalTokens: 34 });
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
  });

  it('answers with placeholders for a model without multimodal function responses (media: "placeholder")', async () => {
    const { ai } = await standIn([{ parts: [call("s", "demo__take_screenshot")] }]);
    const result = await runToolLoop({
      model: (contents, sent) =>
        ai.models.generateContent({ model: MODEL, contents: asContents(contents), config: { tools: sent } }),
      adapter,
      servers: servers(),
      input: "A screenshot?",
      tools: { media: "placeholder" },
    });
    expect((result.input[2] as Content).parts?.[0]?.functionResponse).toEqual({
      id: "s",
      name: "demo__take_screenshot",
      response: { output: "The dashboard:\n[image: image/png, 69 bytes]" },
    });
  });

  it("streams: text deltas reach model-delta, and the collected response goes on as the plain one does", async () => {
    const { api, ai } = await standIn([
      { parts: [{ text: "Let me look that up." }, call(undefined, "demo__get_weather", { city: "Oslo" })] },
    ]);
    const deltas: string[] = [];
    const result = await runToolLoop({
      model: async (contents, sent, { signal, onDelta }) =>
        collectStream(
          await ai.models.generateContentStream({
            model: MODEL,
            contents: asContents(contents),
            config: { tools: sent, ...aborting(signal) },
          }),
          { signal, onDelta },
        ),
      adapter,
      servers: servers(),
      input: "Weather in Oslo?",
      hooks: { "model-delta": (event) => void deltas.push(event.delta.delta) },
    });
    expect(result.stopReason).toBe("completed");
    expect(deltas.join("")).toBe("Let me look that up.Done.");
    const answer = (result.input[2] as Content).parts?.[0]?.functionResponse;
    expect(answer).toEqual({ name: "demo__get_weather", response: { output: "Oslo: 18°C, sunny" } });
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
  });

  it("answers every error path in the API's shape and runs none of the bad calls", async () => {
    const { api, ai } = await standIn([
      {
        parts: [
          call("a", "demo__launch_rocket"),
          call("b", "demo__delete_file", { path: "/etc/passwd" }),
          call("c", "demo__get_weather", { city: 7 }),
          call("d", "demo__get_weather", { city: "Rome" }),
        ],
      },
      { parts: [call("e", "demo__get_weather", { city: "Rome" })], finishReason: "MALFORMED_FUNCTION_CALL" },
      { parts: [{ text: "" }], finishReason: "MAX_TOKENS" },
    ]);
    const events: ExecutorEvent[] = [];
    const result = await runToolLoop({
      model: (contents, sent) =>
        ai.models.generateContent({ model: MODEL, contents: asContents(contents), config: { tools: sent } }),
      adapter,
      servers: servers(),
      input: "Go.",
      hooks: { "tool-call-rejected": (event) => void events.push(event) },
    });
    expect(result.stopReason).toBe("incomplete");
    expect(result.incomplete).toBe("The model stopped with finishReason MAX_TOKENS.");
    const answers = (result.input[2] as Content).parts?.map((part) => part.functionResponse?.response);
    expect(answers?.[0]).toEqual({
      error:
        'Error: There is no tool named "demo__launch_rocket". Available tools: demo__delete_file, ' +
        "demo__get_weather, demo__take_screenshot.",
    });
    expect(answers?.[1]).toEqual({ error: "Error: Permission denied: /etc/passwd" });
    expect(answers?.[3]).toEqual({ output: "Rome: 18°C, sunny" });
    expect(events.map((event) => ("callId" in event ? event.callId : ""))).toEqual(["a"]);
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200]);
  });

  it("finds deferred tools with the search function and sends them from the next turn on", async () => {
    const { api, ai } = await standIn([
      { parts: [call("s", "tool_search", { query: "weather for a city" })] },
      { parts: [call("w", "demo__get_weather", { city: "Lima" })] },
    ]);
    const options = { deferLoading: true };
    const result = await runToolLoop({
      // Each turn's tools are those declared plus those a search in the conversation loaded.
      model: (contents, sent) => ai.models.generateContent({ model: MODEL, contents, config: { tools: sent } }),
      adapter,
      servers: servers(),
      input: "Weather in Lima?",
      tools: options,
    });
    expect(result.stopReason).toBe("completed");
    const declared = api.exchanges.map((exchange) =>
      (
        exchange.request as { tools: { functionDeclarations: { name: string }[] }[] }
      ).tools[0]?.functionDeclarations.map((declaration) => declaration.name),
    );
    expect(declared).toEqual([
      ["tool_search"],
      ["tool_search", "demo__get_weather"],
      ["tool_search", "demo__get_weather"],
    ]);
    expect((result.input[4] as Content).parts?.[0]?.functionResponse?.response).toEqual({
      output: "Lima: 18°C, sunny",
    });
  });
});

describe("pause and resume on Gemini", () => {
  it("pauses on a call that needs approval and resumes in another process from the state on disk", async () => {
    const { api, ai } = await standIn([
      {
        parts: [call("w", "demo__get_weather", { city: "Paris" }), call("d", "demo__delete_file", { path: "/tmp/x" })],
      },
    ]);
    const paused = await runToolLoop({
      model: (contents, sent) =>
        ai.models.generateContent({ model: MODEL, contents: asContents(contents), config: { tools: sent } }),
      adapter,
      servers: servers(),
      input: "Weather, then delete /tmp/x.",
      approve: (request) => (request.toolName === "delete_file" ? "pause" : true),
    });
    expect(paused.stopReason).toBe("needs-approval");
    const state = paused.state as ToolLoopState<Content>;
    expect(state.pending.map((pending) => pending.callId)).toEqual(["d"]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);

    const folder = await mkdtemp(join(tmpdir(), "x-gemini-pause-"));
    try {
      const file = join(folder, "state.json");
      await writeFile(file, JSON.stringify(state));
      const child = fileURLToPath(new URL("./__fixtures__/resume-in-child.ts", import.meta.url));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--conditions=@x/source", "--import", "tsx", child, file, api.baseUrl, JSON.stringify({ d: false })],
        { cwd: fileURLToPath(new URL("..", import.meta.url)) },
      );
      const resumed = JSON.parse(stdout) as { stopReason: string; turns: number; input: Content[]; pid: number };
      expect(resumed.pid).not.toBe(process.pid);
      expect(resumed.stopReason).toBe("completed");
      expect(resumed.turns).toBe(2);
      expect(shape(resumed.input)).toEqual([
        "user: text",
        "model: functionCall, functionCall",
        "user: functionResponse, functionResponse",
        "model: text",
      ]);
      expect(resumed.input[2]?.parts?.map((part) => part.functionResponse?.response)).toEqual([
        { output: "Paris: 18°C, sunny" },
        { error: 'Error: The user did not allow the call to the tool "demo__delete_file".' },
      ]);
      // The resumed request carried the model's turn with its signature where the stand-in put it.
      expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
