import { describe, expect, it } from "vitest";
import { buildToolset } from "@x/toolset";
import type { StreamDelta } from "@x/toolset";
import { collectStream } from "./collect-stream";
import type { GeminiPart, GeminiResponse } from "./gemini-types";
import { responseEnd } from "./response-end";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const chunk = (parts: GeminiPart[], extra: { [key: string]: unknown } = {}): GeminiResponse => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  responseId: "r1",
  modelVersion: "gemini-3-flash-preview",
});

const weather = { functionCall: { id: "fc_1", name: "demo__get_weather", args: { city: "Paris" } } };

describe("collectStream", () => {
  it("joins plain text, keeps each call and each signature on its own part, ends as the last chunk", async () => {
    const deltas: StreamDelta[] = [];
    const collected = await collectStream(
      [
        chunk([{ text: "Thinking", thought: true }]),
        chunk([{ text: " hard", thought: true }]),
        chunk([{ text: "Let me " }]),
        chunk([{ text: "check." }]),
        chunk([{ ...weather, thoughtSignature: "c2lnLTE=" }]),
        chunk([{ text: "", thoughtSignature: "c2lnLTI=" }], { finishReason: "STOP" }),
        { usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 } },
      ],
      { onDelta: (delta) => deltas.push(delta) },
    );
    expect(collected).toEqual({
      responseId: "r1",
      modelVersion: "gemini-3-flash-preview",
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 },
      candidates: [
        {
          index: 0,
          finishReason: "STOP",
          content: {
            role: "model",
            parts: [
              { text: "Thinking hard", thought: true },
              { text: "Let me check." },
              { ...weather, thoughtSignature: "c2lnLTE=" },
              { text: "", thoughtSignature: "c2lnLTI=" },
            ],
          },
        },
      ],
    });
    expect(deltas).toEqual([
      { type: "text", delta: "Let me " },
      { type: "text", delta: "check." },
    ]);
  });

  it("never merges text into a part with a signature, nor a signed part into text", async () => {
    const collected = await collectStream([
      chunk([{ text: "a", thoughtSignature: "s" }]),
      chunk([{ text: "b" }]),
      chunk([{ text: "c", thoughtSignature: "t" }], { finishReason: "STOP" }),
    ]);
    expect(collected.candidates[0]?.content.parts).toEqual([
      { text: "a", thoughtSignature: "s" },
      { text: "b" },
      { text: "c", thoughtSignature: "t" },
    ]);
  });

  it("collects a stream cut short without a finishReason: its calls never run, and responseEnd says so", async () => {
    const collected = await collectStream([chunk([{ text: "Checking." }]), chunk([weather])]);
    const prepared = tools(
      buildToolset([
        ["demo", [{ name: "get_weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }]],
      ]).toolset,
    );
    const found = toolCalls(collected, prepared);
    expect(found.calls).toEqual([]);
    expect(found.rejected.map((rejection) => rejection.error.code)).toEqual(["incomplete-call"]);
    expect(responseEnd(chunk([{ text: "Checking." }]))).toEqual({
      incomplete: "The response ended before the model finished (no finishReason): the stream was cut short.",
    });
  });

  it("stops at an abort with the signal's reason", async () => {
    const controller = new AbortController();
    async function* chunks(): AsyncGenerator<GeminiResponse> {
      yield chunk([{ text: "a" }]);
      controller.abort(new Error("stopped"));
      // The next chunk is on its way when the abort comes.
      await new Promise((resolve) => setTimeout(resolve, 0));
      yield chunk([{ text: "b" }], { finishReason: "STOP" });
    }
    await expect(collectStream(chunks(), { signal: controller.signal })).rejects.toThrow("stopped");
  });

  it("does not change the chunks it reads", async () => {
    const chunks = [chunk([{ text: "a" }]), chunk([{ text: "b" }], { finishReason: "STOP" })];
    const before = structuredClone(chunks);
    await collectStream(chunks);
    expect(chunks).toEqual(before);
  });
});
