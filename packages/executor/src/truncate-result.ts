import { DEFAULT_ERROR_PREFIX, renderResult } from "@x/toolset";
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

/** The bytes of the error prefix the adapter puts before an error result's text. */
function prefixBytes(isError: boolean, output: OutputOptions | undefined): number {
  return isError ? utf8Length(output?.errorPrefix ?? DEFAULT_ERROR_PREFIX) : 0;
}

// A cheap upper bound that settles the common case (a few text blocks, no
// structured content) without rendering: UTF-8 needs at most 3 bytes per
// UTF-16 code unit, and a line break joins each block to the next.
function surelyFits(result: McpCallToolResult, maxBytes: number, output: OutputOptions | undefined): boolean {
  if (result.structuredContent !== undefined && output?.structured !== "ignore") return false;
  let bound = prefixBytes(result.isError === true, output) + Math.max(0, result.content.length - 1);
  for (const block of result.content) {
    if (block.type !== "text") return false;
    bound += block.text.length * 3;
  }
  return bound <= maxBytes;
}

/**
 * Cuts `result` so that the text the model reads fits in `maxBytes` of UTF-8:
 * the whole text, with the error prefix, the line breaks between parts and
 * the truncation marker counted.
 *
 * The text is what the adapter renders (`renderResult` with the same
 * `output` options): text blocks, embedded text resources, placeholders for
 * media, and `structuredContent` as JSON when the `structured` mode shows it,
 * joined by line breaks. Images are not counted and never cut: Chat shows
 * them as a short placeholder, Responses passes them as images, which OpenAI
 * bills by their pixels, not their bytes. Text parts are kept whole while
 * they fit; the part that crosses the limit is cut at a code point boundary
 * and ends with {@link truncationMarker} (which counts every byte left out,
 * line breaks included); later text parts are left out. A limit too small
 * for the marker gets the cut text without it; one smaller than the error
 * prefix gets the prefix alone (the prefix is never cut). A cut result is
 * rebuilt from the rendered parts, so it renders to the same text (the
 * adapter adds the error prefix once).
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
  const limit = Math.max(0, maxBytes - prefixBytes(rendered.isError, output));
  let total = 0;
  let texts = 0;
  for (const part of rendered.parts) {
    if (part.type !== "text") continue;
    total += utf8Length(part.text) + (texts > 0 ? 1 : 0);
    texts++;
  }
  if (total <= limit) return undefined;

  // Room for the kept text and its line breaks: the limit less the marker and
  // the line break before it (the marker never shows more than `total` bytes cut).
  const markerBytes = utf8Length(truncationMarker(total));
  const marked = limit >= markerBytes;
  const room = limit >= markerBytes + 1 ? limit - markerBytes - 1 : marked ? 0 : limit;

  const content: McpContentBlock[] = [];
  let used = 0;
  let kept = 0;
  let cut = false;
  let cutAt = -1;
  let cutText = "";
  for (const part of rendered.parts) {
    if (part.type === "image") {
      content.push({ type: "image", data: part.data, mimeType: part.mimeType });
      continue;
    }
    if (cut) continue;
    const separator = kept > 0 ? 1 : 0;
    const bytes = utf8Length(part.text);
    if (used + separator + bytes <= room) {
      content.push({ type: "text", text: part.text });
      used += separator + bytes;
      kept++;
      continue;
    }
    // The part that crosses the limit: what fits of it, then the marker.
    cut = true;
    cutText = cutUtf8(part.text, Math.max(0, room - used - separator)).kept;
    if (cutText !== "") used += separator + utf8Length(cutText);
    cutAt = content.length;
    content.push({ type: "text", text: cutText });
  }
  const truncatedBytes = total - used;
  if (marked) content[cutAt] = { type: "text", text: `${cutText}${cutText === "" ? "" : "\n"}${truncationMarker(truncatedBytes)}` };
  else if (cutText === "") content.splice(cutAt, 1);
  return { result: { content, ...(rendered.isError ? { isError: true } : {}) }, truncatedBytes };
}
