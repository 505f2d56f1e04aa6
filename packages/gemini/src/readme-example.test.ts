// The README's example, run for real: the official @google/genai client over
// HTTP (to the stand-in Gemini API on 127.0.0.1, which refuses what the API
// refuses) and @modelcontextprotocol/server-everything over stdio.
import { readFileSync } from "node:fs";
import { GoogleGenAI } from "@google/genai";
import { startGeminiServer } from "@x/testing";
import type { GeminiServer } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";
import { askGemini } from "./__fixtures__/readme-example";

let api: GeminiServer;

beforeAll(async () => {
  api = await startGeminiServer(({ turn }) =>
    turn === 0
      ? {
          parts: [
            { text: "I will add them.", thought: true },
            { functionCall: { id: "sum", name: "everything__get-sum", args: { a: 2, b: 3 } } },
            { functionCall: { id: "echo", name: "everything__echo", args: { message: "hi" } } },
          ],
        }
      : { parts: [{ text: "2 + 3 = 5" }] },
  );
});
afterAll(() => api.close());

describe("the README example", () => {
  it("is the code the README shows, word for word", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const example = readFileSync(new URL("./__fixtures__/readme-example.ts", import.meta.url), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it("answers with server-everything's tools through the official client", async () => {
    const ai = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: api.baseUrl } });
    expect(await askGemini("What is 2 + 3?", ai, everythingServer)).toBe("2 + 3 = 5");
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
    expect(api.exchanges[1]?.request).toMatchObject({
      contents: [
        { role: "user" },
        { role: "model", parts: [{ thought: true }, { thoughtSignature: expect.any(String) as string }, {}] },
        {
          role: "user",
          parts: [
            {
              functionResponse: {
                id: "sum",
                name: "everything__get-sum",
                response: { output: "The sum of 2 and 3 is 5." },
              },
            },
            { functionResponse: { id: "echo", name: "everything__echo", response: { output: "Echo: hi" } } },
          ],
        },
      ],
    });
  });
});
