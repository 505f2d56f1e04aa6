// Turns through the official client and the stand-in Gemini API (which
// refuses a lost or moved thought signature and answers that do not match the
// calls one to one), with the demo MCP server running the calls.
import { GoogleGenAI } from "@google/genai";
import type { Content, GenerateContentResponse } from "@google/genai";
import { startDemoServer, startGeminiServer } from "@x/testing";
import type { DemoServer, GeminiServer, GeminiTurn, Json } from "@x/testing";
import { buildToolset, toCallToolResult } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GeminiAnswer, GeminiToolCalls, GeminiTools } from "./index";
import {
  collectStream,
  loadedTools,
  responseItems,
  toolCalls,
  toolOutput,
  tools,
  turnItems,
  userMessage,
} from "./index";

let demo: DemoServer;
let toolset: Toolset;

beforeAll(async () => {
  demo = await startDemoServer();
  toolset = buildToolset([["demo", demo.tools]]).toolset;
});
afterAll(() => demo.close());

/** A stand-in whose model says `turns` in order, and the client pointed at it. */
async function standIn(turns: readonly GeminiTurn[]): Promise<{ api: GeminiServer; ai: GoogleGenAI }> {
  const api = await startGeminiServer(({ turn }) => turns[turn] ?? { parts: [{ text: "Done." }] });
  return { api, ai: new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: api.baseUrl } }) };
}

/** Every answer of a turn, in the model's order: rejected calls and searches as answered, the others run. */
async function answer(found: GeminiToolCalls): Promise<GeminiAnswer[]> {
  const ran = await Promise.all(
    found.calls.map(async (call) => {
      const result = await demo.client.callTool({ name: call.toolName, arguments: call.arguments });
      return { index: call.index, output: toolOutput(call, toCallToolResult(result)) };
    }),
  );
  return [...found.rejected, ...found.searches, ...ran].sort((a, b) => a.index - b.index).map((done) => done.output);
}

const ask = (ai: GoogleGenAI, contents: Content[], prepared: GeminiTools): Promise<GenerateContentResponse> =>
  ai.models.generateContent({
    model: "gemini-3-flash-preview",
    contents,
    config: { tools: loadedTools(prepared, contents) },
  });

const weather = (id?: string): Json => ({
  functionCall: { ...(id === undefined ? {} : { id }), name: "demo__get_weather", args: { city: "Paris" } },
});

describe("turns through @google/genai", () => {
  it("streams: collects the chunks, keeps the signatures where they came, and the next request is taken", async () => {
    const { api, ai } = await standIn([
      {
        parts: [{ text: "Weighing the options", thought: true }, { text: "Checking the weather." }, weather("w1")],
        signatureInLastChunk: true,
      },
    ]);
    const prepared = tools(toolset);
    const contents: Content[] = [userMessage("Weather in Paris?")];
    const deltas: string[] = [];
    const stream = await ai.models.generateContentStream({
      model: "gemini-3-flash-preview",
      contents,
      config: { tools: prepared.tools },
    });
    const response = await collectStream(stream, { onDelta: (delta) => deltas.push(delta.delta) });
    expect(deltas.join("")).toBe("Checking the weather.");
    expect(response.candidates[0]?.content.parts.map((part) => Object.keys(part).sort().join("+"))).toEqual([
      "text+thought",
      "text",
      "functionCall+thoughtSignature",
      "text+thoughtSignature",
    ]);
    const found = toolCalls(response, prepared);
    contents.push(...responseItems(response), ...turnItems(await answer(found)));
    await expect(ask(ai, contents, prepared)).resolves.toBeDefined();
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
    await api.close();
  });

  it("answers parallel calls without ids by position, without an id, in one content", async () => {
    const { api, ai } = await standIn([
      { parts: [weather(), { functionCall: { name: "demo__take_screenshot", args: {} } }, weather()] },
    ]);
    const prepared = tools(toolset);
    const contents: Content[] = [userMessage("Weather, twice, and a screenshot.")];
    const response = await ask(ai, contents, prepared);
    const found = toolCalls(response, prepared);
    expect(new Set(found.calls.map((call) => call.callId)).size).toBe(3);
    const answers = await answer(found);
    expect(answers.map((done) => done.functionResponse.id)).toEqual([undefined, undefined, undefined]);
    expect(answers[1]?.functionResponse.parts?.[0]?.inlineData.mimeType).toBe("image/png");
    contents.push(...responseItems(response), ...turnItems(answers));
    await expect(ask(ai, contents, prepared)).resolves.toBeDefined();
    await api.close();
  });

  it("answers an unknown tool, a failing tool and a cut stream with errors the API takes", async () => {
    const { api, ai } = await standIn([
      {
        parts: [
          { functionCall: { id: "a", name: "demo__launch_rocket", args: {} } },
          { functionCall: { id: "b", name: "demo__delete_file", args: { path: "/etc/passwd" } } },
        ],
      },
      { parts: [weather("c")], cut: true },
    ]);
    const prepared = tools(toolset);
    const contents: Content[] = [userMessage("Go.")];
    const first = await ask(ai, contents, prepared);
    const found = toolCalls(first, prepared);
    expect(found.rejected.map((rejection) => rejection.error.code)).toEqual(["unknown-tool"]);
    const answers = await answer(found);
    expect(answers.map((done) => done.functionResponse.response)).toEqual([
      {
        error:
          'Error: There is no tool named "demo__launch_rocket". Available tools: demo__delete_file, ' +
          "demo__get_weather, demo__take_screenshot.",
      },
      { error: "Error: Permission denied: /etc/passwd" },
    ]);
    contents.push(...responseItems(first), ...turnItems(answers));
    const stream = await ai.models.generateContentStream({
      model: "gemini-3-flash-preview",
      contents,
      config: { tools: prepared.tools },
    });
    const cut = await collectStream(stream);
    const unfinished = toolCalls(cut, prepared);
    expect(unfinished.calls).toEqual([]);
    expect(unfinished.rejected.map((rejection) => rejection.error.code)).toEqual(["incomplete-call"]);
    contents.push(...responseItems(cut), ...turnItems(await answer(unfinished)));
    await expect(ask(ai, contents, prepared)).resolves.toBeDefined();
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200]);
    await api.close();
  });

  it("finds a deferred tool with the search function and calls it on the next step", async () => {
    const { api, ai } = await standIn([
      { parts: [{ functionCall: { id: "s", name: "tool_search", args: { query: "weather forecast for a city" } } }] },
      { parts: [weather("w")] },
    ]);
    const prepared = tools(toolset, { deferLoading: (entry) => entry.toolName === "get_weather" });
    const contents: Content[] = [userMessage("Weather in Paris?")];
    const first = await ask(ai, contents, prepared);
    const searched = toolCalls(first, prepared);
    expect(searched.searches.map((search) => search.found)).toEqual([["demo__get_weather"]]);
    contents.push(...responseItems(first), ...turnItems(await answer(searched)));
    const second = await ask(ai, contents, prepared);
    const declared = (api.exchanges[1]?.request as { tools: { functionDeclarations: { name: string }[] }[] }).tools;
    expect(declared[0]?.functionDeclarations.map((declaration) => declaration.name)).toEqual([
      "demo__delete_file",
      "demo__take_screenshot",
      "tool_search",
      "demo__get_weather",
    ]);
    const found = toolCalls(second, prepared);
    expect(found.calls.map((call) => call.name)).toEqual(["demo__get_weather"]);
    contents.push(...responseItems(second), ...turnItems(await answer(found)));
    await expect(ask(ai, contents, prepared)).resolves.toBeDefined();
    await api.close();
  });
});
