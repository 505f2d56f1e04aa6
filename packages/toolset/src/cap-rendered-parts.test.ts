import { describe, expect, it } from "vitest";
import { truncationMarker } from "./cap-rendered-parts";
import type { McpCallToolResult } from "./mcp-types";
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
      51,
      { content: [text(`${"é".repeat(25)}\n${truncationMarker(150)}`)] },
      150,
    ],
    ["an emoji is kept or dropped whole", { content: [text("😀😀😀")] }, 5, { content: [text(`😀\n${truncationMarker(8)}`)] }, 8],
    ["a limit of 0 leaves only the marker", { content: [text("abc")] }, 0, { content: [text(truncationMarker(3))] }, 3],
    [
      "whole parts kept while they fit; later text left out; images kept where they were",
      { content: [text("aaaa"), image, text("bbbb"), text("cccc"), image] },
      6,
      { content: [text("aaaa"), image, text(`bb\n${truncationMarker(6)}`), image] },
      6,
    ],
    [
      "structuredContent counts as the JSON text the model would read (auto, no content)",
      { content: [], structuredContent: { list: "x".repeat(50) } },
      20,
      { content: [text(`{"list":"xxxxxxxxxxx\n${truncationMarker(41)}`)] },
      41,
    ],
    [
      "other media count as their placeholder",
      { content: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }, text("tail")] },
      10,
      { content: [text(`[audio: au\n${truncationMarker(21)}`)] },
      21,
    ],
    [
      "an error result stays an error, without a doubled prefix",
      { content: [text("x".repeat(20))], isError: true },
      8,
      { content: [text(`xxxxxxxx\n${truncationMarker(12)}`)], isError: true },
      12,
    ],
  ])("%s", (_, result, max, expected, truncatedBytes) => {
    expect(renderResult(result, { maxOutputBytes: max })).toEqual({ ...renderResult(expected), truncatedBytes });
  });

  it("cuts before the error prefix goes on: the prefix is added once, the text up to the cut is the uncut text's", () => {
    const result: McpCallToolResult = { content: [text("head "), image, text("x".repeat(300))], isError: true };
    const full = renderedText(renderResult(result));
    const shown = renderedText(renderResult(result, { maxOutputBytes: 100 }));
    expect(shown.startsWith("Error: head ")).toBe(true);
    expect(shown.endsWith(truncationMarker(205))).toBe(true);
    expect(full.startsWith(shown.slice(0, shown.length - truncationMarker(205).length - 1))).toBe(true);
  });

  it("follows the structured mode", () => {
    const result: McpCallToolResult = { content: [text("short")], structuredContent: { big: "y".repeat(100) } };
    expect(renderResult(result, { maxOutputBytes: 50, structured: "ignore" }).truncatedBytes).toBe(0);
    expect(renderResult(result, { maxOutputBytes: 50, structured: "auto" }).truncatedBytes).toBe(0);
    expect(renderResult(result, { maxOutputBytes: 50, structured: "append" }).truncatedBytes).toBe(5 + 110 - 50);
    expect(renderResult(result, { maxOutputBytes: 50, structured: "prefer" }).truncatedBytes).toBe(110 - 50);
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
