import type { RenderedPart } from "./render-result";
import { cutUtf8, utf8ByteLength } from "./utf8";

/** Rendered parts within a size cap, and how many bytes of text were cut to get there. */
export interface CappedParts {
  readonly parts: RenderedPart[];
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

// A cheap upper bound that settles the common case without counting: UTF-8
// needs at most 3 bytes per UTF-16 code unit, and a line break joins each
// text part to the next.
function surelyFits(parts: readonly RenderedPart[], maxBytes: number): boolean {
  let bound = -1;
  for (const part of parts) if (part.type === "text") bound += part.text.length * 3 + 1;
  return bound <= maxBytes;
}

/**
 * Cuts `parts` to `maxBytes` of UTF-8 as `renderResult` describes its
 * `maxOutputBytes`, the error prefix (`prefixBytes`, never cut) counted.
 *
 * @returns the cut parts and the bytes cut, or `undefined` when `parts` fit as they are
 */
export function capRenderedParts(
  parts: readonly RenderedPart[],
  maxBytes: number,
  prefixBytes: number,
): CappedParts | undefined {
  const limit = Math.max(0, maxBytes - prefixBytes);
  if (maxBytes === Infinity || surelyFits(parts, limit)) return undefined;
  let total = 0;
  let texts = 0;
  for (const part of parts) {
    if (part.type !== "text") continue;
    total += utf8ByteLength(part.text) + (texts > 0 ? 1 : 0);
    texts++;
  }
  if (total <= limit) return undefined;

  // Room for the kept text and its line breaks: the limit less the marker and
  // the line break before it (the marker never shows more than `total` bytes cut).
  const markerBytes = utf8ByteLength(truncationMarker(total));
  const marked = limit >= markerBytes;
  // Room for the marker but not for a line break before it: the marker alone
  // (even an empty part kept before it would cost that line break).
  const markerOnly = marked && limit < markerBytes + 1;
  const room = marked ? Math.max(0, limit - markerBytes - 1) : limit;

  const kept: RenderedPart[] = [];
  let used = 0;
  let keptTexts = 0;
  let cutAt = -1;
  let cutText = "";
  let cutFrom: { uri?: string } = {};
  for (const part of parts) {
    if (part.type !== "text") {
      kept.push(part);
      continue;
    }
    if (cutAt >= 0) continue;
    const separator = keptTexts > 0 ? 1 : 0;
    const bytes = utf8ByteLength(part.text);
    if (!markerOnly && used + separator + bytes <= room) {
      kept.push(part);
      used += separator + bytes;
      keptTexts++;
      continue;
    }
    // The part that crosses the limit: what fits of it, then the marker.
    cutText = cutUtf8(part.text, Math.max(0, room - used - separator)).kept;
    if (cutText !== "") used += separator + utf8ByteLength(cutText);
    cutAt = kept.length;
    // A cut resource text is still that resource's (its uri stays).
    cutFrom = part.uri === undefined ? {} : { uri: part.uri };
    kept.push({ type: "text", text: cutText, ...cutFrom });
  }
  const truncatedBytes = total - used;
  if (marked) {
    const text = `${cutText}${cutText === "" ? "" : "\n"}${truncationMarker(truncatedBytes)}`;
    kept[cutAt] = { type: "text", text, ...cutFrom };
  } else if (cutText === "") kept.splice(cutAt, 1);
  return { parts: kept, truncatedBytes };
}
