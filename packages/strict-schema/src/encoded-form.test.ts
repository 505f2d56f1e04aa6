// strictSchema with encode: the encoded form of each kind of node strict mode cannot express.
import { describe, expect, it } from "vitest";
import { strictSchema } from "./strict-schema";
import { ITEMS } from "./types";
import { root, strictEncoded } from "./__fixtures__/encoded-schemas";

describe("strictSchema with encode: encoded forms", () => {
  it("a map with a value schema becomes a list of key/value entries", () => {
    const result = strictEncoded(
      root({
        headers: {
          type: "object",
          description: "HTTP headers.",
          propertyNames: { type: "string", pattern: "^[a-z-]+$" },
          additionalProperties: { type: "string" },
          maxProperties: 5,
        },
      }),
    );
    expect(result).toMatchObject({ ok: true, nullPaths: [], encodings: [{ kind: "entries", path: ["headers"] }] });
    if (!result.ok) return;
    expect(result.schema.properties?.headers).toEqual({
      type: "array",
      description: "HTTP headers. A list of key/value entries, each key once.",
      maxItems: 5,
      items: {
        type: "object",
        properties: { key: { type: "string", pattern: "^[a-z-]+$" }, value: { type: "string" } },
        required: ["key", "value"],
        additionalProperties: false,
      },
    });
  });

  it("a map of maps, with optional properties inside: null paths run through value", () => {
    const result = strictEncoded(
      root({
        m: {
          type: "object",
          additionalProperties: {
            type: "object",
            additionalProperties: {
              type: "object",
              properties: { n: { type: "integer" }, note: { type: "string" } },
              required: ["n"],
            },
          },
        },
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      nullPaths: [["m", ITEMS, "value", ITEMS, "value", "note"]],
      encodings: [
        { kind: "entries", path: ["m"] },
        { kind: "entries", path: ["m", ITEMS, "value"] },
      ],
    });
  });

  it.each([
    [
      "no additionalProperties",
      { type: "object", description: "Patch data." },
      "Patch data. A JSON object, as JSON text.",
    ],
    ["additionalProperties: true", { type: "object", additionalProperties: true }, "A JSON object, as JSON text."],
    [
      "additionalProperties: {}",
      { type: "object", propertyNames: { type: "string" }, additionalProperties: {} },
      "A JSON object, as JSON text.",
    ],
    [
      "empty properties and an open rest",
      { type: "object", properties: {}, additionalProperties: true },
      "A JSON object, as JSON text.",
    ],
  ])("a free-form map (%s) becomes JSON text of an object", (_name, map, description) => {
    const result = strictEncoded(root({ values: map }, []));
    expect(result).toMatchObject({
      ok: true,
      nullPaths: [["values"]],
      encodings: [{ kind: "json-text", path: ["values"], parsesTo: "object" }],
    });
    expect(result.ok && result.schema.properties?.values).toEqual({ type: ["string", "null"], description });
  });

  it.each([
    ["{}", {}],
    ["true", true],
    ["only a description", { description: "The data." }],
    ["only annotations", { title: "Data", default: 3, examples: [1] }],
  ])("a free-form value (%s) becomes JSON text of any value", (_name, value) => {
    const result = strictEncoded(root({ data: value, list: { type: "array", items: value } }));
    expect(result).toMatchObject({
      ok: true,
      encodings: [
        { kind: "json-text", path: ["data"], parsesTo: "any" },
        { kind: "json-text", path: ["list", ITEMS], parsesTo: "any" },
      ],
    });
    expect(result.ok && (result.schema.properties?.data as { type: unknown }).type).toBe("string");
  });

  it(
    "declared properties and an open rest: the rest goes into one added property, named apart from the declared " +
      "ones",
    () => {
      const result = strictEncoded(
        root({
          o: {
            type: "object",
            properties: { a: { type: "string" }, additional_properties: { type: "number" } },
            required: ["a"],
            additionalProperties: { type: "boolean" },
          },
        }),
      );
      expect(result).toMatchObject({
        ok: true,
        nullPaths: [
          ["o", "additional_properties"],
          ["o", "additional_properties_"],
        ],
        encodings: [
          { kind: "entries", path: ["o", "additional_properties_"] },
          { kind: "rest", path: ["o"], property: "additional_properties_", declared: ["a", "additional_properties"] },
        ],
      });
    },
  );

  it("a root map keeps the root an object: the entries go into the added property", () => {
    const result = strictEncoded({ type: "object", additionalProperties: { type: "string" } });
    expect(result).toMatchObject({
      ok: true,
      encodings: [
        { kind: "entries", path: ["additional_properties"] },
        { kind: "rest", path: [], property: "additional_properties", declared: [] },
      ],
    });
  });

  it("a root { type: object } is still a tool without arguments", () => {
    expect(strictEncoded({ type: "object" })).toMatchObject({
      ok: true,
      encodings: [],
      schema: { type: "object", properties: {}, required: [], additionalProperties: false },
    });
  });

  it(
    "an object closed with additionalProperties: false and no properties " + "stays the empty object, not JSON text",
    () => {
      const closed = { type: "object", properties: {}, additionalProperties: false };
      const result = strictEncoded({ type: "object", properties: { opts: closed }, required: ["opts"] });
      expect(result).toMatchObject({
        ok: true,
        encodings: [],
        schema: { properties: { opts: { type: "object", properties: {}, required: [], additionalProperties: false } } },
      });
    },
  );

  it("reports a problem inside an encoded part at its path in the input", () => {
    const result = strictEncoded(
      root({ m: { type: "object", additionalProperties: { type: "object", properties: { x: { not: {} } } } } }),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { keyword: "not", path: ["properties", "m", "additionalProperties", "properties", "x"] },
    });
    expect(!result.ok && result.error.message).toMatch(/^At #\/properties\/m\/additionalProperties\/properties\/x: /);
    const rest = strictEncoded(
      root({
        o: { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "string", not: {} } },
      }),
    );
    expect(rest).toMatchObject({
      ok: false,
      error: { keyword: "not", path: ["properties", "o", "additionalProperties"] },
    });
  });

  it("never throws or hangs on hostile input, and leaves the input alone", () => {
    let deep: unknown = { type: "object", additionalProperties: { type: "string" } };
    for (let index = 0; index < 100_000; index += 1)
      deep = { type: "object", properties: { a: deep }, required: ["a"] };
    expect(strictEncoded(deep)).toMatchObject({ ok: false, error: { keyword: "max_depth" } });
    const cyclic: Record<string, unknown> = { type: "object", properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    expect(() => strictEncoded(cyclic)).not.toThrow();
    const proto = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","additionalProperties":{"type":"string"}}},' +
        '"required":["__proto__"]}',
    ) as unknown;
    const before = JSON.stringify(proto);
    expect(strictEncoded(proto)).toMatchObject({ ok: true, encodings: [{ kind: "entries", path: ["__proto__"] }] });
    expect(JSON.stringify(proto)).toBe(before);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    for (const value of [null, 3, "x", [], undefined])
      expect(strictEncoded(value)).toMatchObject({ ok: false, error: { keyword: "type" } });
  });

  it("with relax.allOf, encodes the properties an allOf merges like any other", () => {
    const merged = { type: "object", allOf: [{ type: "object", properties: { data: {} }, required: ["data"] }] };
    expect(strictSchema(root({ o: merged }), { encode: true, relax: { allOf: true } })).toMatchObject({
      ok: true,
      relaxations: [{ kind: "allOf-merged", path: ["properties", "o"] }],
      encodings: [{ kind: "json-text", path: ["o", "data"], parsesTo: "any" }],
    });
  });
});
