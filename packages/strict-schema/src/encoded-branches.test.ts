// strictSchema with encode: encodings inside anyOf branches, told apart by the form of the value.
import { describe, expect, it } from "vitest";
import { restoreArguments } from "./restore-arguments";
import { strictSchema } from "./strict-schema";
import { ITEMS } from "./types";
import { root, strictEncoded } from "./__fixtures__/encoded-schemas";

describe("strictSchema with encode: anyOf branches", () => {
  it("a free-form map beside a string branch becomes entries of JSON text (a string would be ambiguous)", () => {
    const result = strictEncoded(
      root({ p: { anyOf: [{ type: "object", additionalProperties: true }, { type: "string" }] } }),
    );
    expect(result).toMatchObject({
      ok: true,
      encodings: [
        { kind: "entries", path: ["p"] },
        { kind: "json-text", path: ["p", ITEMS, "value"], parsesTo: "any" },
      ],
    });
  });

  it.each([
    [
      "JSON text beside a string",
      { anyOf: [{}, { type: "string" }] },
      ["properties", "p", "anyOf", 0],
      /sent as JSON text where another branch takes a string/,
    ],
    [
      "entries beside an array",
      {
        anyOf: [
          { type: "object", additionalProperties: { type: "string" } },
          { type: "array", items: { type: "string" } },
        ],
      },
      ["properties", "p", "anyOf", 0],
      /key\/value entries where another branch takes an array/,
    ],
    [
      "a typed map beside an object",
      {
        anyOf: [
          { type: "object", additionalProperties: { type: "string" } },
          { type: "object", properties: { a: { type: "string" } } },
        ],
      },
      ["properties", "p", "anyOf", 0],
      /a map where another branch takes an object/,
    ],
    [
      "an open rest beside an object",
      {
        anyOf: [
          { type: "object", properties: { a: { type: "string" } }, additionalProperties: true },
          { type: "object", properties: { b: { type: "string" } } },
        ],
      },
      ["properties", "p", "anyOf", 0],
      /branch 0 has an open rest where another branch takes an object/,
    ],
    [
      "a free-form map inside an object beside an object with the same property",
      {
        anyOf: [
          { type: "object", properties: { a: { type: "object" } }, required: ["a"] },
          { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        ],
      },
      ["properties", "p", "anyOf", 0],
      /branch 0 encodes a part of an object another branch may also be/,
    ],
    [
      "a free-form map inside an object beside a $ref to an anyOf with the same property",
      {
        anyOf: [{ type: "object", properties: { a: { type: "object" } }, required: ["a"] }, { $ref: "#/$defs/either" }],
      },
      ["properties", "p", "anyOf", 0],
      /branch 0 encodes a part of an object another branch may also be/,
    ],
    [
      "a free-form map inside an array beside an array",
      {
        anyOf: [
          { type: "array", items: { type: "object" } },
          { type: "array", items: { type: "string" } },
        ],
      },
      ["properties", "p", "anyOf", 0],
      /branch 0 encodes a part of an array another branch may also be/,
    ],
  ])("refuses an encoding another anyOf branch could be mistaken for: %s", (_name, p, path, message) => {
    const either = {
      anyOf: [
        { type: "object", properties: { b: { type: "string" } }, required: ["b"] },
        { type: "object", properties: { a: { type: "number" } }, required: ["a"] },
      ],
    };
    const result = strictEncoded({ ...root({ p }), $defs: { either } });
    expect(result).toMatchObject({ ok: false, error: { keyword: "anyOf", path } });
    expect(!result.ok && result.error.message).toMatch(message);
  });

  it("refuses a oneOf (without relax.oneOf) for an encoding its branches make ambiguous, else as unsupported", () => {
    const ambiguous = {
      oneOf: [
        { type: "object", properties: { a: { type: "string" } }, additionalProperties: true },
        { type: "object", properties: { b: { type: "string" } } },
      ],
    };
    const result = strictEncoded(root({ p: ambiguous }));
    expect(result).toMatchObject({ ok: false, error: { keyword: "oneOf", path: ["properties", "p", "oneOf", 0] } });
    expect(!result.ok && result.error.message).toMatch(/has an open rest where another branch takes an object/);
    const distinct = { oneOf: [{ type: "object", additionalProperties: { type: "string" } }, { type: "string" }] };
    const refused = strictEncoded(root({ p: distinct }));
    expect(refused).toMatchObject({ ok: false, error: { keyword: "oneOf", path: ["properties", "p"] } });
    expect(!refused.ok && refused.error.message).toMatch(/"oneOf" is not supported in strict mode/);
    expect(strictSchema(root({ p: distinct }), { encode: true, relax: { oneOf: true } })).toMatchObject({
      ok: true,
      encodings: [{ kind: "entries", path: ["p"] }],
    });
  });

  it("encodes inside an object branch when no other branch may hold that property (strict objects are closed)", () => {
    // Notion's blocks: each branch is an object keyed by its own block type, and an encoding inside
    // one branch can only be met on a value of that branch.
    const block = (kind: string) => ({
      type: "object",
      properties: { [kind]: { type: "object", properties: { link: { type: ["object", "null"] } } } },
      required: [kind],
    });
    const schema = root({ p: { anyOf: [block("paragraph"), { $ref: "#/$defs/bulleted" }] } });
    const encoded = strictEncoded({ ...schema, $defs: { bulleted: block("bulleted") } });
    expect(encoded).toMatchObject({
      ok: true,
      encodings: [
        { kind: "json-text", path: ["p", "paragraph", "link"], parsesTo: "object" },
        { kind: "json-text", path: ["p", "bulleted", "link"], parsesTo: "object" },
      ],
    });
    if (!encoded.ok) return;
    const sent = { p: { bulleted: { link: '{"url":"https://example.com"}' } } };
    expect(restoreArguments(sent, encoded)).toEqual({
      ok: true,
      value: { p: { bulleted: { link: { url: "https://example.com" } } } },
    });
  });

  it("tells a branch that is a $ref to a hoisted target by the target's type", () => {
    const result = strictEncoded(
      root({
        a: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
        p: { anyOf: [{}, { $ref: "#/properties/a" }] },
      }),
    );
    expect(result).toMatchObject({ ok: true, encodings: [{ kind: "json-text", path: ["p"], parsesTo: "any" }] });
    expect(result.ok && result.schema.properties?.p).toEqual({
      anyOf: [{ type: "string", description: "Any JSON value, as JSON text." }, { $ref: "#/$defs/properties_a" }],
    });
  });
});
