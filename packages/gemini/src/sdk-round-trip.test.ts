import { GoogleGenAI } from "@google/genai";
import type { Content } from "@google/genai";
import { startDemoServer, startGeminiServer } from "@x/testing";
import type { DemoServer, GeminiServer } from "@x/testing";
import { buildToolset, toCallToolResult } from "@x/toolset";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseItems, toolCalls, toolOutput, tools, turnItems, userMessage } from "./index";

let demo: DemoServer;
let api: GeminiServer;
let ai: GoogleGenAI;

beforeAll(async () => {
  demo = await startDemoServer();
  api = await startGeminiServer(({ turn }) =>
    turn === 0
      ? {
          parts: [
            { text: "Let me check." },
            { functionCall: { id: "c1", name: "demo__get_weather", args: { city: "Paris" } } },
            { functionCall: { id: "c2", name: "demo__take_screenshot", args: {} } },
          ],
        }
      : { parts: [{ text: "Paris is sunny." }] },
  );
  ai = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: api.baseUrl } });
});

afterAll(async () => {
  await api.close();
  await demo.close();
});

describe("a round trip through @google/genai and the stand-in", () => {
  it("declares the tools, runs the calls and answers them in one user content", async () => {
    const toolset = buildToolset([["demo", demo.tools]]).toolset;
    const prepared = tools(toolset);
    const contents: Content[] = [userMessage("Weather in Paris, and a screenshot?")];
    const first = await ai.models.generateContent({
      model: "gemini-3-flash-preview",
      contents,
      config: { tools: prepared.tools },
    });
    const found = toolCalls(first, prepared);
    expect(found.calls.map(({ callId, name, arguments: args }) => ({ callId, name, args }))).toEqual([
      { callId: "c1", name: "demo__get_weather", args: { city: "Paris" } },
      { callId: "c2", name: "demo__take_screenshot", args: {} },
    ]);
    const answers = await Promise.all(
      found.calls.map(async (call) =>
        toolOutput(
          call,
          toCallToolResult(await demo.client.callTool({ name: call.toolName, arguments: call.arguments })),
        ),
      ),
    );
    contents.push(...responseItems(first), ...turnItems(answers));
    const second = await ai.models.generateContent({
      model: "gemini-3-flash-preview",
      contents,
      config: { tools: prepared.tools },
    });
    expect(second.candidates?.[0]?.content?.parts?.[0]?.text).toBe("Paris is sunny.");
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
    // The schemas are the target's (its own tests pin them): the snapshot holds the conversation.
    expect((api.exchanges[1]?.request as { contents: unknown }).contents).toMatchSnapshot();
  });
});
