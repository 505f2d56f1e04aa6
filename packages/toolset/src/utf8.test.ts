import { describe, expect, it } from "vitest";
import { cutUtf8, utf8ByteLength } from "./utf8";

const encoder = new TextEncoder();

const samples = [
  "",
  "plain ascii",
  "é à ü",
  "日本語のテキスト",
  "emoji 😀 and flags 🇫🇷",
  "👩‍👩‍👧 family (zero-width joiners)",
  "mixed: aé日😀",
  "lone high \ud800 surrogate",
  "lone low \udc00 surrogate",
  "\ud83d", // a high surrogate at the very end
  "\u0000\u007f\u0080\u07ff\u0800\uffff",
];

describe("utf8ByteLength", () => {
  it.each(samples)("agrees with TextEncoder on %j", (text) => {
    expect(utf8ByteLength(text)).toBe(encoder.encode(text).length);
  });
});

describe("cutUtf8", () => {
  it.each(samples)("for every limit, keeps the longest whole-code-point prefix of %j that fits", (text) => {
    const total = encoder.encode(text).length;
    for (let max = 0; max <= total + 1; max++) {
      const { kept, droppedBytes } = cutUtf8(text, max);
      const keptBytes = encoder.encode(kept).length;
      expect(text.startsWith(kept)).toBe(true);
      expect(keptBytes).toBeLessThanOrEqual(max);
      expect(droppedBytes).toBe(total - keptBytes);
      // Never splits a surrogate pair.
      const last = kept.charCodeAt(kept.length - 1);
      const next = text.charCodeAt(kept.length);
      expect(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff).toBe(false);
      // Longest: the next whole code point would not fit.
      if (kept.length < text.length) {
        const nextPoint = String.fromCodePoint(text.codePointAt(kept.length) as number);
        const nextBytes = text.charCodeAt(kept.length) === nextPoint.charCodeAt(0) ? encoder.encode(nextPoint).length : 3;
        expect(keptBytes + nextBytes).toBeGreaterThan(max);
      }
    }
  });

  it.each([
    ["héllo", 2, "h", 5],
    ["héllo", 3, "hé", 3],
    ["a😀b", 4, "a", 5],
    ["a😀b", 5, "a😀", 1],
    ["😀", 0, "", 4],
  ])("cutUtf8(%j, %i) keeps %j and drops %i bytes", (text, max, kept, dropped) => {
    expect(cutUtf8(text, max)).toEqual({ kept, droppedBytes: dropped });
  });
});
