import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { renderedText, renderResult } from "@x/toolset";
import type { McpCallToolResult } from "@x/toolset";
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
    expect(truncateResult(result, max, undefined)).toEqual({ result: expected, truncatedBytes });
  });

  it("renders to the same text as the uncut result, up to the cut (Chat and Responses)", () => {
    const result: McpCallToolResult = { content: [text("head "), image, text("x".repeat(300))], isError: true };
    const cut = truncateResult(result, 100, undefined)?.result as McpCallToolResult;
    const full = renderedText(renderResult(result));
    const shown = renderedText(renderResult(cut));
    expect(shown.startsWith("Error: head ")).toBe(true);
    expect(shown.endsWith(truncationMarker(205))).toBe(true);
    expect(full.startsWith(shown.slice(0, shown.length - truncationMarker(205).length - 1))).toBe(true);
  });

  it("follows the structured mode it will be rendered with", () => {
    const result: McpCallToolResult = { content: [text("short")], structuredContent: { big: "y".repeat(100) } };
    expect(truncateResult(result, 50, { structured: "ignore" })).toBeUndefined();
    expect(truncateResult(result, 50, { structured: "auto" })).toBeUndefined();
    expect(truncateResult(result, 50, { structured: "append" })?.truncatedBytes).toBe(5 + 110 - 50);
    expect(truncateResult(result, 50, { structured: "prefer" })?.truncatedBytes).toBe(110 - 50);
  });
});

describe("maxOutputBytes in executeToolCalls", () => {
  const env = useFaultServer();

  it("cuts an over-long result with a visible marker; the outcome keeps the whole result", async () => {
    const { outputs, outcomes } = await executeToolCalls(
      chatCompletion([["c1", "faults__big", { unit: "ab", count: 50 }]]),
      env.toolset,
      { faults: env.faults.client },
      { adapter: chat, maxOutputBytes: 10 },
    );
    expect(outputs).toEqual([{ role: "tool", tool_call_id: "c1", content: `ababababab\n${truncationMarker(90)}` }]);
    expect(outcomes[0]).toMatchObject({ truncatedBytes: 90, outcome: { content: [{ text: "ab".repeat(50) }] } });
  });

  it(`cuts at ${DEFAULT_MAX_OUTPUT_BYTES} bytes by default, and not at all with Infinity`, async () => {
    const call = chatCompletion([["c1", "faults__big", { unit: "0123456789", count: 20_000 }]]);
    const byDefault = await executeToolCalls(call, env.toolset, { faults: env.faults.client }, { adapter: chat });
    expect(byDefault.outputs[0]?.content).toBe(`${"0123456789".repeat(10_000)}\n${truncationMarker(100_000)}`);
    const unlimited = await executeToolCalls(call, env.toolset, { faults: env.faults.client }, { adapter: chat, maxOutputBytes: Infinity });
    expect(unlimited.outputs[0]?.content).toBe("0123456789".repeat(20_000));
  });

  it("keeps images as images for Responses while cutting the text", async () => {
    const { outputs } = await executeToolCalls(
      responsesResponse([["r1", "faults__image", {}]]),
      env.toolset,
      { faults: env.faults.client },
      { adapter: responses, maxOutputBytes: 8 },
    );
    expect(outputs).toEqual([
      {
        type: "function_call_output",
        call_id: "r1",
        output: [
          { type: "input_text", text: "before" },
          { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${TINY_PNG}` },
          { type: "input_text", text: `af\n${truncationMarker(3)}` },
        ],
      },
    ]);
  });
});
