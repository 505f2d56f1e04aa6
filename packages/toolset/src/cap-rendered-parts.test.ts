import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncationMarker } from "./cap-rendered-parts";
import type { McpCallToolResult } from "./mcp-types";
import type { RenderedResult } from "./render-result";
import { renderResult } from "./render-result";
import { renderedText } from "./rendered-text";
import { ToolError } from "./tool-error";

// An 8-byte PNG header: enough for an image block.
const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
const text = (t: string) => ({ type: "text" as const, text: t });

describe("renderResult: maxOutputBytes", () => {
  it("leaves a result within the limit as it is (nothing cut)", () => {
    const result: McpCallToolResult = { content: [text("short"), image], structuredContent: { a: 1 } };
    expect(renderResult(result, { maxOutputBytes: 100 })).toEqual(renderResult(result));
    expect(renderResult({ content: [text("éé")] }, { maxOutputBytes: 4 })).toMatchObject({ parts: [text("éé")], truncatedBytes: 0 });
  });

  // Each row: the result, the cap, the result whose uncut rendering the cut rendering equals, and the bytes cut.
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
      "a limit of just the marker leaves only the marker, even after an empty text (whose line break would not fit)",
      { content: [text(""), text("x".repeat(31))] },
      30,
      { content: [text(truncationMarker(32))] },
      32,
    ],
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
      "an error result stays an error, with the prefix once",
      { content: [text("x".repeat(60))], isError: true },
      // The error prefix counts too.
      7 + 30 + 1 + 8,
      { content: [text(`xxxxxxxx\n${truncationMarker(52)}`)], isError: true },
      52,
    ],
  ])("%s", (_, result, max, expected, truncatedBytes) => {
    expect(renderResult(result, { maxOutputBytes: max })).toEqual({ ...renderResult(expected), truncatedBytes });
  });

  it("cuts before the error prefix goes on: the prefix is added once, the text up to the cut is the uncut text's", () => {
    const result: McpCallToolResult = { content: [text("head "), image, text("x".repeat(300))], isError: true };
    const full = renderedText(renderResult(result));
    const shown = renderedText(renderResult(result, { maxOutputBytes: 100 }));
    expect(shown.startsWith("Error: head ")).toBe(true);
    const { truncatedBytes } = renderResult(result, { maxOutputBytes: 100 });
    expect(shown.endsWith(truncationMarker(truncatedBytes))).toBe(true);
    expect(full.startsWith(shown.slice(0, shown.length - truncationMarker(truncatedBytes).length - 1))).toBe(true);
  });

  it("follows the structured mode", () => {
    const result: McpCallToolResult = { content: [text("short")], structuredContent: { big: "y".repeat(100) } };
    expect(renderResult(result, { maxOutputBytes: 50, structured: "ignore" }).truncatedBytes).toBe(0);
    expect(renderResult(result, { maxOutputBytes: 50, structured: "auto" }).truncatedBytes).toBe(0);
    // 18 bytes kept: the limit less the marker (31) and its line break.
    expect(renderResult(result, { maxOutputBytes: 50, structured: "append" }).truncatedBytes).toBe(5 + 1 + 110 - 18);
    expect(renderResult(result, { maxOutputBytes: 50, structured: "prefer" }).truncatedBytes).toBe(110 - 18);
  });

  it("never cuts a ToolError", () => {
    const error = new ToolError("timeout", "x".repeat(50));
    expect(renderResult(error, { maxOutputBytes: 5 })).toEqual(renderResult(error));
  });

  it.each([-1, 1.5, Number.NaN, "10"])("refuses maxOutputBytes %o: a caller's mistake", (maxOutputBytes) => {
    expect(() => renderResult({ content: [] }, { maxOutputBytes: maxOutputBytes as number })).toThrow(
      expect.objectContaining({ code: "invalid-options", message: expect.stringContaining("maxOutputBytes must be a non-negative integer or Infinity") as string }),
    );
  });
});

/** The bytes of the text the model reads, images left out. */
const textBytes = (rendered: RenderedResult): number =>
  new TextEncoder().encode(renderedText({ parts: rendered.parts.filter((part) => part.type !== "image") })).length;

describe("renderResult: maxOutputBytes bounds the whole output", () => {
  it("counts the line breaks between parts: 200,000 empty text blocks in 1,000 bytes", () => {
    const rendered = renderResult({ content: Array.from({ length: 200_000 }, () => text("")) }, { maxOutputBytes: 1_000 });
    const shown = renderedText(rendered);
    expect(new TextEncoder().encode(shown).length).toBeLessThanOrEqual(1_000);
    expect(shown.endsWith(truncationMarker(rendered.truncatedBytes))).toBe(true);
    // What was cut and what is shown before the marker add up to the 199,999 line breaks.
    const kept = shown.length - truncationMarker(rendered.truncatedBytes).length - 1;
    expect(kept + rendered.truncatedBytes).toBe(199_999);
  });

  it("counts the error prefix and the marker", () => {
    const rendered = renderResult({ content: [text("x".repeat(100))], isError: true }, { maxOutputBytes: 50 });
    expect(textBytes(rendered)).toBeLessThanOrEqual(50);
    expect(renderedText(rendered)).toBe(`Error: ${"x".repeat(100 - rendered.truncatedBytes)}\n${truncationMarker(rendered.truncatedBytes)}`);
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
        const whole = renderResult(result);
        const rendered = renderResult(result, { maxOutputBytes: max });
        // The error prefix is never cut: a limit below it gets the prefix alone.
        const bound = Math.max(max, isError ? 7 : 0);
        expect(textBytes(rendered)).toBeLessThanOrEqual(bound);
        if (rendered.truncatedBytes === 0) {
          expect(rendered).toEqual(whole);
          return;
        }
        const shown = renderedText({ parts: rendered.parts.filter((part) => part.type !== "image") });
        const markerBytes = new TextEncoder().encode(truncationMarker(textBytes(whole))).length;
        if (max >= markerBytes + 1 + (isError ? 7 : 0)) expect(shown.endsWith(truncationMarker(rendered.truncatedBytes))).toBe(true);
        expect(rendered.truncatedBytes).toBeLessThanOrEqual(textBytes(whole));
      }),
      { numRuns: 300 },
    );
  });
});
