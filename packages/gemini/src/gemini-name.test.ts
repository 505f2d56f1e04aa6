import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { geminiName, GEMINI_NAME_PATTERN } from "./gemini-name";

describe("geminiName", () => {
  it.each([
    ["files__read_file", "files__read_file"],
    ["_private", "_private"],
    ["a-b", "a-b"],
    ["1password__get_item", "_1password__get_item"],
    ["-dash", "_-dash"],
    ["9".repeat(63), `_${"9".repeat(63)}`],
    ["9".repeat(64), `_${"9".repeat(63)}`],
  ])("%s → %s", (exposed, expected) => {
    expect(geminiName(exposed)).toBe(expected);
  });

  it("gives a name Gemini takes for every exposed name, and keeps every name Gemini takes", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (exposed) => {
        const name = geminiName(exposed);
        expect(name).toMatch(GEMINI_NAME_PATTERN);
        if (/^[A-Za-z_]/.test(exposed)) expect(name).toBe(exposed);
      }),
    );
  });

  it("takes the last name that fits and refuses the first that does not", () => {
    expect(GEMINI_NAME_PATTERN.test(`a${"b".repeat(63)}`)).toBe(true);
    expect(GEMINI_NAME_PATTERN.test(`a${"b".repeat(64)}`)).toBe(false);
    expect(GEMINI_NAME_PATTERN.test("a.b:c-d_e")).toBe(true);
    expect(GEMINI_NAME_PATTERN.test("a/b")).toBe(false);
  });
});
