import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { renderedText, renderResult } from "@x/toolset";
import type { McpCallToolResult } from "@x/toolset";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TINY_PNG, useFaultServer } from "./__fixtures__/fault-server";
import { chatCompletion, responsesResponse } from "./__fixtures__/model-responses";
import { executeToolCalls } from "./execute-tool-calls";
import { DEFAULT_MAX_OUTPUT_BYTES, truncateResult, truncationMarker } from "./truncate-result";

const image = { type: "image" as const, data: TINY_PNG, mimeType: "image/png" };
const text = (t: string) => ({ type: "text" as const, text: t });

describe("truncateResult", () => {
  it("leaves a result within the limit as it is (undefined: nothing to cut)", () => {
    const result: McpCallToolResult = { content: [text("short"), image], structuredContent: { a: 1 } };
    expect(truncateResult(result, 100, undefined)).toBeUndefined();
    expect(truncateResult({ content: [text("éé")] }, 4, undefined)).toBeUndefined();
  });

  it.each<[string, McpCallToolResult, number, McpCallToolResult, number]>([
    [
      "one text, cut between code points",
      { content: [text("é".repeat(100))] },
      // Each limit below is the marker's bytes, its line break and the text kept.
      31 + 1 + 50,
      { content: [text(`${"é".repeat(25)}\n${truncationMarker(150)}`)] },
      150,
    ],
    ["an emoji is kept or dropped whole", { content: [text("😀".repeat(20))] }, 30 + 1 + 5, { content: [text(`😀\n${truncationMarker(76)}`)] }, 76],
    ["a limit of 0 leaves nothing (no room for the marker)", { content: [text("abc")] }, 0, { content: [] }, 3],
    ["a limit too small for the marker keeps the text that fits, unmarked", { content: [text("abc")] }, 2, { content: [text("ab")] }, 1],
    ["a limit of just the marker leaves only the marker", { content: [text("x".repeat(40))] }, 30, { content: [text(truncationMarker(40))] }, 40],
    [
      "whole parts kept while they fit; later text left out; images kept where they were",
      { content: [text("a".repeat(20)), image, text("b".repeat(20)), text("c".repeat(20)), image] },
      30 + 1 + 23,
      { content: [text("a".repeat(20)), image, text(`bb\n${truncationMarker(39)}`), image] },
      39,
    ],
    [
      "structuredContent counts as the JSON text the model would read (auto, no content)",
      { content: [], structuredContent: { list: "x".repeat(50) } },
      30 + 1 + 20,
      { content: [text(`{"list":"xxxxxxxxxxx\n${truncationMarker(41)}`)] },
      41,
    ],
    [
      "other media count as their placeholder",
      { content: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }, text("t".repeat(40))] },
      30 + 1 + 10,
      { content: [text(`[audio: au\n${truncationMarker(58)}`)] },
      58,
    ],
    [
      "an error result stays an error, without a doubled prefix",
      { content: [text("x".repeat(60))], isError: true },
      // The error prefix counts too.
      7 + 30 + 1 + 8,
      { content: [text(`xxxxxxxx\n${truncationMarker(52)}`)], isError: true },
      52,
    ],
  ])("%s", (_, result, max, expected, truncatedBytes) => {
    expect(truncateResult(result, max, undefined)).toEqual({ result: expected, truncatedBytes });
  });

  it("renders to the same text as the uncut result, up to the cut (Chat and Responses)", () => {
    const result: McpCallToolResult = { content: [text("head "), image, text("x".repeat(300))], isError: true };
    const { result: cut, truncatedBytes } = truncateResult(result, 100, undefined)!;
    const full = renderedText(renderResult(result));
    const shown = renderedText(renderResult(cut));
    expect(shown.startsWith("Error: head ")).toBe(true);
    expect(shown.endsWith(truncationMarker(truncatedBytes))).toBe(true);
    expect(full.startsWith(shown.slice(0, shown.length - truncationMarker(truncatedBytes).length - 1))).toBe(true);
  });

  it("follows the structured mode it will be rendered with", () => {
    const result: McpCallToolResult = { content: [text("short")], structuredContent: { big: "y".repeat(100) } };
    expect(truncateResult(result, 50, { structured: "ignore" })).toBeUndefined();
    expect(truncateResult(result, 50, { structured: "auto" })).toBeUndefined();
    // 18 bytes kept: the limit less the marker (31) and its line break.
    expect(truncateResult(result, 50, { structured: "append" })?.truncatedBytes).toBe(5 + 1 + 110 - 18);
    expect(truncateResult(result, 50, { structured: "prefer" })?.truncatedBytes).toBe(110 - 18);
  });
});

/** The bytes of what the model reads: the result rendered to one text, error prefix and line breaks included. */
const shownBytes = (result: McpCallToolResult): number => new TextEncoder().encode(renderedText(renderResult(result))).length;
const textBytes = (result: McpCallToolResult): number =>
  new TextEncoder().encode(renderedText(renderResult({ ...result, content: result.content.filter((b) => b.type !== "image") }))).length;

describe("truncateResult bounds the whole output", () => {
  it("counts the line breaks between parts: 200,000 empty text blocks in 1,000 bytes", () => {
    const result: McpCallToolResult = { content: Array.from({ length: 200_000 }, () => text("")) };
    const cut = truncateResult(result, 1_000, undefined);
    expect(cut).toBeDefined();
    const shown = renderedText(renderResult(cut!.result));
    expect(new TextEncoder().encode(shown).length).toBeLessThanOrEqual(1_000);
    expect(shown.endsWith(truncationMarker(cut!.truncatedBytes))).toBe(true);
    // What was cut and what is shown before the marker add up to the 199,999 line breaks.
    const kept = shown.length - truncationMarker(cut!.truncatedBytes).length - 1;
    expect(kept + cut!.truncatedBytes).toBe(199_999);
  });

  it("counts the error prefix and the marker", () => {
    const cut = truncateResult({ content: [text("x".repeat(100))], isError: true }, 50, undefined)!;
    expect(shownBytes(cut.result)).toBeLessThanOrEqual(50);
    expect(renderedText(renderResult(cut.result))).toBe(`Error: ${"x".repeat(100 - cut.truncatedBytes)}\n${truncationMarker(cut.truncatedBytes)}`);
  });

  it("holds for any list of parts and any limit (images not counted)", () => {
    const block = fc.oneof(
      fc.string({ maxLength: 40 }).map(text),
      fc.string({ maxLength: 10, unit: "grapheme" }).map(text),
      fc.constant(image),
      fc.constant({ type: "audio" as const, data: "AAAA", mimeType: "audio/wav" }),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 60 }), fc.boolean(), fc.integer({ min: 0, max: 400 }), (content, isError, max) => {
        const result: McpCallToolResult = { content, ...(isError ? { isError } : {}) };
        const cut = truncateResult(result, max, undefined);
        // The error prefix is never cut: a limit below it gets the prefix alone.
        const bound = Math.max(max, isError ? 7 : 0);
        if (cut === undefined) {
          expect(textBytes(result)).toBeLessThanOrEqual(bound);
          return;
        }
        expect(textBytes(cut.result)).toBeLessThanOrEqual(bound);
        const shown = renderedText(renderResult({ ...cut.result, content: cut.result.content.filter((b) => b.type !== "image") }));
        const markerBytes = new TextEncoder().encode(truncationMarker(textBytes(result))).length;
        if (max >= markerBytes + 1 + (isError ? 7 : 0)) expect(shown.endsWith(truncationMarker(cut.truncatedBytes))).toBe(true);
        expect(cut.truncatedBytes).toBeGreaterThan(0);
        expect(cut.truncatedBytes).toBeLessThanOrEqual(textBytes(result));
      }),
      { numRuns: 300 },
    );
  });
});

describe("maxOutputBytes in executeToolCalls", () => {
  const env = useFaultServer();

  it("cuts an over-long result with a visible marker; the outcome keeps the whole result", async () => {
    const { outputs, outcomes } = await executeToolCalls(
      chatCompletion([["c1", "faults__big", { unit: "ab", count: 50 }]]),
      env.toolset,
      { faults: env.faults.client },
      { adapter: chat, maxOutputBytes: 31 + 1 + 10 },
    );
    expect(outputs).toEqual([{ role: "tool", tool_call_id: "c1", content: `ababababab\n${truncationMarker(90)}` }]);
    expect(outcomes[0]).toMatchObject({ truncatedBytes: 90, outcome: { content: [{ text: "ab".repeat(50) }] } });
  });

  it(`cuts at ${DEFAULT_MAX_OUTPUT_BYTES} bytes by default, and not at all with Infinity`, async () => {
    const call = chatCompletion([["c1", "faults__big", { unit: "0123456789", count: 20_000 }]]);
    const byDefault = await executeToolCalls(call, env.toolset, { faults: env.faults.client }, { adapter: chat });
    // The marker and its line break take 35 of the 100,000 bytes.
    expect(byDefault.outputs[0]?.content).toBe(`${"0123456789".repeat(10_000).slice(0, 99_965)}\n${truncationMarker(100_035)}`);
    const unlimited = await executeToolCalls(call, env.toolset, { faults: env.faults.client }, { adapter: chat, maxOutputBytes: Infinity });
    expect(unlimited.outputs[0]?.content).toBe("0123456789".repeat(20_000));
  });

  it("keeps images as images for Responses while cutting the text (a limit too small for the marker)", async () => {
    const { outputs } = await executeToolCalls(
      responsesResponse([["r1", "faults__image", {}]]),
      env.toolset,
      { faults: env.faults.client },
      { adapter: responses, maxOutputBytes: 9 },
    );
    expect(outputs).toEqual([
      {
        type: "function_call_output",
        call_id: "r1",
        output: [
          { type: "input_text", text: "before" },
          { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${TINY_PNG}` },
          { type: "input_text", text: "af" },
        ],
      },
    ]);
  });
});
