import type { Content, GenerateContentResponse, GoogleGenAI } from "@google/genai";
import { runToolLoop } from "@x/executor";
import type { Toolset } from "@x/toolset";
import { describe, expectTypeOf, it } from "vitest";
import { adapter } from "./adapter";

declare const toolset: Toolset;
declare const ai: GoogleGenAI;

describe("runToolLoop with the Gemini adapter and the official client", () => {
  it("types the transcript as contents the client takes, with no cast, from a plain-string input", async () => {
    const result = await runToolLoop({
      model: (contents, tools) =>
        ai.models.generateContent({ model: "gemini-3-flash-preview", contents, config: { tools } }),
      adapter,
      servers: { toolset, clients: {} },
      input: "Hi",
    });
    expectTypeOf(result.input).toExtend<Content[]>();
    expectTypeOf(result.response).toExtend<GenerateContentResponse | undefined>();
  });
});
