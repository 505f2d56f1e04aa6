// strictSchema with encode: encodings inside anyOf branches, told apart by the form of the value.
import { describe, expect, it } from "vitest";
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
      /branch 0 encodes a part of an object another branch may also be/,
    ],
  ])("refuses an encoding another anyOf branch could be mistaken for: %s", (_name, p, path, message) => {
    const result = strictEncoded(root({ p }));
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
    expect(!result.ok && result.error.message).toMatch(/encodes a part of an object another branch may also be/);
    const distinct = { oneOf: [{ type: "object", additionalProperties: { type: "string" } }, { type: "string" }] };
    const refused = strictEncoded(root({ p: distinct }));
    expect(refused).toMatchObject({ ok: false, error: { keyword: "oneOf", path: ["properties", "p"] } });
    expect(!refused.ok && refused.error.message).toMatch(/"oneOf" is not supported in strict mode/);
    expect(strictSchema(root({ p: distinct }), { encode: true, relax: { oneOf: true } })).toMatchObject({
      ok: true,
      encodings: [{ kind: "entries", path: ["p"] }],
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
