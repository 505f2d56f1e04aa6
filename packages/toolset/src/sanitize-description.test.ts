import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "./sanitize-description";

// The removed code points, written apart from the implementation's regex:
// every Default_Ignorable_Code_Point as Unicode's DerivedCoreProperties.txt
// lists it (Unicode 15.1–17.0: 4174 code points), plus the controls, the
// interlinear annotation controls and lone surrogates, which are not in it.
const defaultIgnorable: readonly (readonly [number, number, string])[] = [
  [0xad, 0xad, "soft hyphen"],
  [0x34f, 0x34f, "combining grapheme joiner"],
  [0x61c, 0x61c, "Arabic letter mark"],
  [0x115f, 0x1160, "Hangul filler"],
  [0x17b4, 0x17b5, "Khmer inherent vowel"],
  [0x180b, 0x180d, "Mongolian free variation selector"],
  [0x180e, 0x180e, "Mongolian vowel separator"],
  [0x180f, 0x180f, "Mongolian free variation selector four"],
  [0x200b, 0x200d, "zero-width space, non-joiner, joiner"],
  [0x200e, 0x200f, "LRM, RLM"],
  [0x202a, 0x202e, "bidi embedding and override"],
  [0x2060, 0x2065, "word joiner, invisible operators"],
  [0x2066, 0x2069, "bidi isolate"],
  [0x206a, 0x206f, "deprecated format control"],
  [0x3164, 0x3164, "Hangul filler"],
  [0xfe00, 0xfe0f, "variation selector"],
  [0xfeff, 0xfeff, "BOM"],
  [0xffa0, 0xffa0, "halfwidth Hangul filler"],
  [0xfff0, 0xfff8, "reserved default-ignorable"],
  [0x1bca0, 0x1bca3, "shorthand format control"],
  [0x1d173, 0x1d17a, "musical symbol format control"],
  [0xe0000, 0xe007f, "tag character"],
  [0xe0080, 0xe00ff, "reserved default-ignorable"],
  [0xe0100, 0xe01ef, "variation selector supplement"],
  [0xe01f0, 0xe0fff, "reserved default-ignorable"],
];
const removedRanges: readonly (readonly [number, number, string])[] = [
  [0x00, 0x08, "C0 control"],
  [0x0b, 0x1f, "C0 control"],
  [0x7f, 0x9f, "DEL and C1 control"],
  [0xd800, 0xdfff, "lone surrogate"],
  [0xfff9, 0xfffb, "interlinear annotation"],
  ...defaultIgnorable,
];

const isRemoved = (codePoint: number): boolean =>
  removedRanges.some(([low, high]) => codePoint >= low && codePoint <= high);

/** Every code point of `text`, lone surrogates as themselves. */
const codePoints = (text: string): number[] => Array.from(text, (char) => char.codePointAt(0)!);

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

// Characters that matter here: removed ones, kept neighbours, multi-byte ones.
const interestingChar = fc.oneof(
  fc.constantFrom(...removedRanges.flatMap(([low, high]) => [low, high])).map((cp) => String.fromCodePoint(cp)),
  fc.constantFrom("a", " ", "\n", "\t", "\r", "é", "€", "😀", "\u{10FFFF}", "\uFFFD", "\u2028", "\u00A0"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);
const text = fc.string({ unit: interestingChar, maxLength: 200 });

describe("sanitizeDescription", () => {
  it.each(
    removedRanges.flatMap(([low, high, what]) =>
      [...new Set([low, Math.floor((low + high) / 2), high])].map(
        (cp) => [cp.toString(16).toUpperCase().padStart(4, "0"), what, cp] as const,
      ),
    ),
  )("removes U+%s (%s)", (_hex, _what, cp) => {
    expect(sanitizeDescription(`a${String.fromCodePoint(cp)}b`)).toBe("ab");
  });

  it.each([
    ["newline", "a\nb"],
    ["tab", "a\tb"],
    ["space and punctuation", "Reads a file: path, encoding."],
    ["accented letters", "Lit un fichier à l'écriture"],
    ["CJK", "ファイルを読む"],
    ["an emoji", "Fast 🚀"],
    ["no-break space", "a\u00A0b"],
    ["line separator U+2028", "a\u2028b"],
    ["the replacement character", "a\uFFFDb"],
    ["the code point just after the default-ignorable plane-14 block", "a\u{E1000}b"],
    ["the Mongolian nirugu before the free variation selectors", "a\u180Ab"],
    ["the Khmer vowel signs around the inherent vowels", "\u17B3\u17B6"],
    ["the musical symbol before the format controls", "a\u{1D172}b"],
    ["the object replacement character", "a\uFFFCb"],
    ["a surrogate pair", "a\uD83D\uDE00b"],
  ])("keeps %s", (_what, kept) => {
    expect(sanitizeDescription(kept)).toBe(kept);
  });

  it(
    "removes exactly the Default_Ignorable_Code_Point set this engine knows " + "(the table above agrees with \\p{DI})",
    () => {
      const engine = /^\p{Default_Ignorable_Code_Point}$/u;
      const disagree: number[] = [];
      for (let cp = 0; cp <= 0x10ffff; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        const inTable = defaultIgnorable.some(([low, high]) => cp >= low && cp <= high);
        if (engine.test(String.fromCodePoint(cp)) !== inTable) disagree.push(cp);
      }
      expect(disagree.map((cp) => cp.toString(16))).toEqual([]);
    },
  );

  it(
    "removes every code point of the table and keeps every other one " + "(all of Unicode but surrogates, one string)",
    () => {
      // Surrogates are left out: U+DBFF then U+DC00 would make a pair (lone surrogates have their own cases).
      const scalars = Array.from({ length: 0x110000 }, (_, cp) => cp).filter((cp) => cp < 0xd800 || cp > 0xdfff);
      const chunks: string[] = [];
      for (let i = 0; i < scalars.length; i += 8192) chunks.push(String.fromCodePoint(...scalars.slice(i, i + 8192)));
      const kept = sanitizeDescription(chunks.join(""), { maxBytes: Infinity });
      const wrong = codePoints(kept).filter(isRemoved);
      const lost = scalars.filter((cp) => !isRemoved(cp)).length - codePoints(kept).length;
      expect({ wrong, lost }).toEqual({ wrong: [], lost: 0 });
    },
  );

  it.each([
    ["carriage return of CRLF", "line 1\r\nline 2", "line 1\nline 2"],
    ["a bidi override hiding text order", "safe \u202Etxt.exe\u202C", "safe txt.exe"],
    ["tag characters spelling a hidden instruction", "Weather\u{E0049}\u{E0067}\u{E006E}", "Weather"],
    ["a lone high surrogate", "a\uD800", "a"],
    ["a lone low surrogate before a pair", "\uDC00\uD83D\uDE00", "\uD83D\uDE00"],
    ["a high surrogate followed by a high surrogate and a pair", "\uD800\uD83D\uDE00", "\uD83D\uDE00"],
    ["ZWJ inside an emoji sequence", "\u{1F468}\u200D\u{1F469}", "\u{1F468}\u{1F469}"],
    ["emoji variation selector", "\u2764\uFE0F", "\u2764"],
  ])("removes %s", (_what, input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });

  it.each([
    ["4096 ASCII bytes are kept", "a".repeat(4096), 4096],
    ["4097 ASCII bytes are cut to 4096", "a".repeat(4097), 4096],
    ["a 2-byte character ending at byte 4096 is kept", `${"a".repeat(4094)}é`, 4096],
    ["a 2-byte character crossing byte 4096 is dropped whole", `${"a".repeat(4095)}é`, 4095],
    ["a 3-byte character crossing byte 4096 is dropped whole", `${"a".repeat(4094)}€`, 4094],
    ["a 4-byte character crossing byte 4096 is dropped whole", `${"a".repeat(4093)}😀`, 4093],
    ["a 4-byte character ending at byte 4096 is kept", `${"a".repeat(4092)}😀`, 4096],
  ])("caps at 4096 bytes of UTF-8: %s", (_what, input, bytes) => {
    const output = sanitizeDescription(input);
    expect(utf8Bytes(output)).toBe(bytes);
    expect(input.startsWith(output)).toBe(true);
  });

  it("caps after removing, so removed characters do not count", () => {
    const input = `${"\u200B".repeat(5000)}${"a".repeat(4096)}`;
    expect(sanitizeDescription(input)).toBe("a".repeat(4096));
  });

  it.each([
    [0, "abc", ""],
    [1, "éa", ""],
    [2, "éa", "é"],
    [3, "éa", "éa"],
    [Infinity, "x".repeat(10_000), "x".repeat(10_000)],
    [-5, "abc", ""],
    [2.9, "abc", "ab"],
    [Number.NaN, "a".repeat(4097), "a".repeat(4096)],
  ])("maxBytes %d", (maxBytes, input, output) => {
    expect(sanitizeDescription(input, { maxBytes })).toBe(output);
  });

  it.each([[undefined], [null], [42], [{ toString: () => "x" }], [Symbol("s")], [["a"]]])(
    "gives an empty string for the non-string %s",
    (value) => {
      expect(sanitizeDescription(value as unknown as string)).toBe("");
    },
  );

  describe("properties", () => {
    it("never throws, never exceeds the cap, never keeps a removed code point, never cuts a code point", () => {
      fc.assert(
        fc.property(text, fc.integer({ min: 0, max: 300 }), (input, maxBytes) => {
          const output = sanitizeDescription(input, { maxBytes });
          expect(utf8Bytes(output)).toBeLessThanOrEqual(maxBytes);
          expect(codePoints(output).filter(isRemoved)).toEqual([]);
          // What is left is the start of the input with the removed code points taken out.
          const kept = String.fromCodePoint(...codePoints(input).filter((cp) => !isRemoved(cp)));
          expect(kept.startsWith(output)).toBe(true);
          expect(utf8Bytes(output) === utf8Bytes(kept) || utf8Bytes(output) > maxBytes - 4).toBe(true);
        }),
        { numRuns: 300 },
      );
    });

    it("is idempotent", () => {
      fc.assert(
        fc.property(text, fc.integer({ min: 0, max: 300 }), (input, maxBytes) => {
          const once = sanitizeDescription(input, { maxBytes });
          expect(sanitizeDescription(once, { maxBytes })).toBe(once);
        }),
        { numRuns: 300 },
      );
    });

    it("never throws on any string, of any code units", () => {
      fc.assert(
        fc.property(fc.string({ unit: "binary", maxLength: 500 }), (input) => {
          expect(utf8Bytes(sanitizeDescription(input))).toBeLessThanOrEqual(4096);
        }),
        { numRuns: 200 },
      );
    });
  });
});
