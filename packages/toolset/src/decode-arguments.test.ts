import fc from "fast-check";
import { ITEMS } from "@x/strict-schema";
import type { NullPath } from "@x/strict-schema";
import { describe, expect, it } from "vitest";
import { decodeArguments } from "./decode-arguments";
import { ToolError } from "./tool-error";

describe("decodeArguments", () => {
  it.each<[string, unknown, readonly NullPath[] | undefined, unknown]>([
    ["an empty string as {}", "", undefined, {}],
    ["a blank string as {}", " \n\t", undefined, {}],
    ["undefined as {}", undefined, undefined, {}],
    ["an object", '{"q":"cats","n":2}', undefined, { q: "cats", n: 2 }],
    ["an empty object", "{}", undefined, {}],
    ["nulls kept without null paths", '{"limit":null}', undefined, { limit: null }],
    ["nulls kept with empty null paths", '{"limit":null}', [], { limit: null }],
    ["a null at a null path stripped", '{"q":"x","limit":null}', [["limit"]], { q: "x" }],
    ["a value at a null path kept", '{"limit":0}', [["limit"]], { limit: 0 }],
    ["a null elsewhere kept", '{"other":null}', [["limit"]], { other: null }],
    [
      "nulls inside array elements stripped",
      '{"tags":[{"k":null,"v":1},{"k":"a"}]}',
      [["tags", ITEMS, "k"]],
      { tags: [{ v: 1 }, { k: "a" }] },
    ],
    ["an already decoded object (some compatible servers)", { q: "x", limit: null }, [["limit"]], { q: "x" }],
  ])("reads %s", (_what, text, nullPaths, expected) => {
    expect(decodeArguments(text, nullPaths)).toEqual({ ok: true, arguments: expected });
  });

  it("keeps a __proto__ key as data, not as the prototype", () => {
    const decoded = decodeArguments('{"__proto__":{"admin":true}}');
    expect(decoded.ok).toBe(true);
    const args = (decoded as { arguments: { [key: string]: unknown } }).arguments;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.hasOwn(args, "__proto__")).toBe(true);
    expect((args as { admin?: unknown }).admin).toBeUndefined();
  });

  it("copies an already decoded object, and leaves it alone", () => {
    const input = { q: "x", limit: null };
    const decoded = decodeArguments(input, [["limit"]]);
    expect(decoded).toEqual({ ok: true, arguments: { q: "x" } });
    expect(input).toEqual({ q: "x", limit: null });
  });

  it.each([
    ["truncated JSON", '{"q":'],
    ["single quotes", "{'q':1}"],
    ["NaN", "NaN"],
    ["a trailing comma", '{"q":1,}'],
    ["two objects", "{}{}"],
  ])("rejects %s as arguments-not-json", (_what, text) => {
    const decoded = decodeArguments(text);
    expect(decoded.ok).toBe(false);
    const { error } = decoded as { error: ToolError };
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ code: "arguments-not-json", fault: "model" });
    expect(error.message).toMatch(/^The arguments are not valid JSON/);
    expect(error.message).toContain(text);
    expect(error.message).toMatch(/Send the arguments as one JSON object\.$/);
  });

  it("quotes at most 200 characters of unreadable arguments", () => {
    const decoded = decodeArguments(`{${"x".repeat(1000)}`);
    expect((decoded as { error: ToolError }).error.message).toContain(`{${"x".repeat(199)}…`);
    expect((decoded as { error: ToolError }).error.message).not.toContain("x".repeat(201));
  });

  it.each<[string, unknown, string]>([
    ["an array", "[1,2]", "an array"],
    ["null", "null", "null"],
    ["a number", "42", "a number"],
    ["a string", '"q"', "a string"],
    ["a boolean", "true", "a boolean"],
    ["an array value", [1], "an array"],
    ["a number value", 42, "a number"],
    ["a null value", null, "null"],
  ])("rejects %s as arguments-not-object", (_what, text, got) => {
    const decoded = decodeArguments(text);
    expect(decoded).toMatchObject({ ok: false, error: { code: "arguments-not-object" } });
    expect((decoded as { error: ToolError }).error.message).toBe(
      `The arguments must be a JSON object, got ${got}. Send them as {"name": value, …}.`,
    );
  });

  it("rejects an already decoded value that is not JSON", () => {
    const cyclic: { [key: string]: unknown } = {};
    cyclic["self"] = cyclic;
    expect(decodeArguments(cyclic)).toMatchObject({ ok: false, error: { code: "arguments-not-json" } });
  });

  it("never throws, and gives an object or an error", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (value) => {
        const decoded = decodeArguments(value, [["a"], ["b", ITEMS]]);
        if (decoded.ok) expect(typeof decoded.arguments === "object" && !Array.isArray(decoded.arguments)).toBe(true);
        else expect(decoded.error).toBeInstanceOf(ToolError);
      }),
      { numRuns: 300 },
    );
  });
});
