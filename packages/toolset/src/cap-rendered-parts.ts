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
// needs at most 3 bytes per UTF-16 code unit.
function surelyFits(parts: readonly RenderedPart[], maxBytes: number): boolean {
  let bound = 0;
  for (const part of parts) if (part.type === "text") bound += part.text.length * 3;
  return bound <= maxBytes;
}

/**
 * Cuts `parts` so that their text fits in `maxBytes` of UTF-8 (the cap of
 * `renderResult`). Images are not counted and never cut. Text parts are kept
 * whole while they fit; the part that crosses the limit is cut at a code point
 * boundary and ends with {@link truncationMarker}, on a line of its own; later
 * text parts are left out, images stay where they were.
 *
 * @returns the cut parts and the bytes cut, or `undefined` when `parts` fit as they are
 */
export function capRenderedParts(parts: readonly RenderedPart[], maxBytes: number): CappedParts | undefined {
  if (maxBytes === Infinity || surelyFits(parts, maxBytes)) return undefined;
  let total = 0;
  for (const part of parts) if (part.type === "text") total += utf8ByteLength(part.text);
  if (total <= maxBytes) return undefined;

  const kept: RenderedPart[] = [];
  let used = 0;
  let cut = false;
  for (const part of parts) {
    if (part.type === "image") {
      kept.push(part);
      continue;
    }
    if (cut) continue;
    const { kept: text, droppedBytes } = cutUtf8(part.text, maxBytes - used);
    used += utf8ByteLength(text);
    if (droppedBytes > 0) {
      cut = true;
      const marker = truncationMarker(total - used);
      kept.push({ type: "text", text: text === "" ? marker : `${text}\n${marker}` });
    } else {
      kept.push({ type: "text", text });
    }
  }
  return { parts: kept, truncatedBytes: total - used };
}
