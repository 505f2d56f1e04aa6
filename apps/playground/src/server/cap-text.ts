// What the Conversation view keeps of a model's answer. A model (or an
// OpenAI-compatible server) can answer with megabytes of text; the playground
// keeps and shows at most MAX_KEPT_BYTES of each text, and says what it cut.
import type { Json } from "../shared/api-types";

/** The most UTF-8 bytes the conversation keeps of one text: a message, a call's arguments, a tool output's text. */
export const MAX_KEPT_BYTES = 100_000;

/**
 * The marker that ends a text the playground cut.
 *
 * @example
 * ```ts
 * cutMarker(2048); // "[… cut by the playground: 2048 more bytes]"
 * ```
 */
export function cutMarker(bytes: number): string {
  return `[… cut by the playground: ${bytes} more bytes]`;
}

/** `text` within `maxBytes` of UTF-8 (the marker and its line break included), and the bytes left out. */
function capText(text: string, maxBytes: number): { text: string; cutBytes: number } {
  // Fast path: UTF-8 needs at most 3 bytes per UTF-16 code unit.
  if (text.length * 3 <= maxBytes) return { text, cutBytes: 0 };
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return { text, cutBytes: 0 };
  const room = Math.max(0, maxBytes - Buffer.byteLength(cutMarker(bytes.length)) - 1);
  let kept = bytes.subarray(0, room).toString("utf8");
  // A code point split at the cut decodes as U+FFFD: leave it out.
  if (!text.startsWith(kept)) kept = kept.slice(0, -1);
  const cutBytes = bytes.length - Buffer.byteLength(kept);
  return { text: `${kept}\n${cutMarker(cutBytes)}`, cutBytes };
}

/**
 * `value` with every string longer than `maxBytes` of UTF-8 cut, and the bytes cut in all.
 *
 * @example
 * ```ts
 * capStrings({ content: "x".repeat(200_000) }).cutBytes; // 100047: all but the 99 953 bytes kept before the marker
 * ```
 */
export function capStrings(value: Json, maxBytes: number = MAX_KEPT_BYTES): { value: Json; cutBytes: number } {
  let cutBytes = 0;
  const walk = (item: Json): Json => {
    if (typeof item === "string") {
      const capped = capText(item, maxBytes);
      cutBytes += capped.cutBytes;
      return capped.text;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === "object") {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    }
    return item;
  };
  return { value: walk(value), cutBytes };
}
