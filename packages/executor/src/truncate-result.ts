import { renderResult } from "@x/toolset";
import type { McpCallToolResult, McpContentBlock, OutputOptions } from "@x/toolset";
import { cutUtf8, utf8Length } from "./utf8";

/**
 * The default of `maxOutputBytes`: about 25 000 tokens of text, enough for
 * what a tool means to say, short of flooding the model's context.
 *
 * @example
 * ```ts
 * await executeToolCalls(response, toolset, clients, { adapter, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES / 4 });
 * ```
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 100_000;

/** A result within `maxOutputBytes`, and how many bytes of text were cut to get there. */
export interface Truncation {
  readonly result: McpCallToolResult;
  readonly truncatedBytes: number;
}

/**
 * The visible marker that ends a text cut by `maxOutputBytes`.
 *
 * @param bytes - the UTF-8 bytes left out
 * @returns the marker
 * @example
 * ```ts
 * truncationMarker(1234567); // "[… truncated: 1234567 more bytes]"
 * ```
 */
export function truncationMarker(bytes: number): string {
  return `[… truncated: ${bytes} more bytes]`;
}

// A cheap upper bound that settles the common case (a few text blocks, no
// structured content) without rendering: UTF-8 needs at most 3 bytes per
// UTF-16 code unit.
function surelyFits(result: McpCallToolResult, maxBytes: number, output: OutputOptions | undefined): boolean {
  if (result.structuredContent !== undefined && output?.structured !== "ignore") return false;
  let bound = 0;
  for (const block of result.content) {
    if (block.type !== "text") return false;
    bound += block.text.length * 3;
  }
  return bound <= maxBytes;
}

/**
 * Cuts `result` so that the text the model reads fits in `maxBytes` of UTF-8.
 *
 * The text is what the adapter renders (`renderResult` with the same
 * `output` options): text blocks, embedded text resources, placeholders for
 * media, and `structuredContent` as JSON when the `structured` mode shows it.
 * Images are not counted and never cut: Chat shows them as a short
 * placeholder, Responses passes them as images, which OpenAI bills by their
 * pixels, not their bytes. Text parts are kept whole while they fit; the part
 * that crosses the limit is cut at a code point boundary and ends with
 * {@link truncationMarker} (which counts every byte left out); later text
 * parts are left out. A cut result is rebuilt from the rendered parts, so it
 * renders to the same text (the adapter adds the error prefix once).
 *
 * @returns the cut result and the bytes cut, or `undefined` when the result fits as it is
 */
export function truncateResult(
  result: McpCallToolResult,
  maxBytes: number,
  output: OutputOptions | undefined,
): Truncation | undefined {
  if (surelyFits(result, maxBytes, output)) return undefined;
  // Rendered without the prefix: the adapter adds it when it renders the cut result.
  const rendered = renderResult(result, { ...output, errorPrefix: "" });
  let total = 0;
  for (const part of rendered.parts) if (part.type === "text") total += utf8Length(part.text);
  if (total <= maxBytes) return undefined;

  const content: McpContentBlock[] = [];
  let used = 0;
  let cutAt = -1;
  let cutText = "";
  for (const part of rendered.parts) {
    if (part.type === "image") {
      content.push({ type: "image", data: part.data, mimeType: part.mimeType });
      continue;
    }
    if (cutAt >= 0) continue;
    const { kept, droppedBytes } = cutUtf8(part.text, maxBytes - used);
    used += utf8Length(kept);
    if (droppedBytes > 0) {
      cutAt = content.length;
      cutText = kept;
    }
    content.push({ type: "text", text: kept });
  }
  const truncatedBytes = total - used;
  content[cutAt] = { type: "text", text: `${cutText}${cutText === "" ? "" : "\n"}${truncationMarker(truncatedBytes)}` };
  return { result: { content, ...(rendered.isError ? { isError: true } : {}) }, truncatedBytes };
}
