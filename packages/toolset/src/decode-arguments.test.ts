import fc from "fast-check";
import { ITEMS } from "@x/strict-schema";
import type { NullPath, Plan } from "@x/strict-schema";
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
  ])("reads %s", (_what, text, nullPaths, expected) => {
    const plan = nullPaths === undefined ? undefined : { nullPaths, encodings: [] };
    expect(decodeArguments(text, plan)).toEqual({ ok: true, arguments: expected });
  });

  it("keeps a __proto__ key as data, not as the prototype", () => {
    const decoded = decodeArguments('{"__proto__":{"admin":true}}');
    expect(decoded.ok).toBe(true);
    const args = (decoded as { arguments: { [key: string]: unknown } }).arguments;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.hasOwn(args, "__proto__")).toBe(true);
    expect((args as { admin?: unknown }).admin).toBeUndefined();
  });

  const incomplete = (quoted: string): string =>
    `The arguments are not valid JSON: they end before the JSON is complete (an unclosed string, object or array). ` +
    `Received: ${quoted}. Send the arguments as one complete JSON object.`;
  const invalid = (quoted: string): string =>
    `The arguments are not valid JSON. Received: ${quoted}. ` +
    `Send the arguments as one JSON object, names and strings in double quotes: {"name": "value"}.`;

  // Our own wording, never the engine's JSON.parse message (V8 rewords those between Node majors).
  it.each([
    ["cut in a string", '{"city":"Par', incomplete('{"city":"Par')],
    ["cut after a colon", '{"q":', incomplete('{"q":')],
    ["cut in a nested array", '{"tags":["a",', incomplete('{"tags":["a",')],
    ["an escaped quote in an unclosed string", '{"q":"a\\"', incomplete('{"q":"a\\"')],
    ["a lone opening brace", "{", incomplete("{")],
    ["single quotes", "{'q':1}", invalid("{'q':1}")],
    ["NaN", "NaN", invalid("NaN")],
    ["a trailing comma", '{"q":1,}', invalid('{"q":1,}')],
    ["two objects", "{}{}", invalid("{}{}")],
    ["a closing brace too many", '{"q":1}}', invalid('{"q":1}}')],
    ["a bracket closing a brace", '{"q":[1}', invalid('{"q":[1}')],
  ])("rejects %s as arguments-not-json, in a stable message", (_what, text, message) => {
    const decoded = decodeArguments(text);
    expect(decoded.ok).toBe(false);
    const { error } = decoded as { error: ToolError };
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ code: "arguments-not-json", fault: "model", message });
  });

  it("quotes at most 200 characters of unreadable arguments, and says how many there were", () => {
    const decoded = decodeArguments(`{"q":"${"x".repeat(1000)}`);
    expect((decoded as { error: ToolError }).error.message).toBe(
      incomplete(`{"q":"${"x".repeat(194)}… (1006 characters in all)`),
    );
  });

  it("quotes 200 characters whole", () => {
    const text = "x".repeat(200);
    expect((decodeArguments(text) as { error: ToolError }).error.message).toBe(invalid(text));
    expect((decodeArguments(`${text}x`) as { error: ToolError }).error.message).toBe(
      invalid(`${text}… (201 characters in all)`),
    );
  });

  it.each<[string, unknown, string]>([
    ["an array", "[1,2]", "an array"],
    ["null", "null", "null"],
    ["a number", "42", "a number"],
    ["a string", '"q"', "a string"],
    ["a boolean", "true", "a boolean"],
  ])("rejects %s as arguments-not-object", (_what, text, got) => {
    const decoded = decodeArguments(text);
    expect(decoded).toMatchObject({ ok: false, error: { code: "arguments-not-object" } });
    expect((decoded as { error: ToolError }).error.message).toBe(
      `The arguments must be a JSON object, got ${got}. Send them as {"name": value, …}.`,
    );
  });

  it.each<[string, unknown, string]>([
    ["an already decoded object (some compatible servers)", { q: "x" }, "an object"],
    ["an array value", [1], "an array"],
    ["a number value", 42, "a number"],
    ["a null value", null, "null"],
    ["a BigInt", 1n, "a bigint"],
    ["a function", () => 1, "a function"],
    [
      "a cycle",
      (() => {
        const cyclic: { [key: string]: unknown } = {};
        cyclic["self"] = cyclic;
        return cyclic;
      })(),
      "an object",
    ],
    [
      "an object nested 10,000 levels deep",
      (() => {
        let deep: { [key: string]: unknown } = {};
        for (let level = 0; level < 10_000; level++) deep = { a: deep };
        return deep;
      })(),
      "an object",
    ],
  ])("rejects %s: the arguments must be a JSON string (never copied, never written out)", (_what, value, got) => {
    expect(decodeArguments(value)).toMatchObject({
      ok: false,
      error: {
        code: "arguments-not-json",
        message:
          `The arguments must be a JSON string, got ${got}. ` +
          `Send them as text holding one JSON object, such as {"name": "value"}.`,
      },
    });
  });

  describe("with a plan", () => {
    const plan: Plan = {
      nullPaths: [["note"]],
      encodings: [
        { kind: "entries", path: ["env"] },
        { kind: "json-text", path: ["filter"], parsesTo: "object" },
      ],
    };

    it("strips the nulls and undoes the encodings", () => {
      expect(decodeArguments('{"env":[{"key":"A","value":"1"}],"filter":"{\\"x\\":1}","note":null}', plan)).toEqual({
        ok: true,
        arguments: { env: { A: "1" }, filter: { x: 1 } },
      });
    });

    it.each<[string, string, RegExp]>([
      [
        "a key given twice",
        '{"env":[{"key":"A","value":"1"},{"key":"A","value":"2"}]}',
        /At #\/env\/1\/key: the key "A" is given twice; send each key once\.$/,
      ],
      [
        "JSON text that does not parse",
        '{"filter":"{x:1}"}',
        /At #\/filter: the JSON text does not parse .*; send a JSON object as text/,
      ],
      ["JSON text of the wrong kind", '{"filter":"[1]"}', /At #\/filter: the JSON text is \[1\], not an object/],
    ])("rejects %s as arguments-not-restorable, saying where and what to send", (_what, text, message) => {
      const decoded = decodeArguments(text, plan);
      expect(decoded).toMatchObject({ ok: false, error: { code: "arguments-not-restorable", fault: "model" } });
      expect(!decoded.ok && decoded.error.message).toMatch(/^The arguments cannot be given to the tool: /);
      expect(!decoded.ok && decoded.error.message).toMatch(message);
    });
  });

  it("never throws, and gives an object or an error", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (value) => {
        const decoded = decodeArguments(value, { nullPaths: [["a"], ["b", ITEMS]], encodings: [] });
        if (decoded.ok) expect(typeof decoded.arguments === "object" && !Array.isArray(decoded.arguments)).toBe(true);
        else expect(decoded.error).toBeInstanceOf(ToolError);
      }),
      { numRuns: 300 },
    );
  });
});
