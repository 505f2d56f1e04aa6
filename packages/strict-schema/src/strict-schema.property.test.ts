// Invariants of strictSchema and stripNulls over generated input: never
// throws, never mutates, deterministic, every output strict-valid (by the
// independent checker), and for convertible schemas with instances valid under
// the original: filling absent optional properties with null gives an instance
// the strict schema accepts, and stripNulls gives the original back.
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkStrict } from "./check-strict";
import { strictSchema } from "./strict-schema";
import { stripNulls } from "./strip-nulls";
import type { StrictSchemaOptions } from "./types";

type Schema = { [key: string]: unknown };

const RELAXED: StrictSchemaOptions = { relax: { oneOf: true, allOf: true } };
const TARGETS = ["openai", "anthropic", "gemini", "gemini-openapi"] as const;

/** Keywords, mostly ones strict mode cares about, with names that stress prototypes. */
const keyword = fc.constantFrom(
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "title",
  "format",
  "pattern",
  "minLength",
  "minimum",
  "default",
  "not",
  "nullable",
  "__proto__",
  "constructor",
);
const names = fc.constantFrom("a", "b", "items", "*", "", "__proto__", "constructor", "toString");
const refs = fc.constantFrom(
  "#",
  "#/$defs/a",
  "#/$defs/__proto__",
  "#/definitions/b",
  "#/$defs/missing",
  "other.json#/x",
  "#/properties/a",
);
const types = fc.constantFrom(
  "object",
  "string",
  "integer",
  "number",
  "boolean",
  "array",
  "null",
  "any",
  ["string", "null"],
  ["object", "array"],
  [],
);

/** Schema-shaped values: objects of keywords whose values are schemas, lists, maps, type names, refs or any JSON. */
const schemaish = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.boolean(),
    fc.dictionary(keyword, tie("value"), { maxKeys: 6 }),
  ),
  value: fc.oneof(
    { depthSize: "small" },
    tie("node"),
    types,
    refs,
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(names, tie("node"), { maxKeys: 3 }),
    fc.array(names, { maxLength: 3 }),
  ),
})).node;
const rootish = fc.record(
  {
    type: fc.constant("object"),
    properties: fc.dictionary(names, schemaish, { maxKeys: 4 }),
    required: fc.array(names, { maxLength: 3 }),
    $defs: fc.dictionary(names, schemaish, { maxKeys: 3 }),
  },
  { requiredKeys: ["type"] },
);

const jsonText = (value: unknown): string => JSON.stringify(value);

describe("strictSchema on any input", () => {
  it.each<[string, fc.Arbitrary<unknown>, StrictSchemaOptions | undefined]>([
    ["JSON values", fc.jsonValue(), undefined],
    ["schema-shaped values", rootish, undefined],
    ["schema-shaped values, relaxed", rootish, RELAXED],
    ["schema-shaped subschemas", schemaish, undefined],
  ])(
    "never throws or mutates, is deterministic, and every ok output passes checkStrict: %s",
    (_name, input, options) => {
      fc.assert(
        fc.property(input, (schema) => {
          const before = jsonText(schema);
          const result = strictSchema(schema, options);
          expect(jsonText(schema)).toBe(before);
          expect(jsonText(strictSchema(schema, options))).toBe(jsonText(result));
          if (result.ok) expect(checkStrict(result.schema)).toEqual([]);
          else expect(result.error.message).toMatch(/^At #/);
        }),
        { numRuns: 300 },
      );
    },
  );

  it.each(TARGETS)(
    "for %s: never throws or mutates, is deterministic, and every ok output passes that target's checker",
    (target) => {
      const options = fc.constantFrom<StrictSchemaOptions>(
        { target },
        { target, encode: true },
        { target, encode: true, relax: { oneOf: true, allOf: true }, recursionDepth: 1 },
      );
      fc.assert(
        fc.property(fc.oneof(rootish, schemaish), options, (schema, given) => {
          const before = jsonText(schema);
          const result = strictSchema(schema, given);
          expect(jsonText(schema)).toBe(before);
          expect(jsonText(strictSchema(schema, given))).toBe(jsonText(result));
          if (result.ok) expect(checkStrict(result.schema, { target })).toEqual([]);
          else expect([result.error.message.startsWith("At #"), result.error.target]).toEqual([true, target]);
        }),
        { numRuns: 400 },
      );
    },
  );

  it("never throws or mutates on arbitrary JavaScript values, anywhere in a schema", () => {
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    });
    const placed = fc.oneof(
      anything,
      anything.map((value) => ({ type: "object", properties: { p: value } })),
      anything.map((value) => ({ type: "object", properties: { p: { type: "string", enum: value } } })),
    );
    fc.assert(
      fc.property(placed, (schema) => {
        const before = fc.stringify(schema);
        const result = strictSchema(schema, RELAXED);
        expect(fc.stringify(schema)).toBe(before);
        expect(typeof result.ok).toBe("boolean");
        if (result.ok) expect(checkStrict(result.schema)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("stripNulls on any input", () => {
  it("never throws, never mutates, and removes only nulls", () => {
    const segment = fc.oneof(names, fc.constant(null));
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.array(segment, { maxLength: 4 }), { maxLength: 5 }),
        (value, nullPaths) => {
          const before = jsonText(value);
          const result = stripNulls(value, nullPaths);
          expect(jsonText(value)).toBe(before);
          // Removing the nulls of the result again changes nothing, and so does stripping with no paths.
          expect(stripNulls(result, nullPaths)).toEqual(result);
          expect(stripNulls(value, [])).toEqual(value);
          expect(jsonText(result).length).toBeLessThanOrEqual(before.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------
// Convertible schemas with instances: a small vocabulary the generator and the
// instance sampler below both understand. Names that clash with
// Object.prototype are left out here: ajv reads `data.constructor` as present.

const DEFS: { [name: string]: Schema } = {
  word: { type: "string", minLength: 1 },
  pair: {
    type: "object",
    properties: { n: { type: "integer" }, m: { type: ["boolean", "null"] }, o: { type: "string" } },
    required: ["n"],
  },
};
const leaves: Schema[] = [
  { type: "string" },
  { type: "integer", minimum: -5, maximum: 5 },
  { type: "number" },
  { type: "boolean" },
  { type: "null" },
  { type: "string", enum: ["x", "y"] },
  { enum: ["x", 1, null] },
  { type: ["string", "null"] },
  { const: "k" },
  { anyOf: [{ type: "string" }, { type: "null" }] },
  { type: "string", format: "date" },
  { $ref: "#/$defs/word" },
  { $ref: "#/$defs/pair" },
];
const propertyNames = fc.constantFrom("a", "b", "items", "*", "[]", "x y", "");
const convertible = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    fc.constantFrom(...leaves),
    tie("array"),
    tie("object"),
    tie("anyOf"),
  ),
  array: tie("schema").map((items) => ({ type: "array", items })),
  object: tie("properties"),
  properties: fc.dictionary(propertyNames, fc.tuple(tie("schema"), fc.boolean()), { maxKeys: 4 }).map((entries) => ({
    type: "object",
    properties: Object.fromEntries(Object.entries(entries).map(([name, [schema]]) => [name, schema])),
    required: Object.entries(entries).flatMap(([name, [, required]]) => (required ? [name] : [])),
    // (an object without properties is an open map unless closed)
    ...(Object.keys(entries).length === 0 ? { additionalProperties: false } : {}),
  })),
  anyOf: fc.tuple(tie("schema"), tie("schema")).map(([first, second]) => ({ anyOf: [first, second] })),
}));
const convertibleRoot = convertible.properties.map((schema) => ({ ...(schema as Schema), $defs: DEFS }));

/** An instance valid under the original, the one the model sends in strict mode, and what stripNulls must give back. */
interface Sample {
  readonly value: unknown;
  readonly filled: unknown;
  readonly expected: unknown;
}
const same = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<Sample> =>
  arbitrary.map((value) => ({ value, filled: value, expected: value }));
const resolve = (schema: Schema): Schema =>
  typeof schema.$ref === "string" ? (DEFS[schema.$ref.slice("#/$defs/".length)] as Schema) : schema;

/** Written for this vocabulary, independently of the rewriter's own analysis. */
const acceptsNull = (input: Schema): boolean => {
  const schema = resolve(input);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((branch) => acceptsNull(branch as Schema));
  if ("const" in schema) return schema.const === null;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  return schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"));
};

const sample = (input: Schema): fc.Arbitrary<Sample> => {
  const schema = resolve(input);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((branch) => sample(branch as Schema)));
  if ("const" in schema) return same(fc.constant(schema.const));
  if (Array.isArray(schema.enum)) return same(fc.constantFrom(...(schema.enum as unknown[])));
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return fc.oneof(
    ...type.map((name): fc.Arbitrary<Sample> => {
      switch (name) {
        case "string":
          return same(
            schema.format === "date"
              ? fc
                  .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
                  .map((date) => date.toISOString().slice(0, 10))
              : fc.string({ minLength: (schema.minLength as number | undefined) ?? 0 }),
          );
        case "integer":
          return same(
            fc.integer({
              min: (schema.minimum as number | undefined) ?? -1e6,
              max: (schema.maximum as number | undefined) ?? 1e6,
            }),
          );
        case "number":
          return same(fc.double({ noNaN: true, noDefaultInfinity: true }));
        case "boolean":
          return same(fc.boolean());
        case "null":
          return same(fc.constant(null));
        case "array":
          return fc.array(sample(schema.items as Schema), { maxLength: 3 }).map((items) => ({
            value: items.map((item) => item.value),
            filled: items.map((item) => item.filled),
            expected: items.map((item) => item.expected),
          }));
        default: {
          const properties = Object.entries(schema.properties as Schema);
          const required = schema.required as string[];
          return fc
            .tuple(
              ...properties.map(([name, property]) =>
                required.includes(name)
                  ? sample(property as Schema)
                  : fc.option(sample(property as Schema), { nil: undefined }),
              ),
            )
            .map((parts) => {
              const value: Schema = {};
              const filled: Schema = {};
              const expected: Schema = {};
              parts.forEach((part, index) => {
                const [name, property] = properties[index] as [string, Schema];
                if (part !== undefined) {
                  value[name] = part.value;
                  filled[name] = part.filled;
                  expected[name] = part.expected;
                } else {
                  filled[name] = null;
                  // an optional property that already allowed null has no null path: its null reaches the server
                  if (acceptsNull(property)) expected[name] = null;
                }
              });
              return { value, filled, expected };
            });
        }
      }
    }),
  );
};

describe("strictSchema with stripNulls, on convertible schemas and valid instances", () => {
  it("accepts the instance filled with nulls, and stripNulls gives back the original", () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    const withInstance = convertibleRoot.chain((schema) => fc.tuple(fc.constant(schema), sample(schema)));
    let converted = 0;
    let withNullPaths = 0;
    fc.assert(
      fc.property(withInstance, ([schema, { value, filled, expected }]) => {
        const result = strictSchema(schema);
        if (!result.ok) {
          // Only the anyOf rule may refuse this vocabulary: two branches disagreeing about a null.
          expect(result.error.keyword).toBe("anyOf");
          return;
        }
        converted++;
        if (result.nullPaths.length > 0) withNullPaths++;
        expect(ajv.validate(schema, value), "the generator's instance is valid under the original").toBe(true);
        expect(ajv.validate(result.schema, filled), JSON.stringify(ajv.errors)).toBe(true);
        expect(stripNulls(filled, result.nullPaths)).toEqual(expected);
        expect(ajv.validate(schema, expected), "what the server receives is valid under the original").toBe(true);
      }),
      { numRuns: 150 },
    );
    // The generator must mostly produce schemas that convert, and exercise null paths.
    expect(converted).toBeGreaterThan(100);
    expect(withNullPaths).toBeGreaterThan(50);
  });
});
