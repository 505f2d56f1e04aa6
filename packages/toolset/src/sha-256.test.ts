import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha-256";
import { utf8Encode } from "./utf8";

describe("sha256Hex", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("the FIPS 180-4 vector %j", (text, digest) => {
    expect(sha256Hex(utf8Encode(text))).toBe(digest);
  });

  it("agrees with node:crypto on any bytes, across block boundaries", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(sha256Hex(bytes)).toBe(createHash("sha256").update(bytes).digest("hex"));
      }),
      { numRuns: 200 },
    );
  });
});

describe("utf8Encode", () => {
  it("agrees with TextEncoder on any string, lone surrogates included", () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n)) }),
        (text, surrogates) => {
          const mixed = text + surrogates + text;
          expect(utf8Encode(mixed)).toEqual(encoder.encode(mixed));
        },
      ),
      { numRuns: 200 },
    );
  });
});
