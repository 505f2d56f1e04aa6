import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ByteLength } from "./base64-byte-length";

describe("base64ByteLength", () => {
  it.each([
    ["", 0],
    ["QQ==", 1],
    ["QUI=", 2],
    ["QUJD", 3],
    ["QQ", 1],
    ["QUI", 2],
    ["QUJD\nRA==", 4],
    ["-_-_", 3],
    ["not base64!!", 6],
    ["====", 0],
    ["é😀", 0],
  ])("%j is %d bytes", (data, bytes) => {
    expect(base64ByteLength(data)).toBe(bytes);
  });

  it("agrees with decoding for any bytes, padded or not", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const padded = Buffer.from(bytes).toString("base64");
        expect(base64ByteLength(padded)).toBe(bytes.length);
        expect(base64ByteLength(Buffer.from(bytes).toString("base64url"))).toBe(bytes.length);
      }),
      { numRuns: 200 },
    );
  });
});
