import { describe, expect, it } from "vitest";
import { checkStrict } from "./check-strict";
import { DEFAULT_LIMITS } from "./limits";
import { strictSchema } from "./strict-schema";
import { stripNulls } from "./strip-nulls";
import { ITEMS, type NullPath, type StrictResult, type StrictSchemaOptions } from "./types";

type Schema = Record<string, unknown>;

/** The converted schema, asserting success and that checkStrict accepts it. */
const ok = (schema: unknown, options?: StrictSchemaOptions) => {
  const result = strictSchema(schema, options);
  if (!result.ok) throw new Error(`expected a conversion, got ${JSON.stringify(result.error)}`);
  expect(checkStrict(result.schema, options?.limits === undefined ? undefined : { limits: options.limits })).toEqual(
    [],
  );
  return result;
};
/** The error, asserting failure. */
const error = (schema: unknown, options?: StrictSchemaOptions) => {
  const result = strictSchema(schema, options);
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.schema)}`);
  expect(result.error.message).toMatch(/^At #\S*: .+\.$/s);
  return result.error;
};
/** A root object with one property `p`, required unless said otherwise. */
const root = (p: unknown, required = true): Schema => ({
  type: "object",
  properties: { p },
  required: required ? ["p"] : [],
  additionalProperties: false,
});
const prop = (result: StrictResult): unknown => (result.ok ? (result.schema.properties as Schema).p : undefined);

describe("the seed's examples, verbatim", () => {
  it("makes the optional `limit` nullable and lists every property as required", () => {
    const schema = {
      type: "object",
      properties: { q: { type: "string" }, limit: { type: "integer" } },
      required: ["q"],
    };
    const result = ok(schema);
    expect((result.schema.properties as Schema).limit).toEqual({ type: ["integer", "null"] });
    expect([result.schema.required, result.schema.additionalProperties, result.nullPaths]).toEqual([
      ["limit", "q"],
      false,
      [["limit"]],
    ]);
  });

  it("refuses oneOf with its schema path and keyword", () => {
    const result = strictSchema({ type: "object", properties: { v: { oneOf: [{ type: "string" }] } } });
    expect(result.ok ? undefined : [result.error.path, result.error.keyword]).toEqual([["properties", "v"], "oneOf"]);
  });

  it("strips the nulls at the null paths", () => {
    expect(stripNulls({ q: "x", limit: null, tags: [{ k: null }] }, [["limit"], ["tags", ITEMS, "k"]])).toEqual({
      q: "x",
      tags: [{}],
    });
  });
});

describe("kept keywords", () => {
  it.each<[string, Schema]>([
    ["title", { type: "string", title: "T" }],
    ["description", { type: "string", description: "D" }],
    ["pattern", { type: "string", pattern: "^a+$" }],
    ["minLength", { type: "string", minLength: 1 }],
    ["maxLength", { type: "string", maxLength: 9 }],
    ...["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"].map(
      (format): [string, Schema] => [`format ${format}`, { type: "string", format }],
    ),
    ["multipleOf", { type: "number", multipleOf: 0.5 }],
    ["minimum", { type: "integer", minimum: -3 }],
    ["maximum", { type: "integer", maximum: 3 }],
    ["exclusiveMinimum", { type: "number", exclusiveMinimum: 0 }],
    ["exclusiveMaximum", { type: "number", exclusiveMaximum: 1 }],
    ["minItems", { type: "array", items: { type: "string" }, minItems: 1 }],
    ["maxItems", { type: "array", items: { type: "string" }, maxItems: 4 }],
    ["items", { type: "array", items: { type: "integer" } }],
    ["enum", { type: "string", enum: ["a", "b"] }],
    ["enum without type", { enum: ["a", 1, true, null] }],
    ["const", { type: "string", const: "a" }],
    ["const without type", { const: 7 }],
    ["type list", { type: ["string", "integer"] }],
    ["type null", { type: "null" }],
    ["anyOf", { anyOf: [{ type: "string" }, { type: "integer" }] }],
    ["anyOf with annotations", { anyOf: [{ type: "string" }, { type: "null" }], title: "T", description: "D" }],
    ["object", { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false }],
  ])("%s", (_name, schema) => {
    expect(prop(ok(root(schema)))).toEqual(schema);
  });

  it("keeps a local $ref and its definition, under $defs or definitions", () => {
    for (const keyword of ["$defs", "definitions"]) {
      const schema = { ...root({ $ref: `#/${keyword}/s` }), [keyword]: { s: { type: "string" } } };
      expect(ok(schema).schema).toEqual(schema);
    }
  });

  it("keeps a $ref to the root (#) when no optional property makes it unbounded", () => {
    const schema = {
      type: "object",
      properties: { child: { anyOf: [{ $ref: "#" }, { type: "null" }] } },
      required: ["child"],
    };
    expect(ok(schema)).toMatchObject({ schema, nullPaths: [] });
  });

  it("writes a single-name type list as the name", () => {
    expect(prop(ok(root({ type: ["string"] })))).toEqual({ type: "string" });
    expect(prop(ok(root({ type: ["string", "string", "null"] })))).toEqual({ type: ["string", "null"] });
  });
});

describe("dropped keywords", () => {
  it.each<[string, unknown]>([
    ["default", "x"],
    ["examples", ["x"]],
    ["example", "x"],
    ["uniqueItems", true],
    ["minProperties", 1],
    ["maxProperties", 3],
    ["contentMediaType", "text/plain"],
    ["contentEncoding", "base64"],
    ["contentSchema", { type: "string" }],
    ["$schema", "http://json-schema.org/draft-07/schema#"],
    ["$id", "https://example.com/s"],
    ["$comment", "note"],
    ["$anchor", "here"],
    ["$dynamicAnchor", "here"],
    ["$vocabulary", {}],
    ["deprecated", true],
    ["readOnly", true],
    ["writeOnly", false],
    ["discriminator", { propertyName: "kind" }],
    ["x-vendor", { anything: [1, 2] }],
    ["additionalItems", false],
    ["$defs", { nested: { type: "string" } }],
    ["definitions", { nested: { type: "string" } }],
    ["exclusiveMinimum", true],
    ["exclusiveMaximum", false],
  ])("%s", (keyword, value) => {
    expect(prop(ok(root({ type: "string", [keyword]: value })))).toEqual({ type: "string" });
  });

  it.each(["uri", "uri-reference", "int32", "json", "regex", "iri"])(
    "format %s (not in strict mode's list)",
    (format) => {
      expect(prop(ok(root({ type: "string", format })))).toEqual({ type: "string" });
    },
  );

  it("drops non-JSON values inside dropped keywords without looking at them", () => {
    const cyclic: Schema = {};
    cyclic.self = cyclic;
    const schema = root({
      type: "string",
      default: () => 1,
      examples: [undefined, NaN, 10n, Symbol("s")],
      "x-cycle": cyclic,
    });
    expect(prop(ok(schema))).toEqual({ type: "string" });
  });

  it("drops object keywords on non-objects and array keywords on non-arrays", () => {
    expect(
      prop(
        ok(
          root({
            type: "string",
            properties: { a: { type: "string" } },
            required: ["a"],
            additionalProperties: true,
            items: {},
          }),
        ),
      ),
    ).toEqual({ type: "string" });
  });

  it("drops $ref siblings that only narrow values (OpenAI refuses any keyword beside $ref)", () => {
    const schema = {
      ...root({ $ref: "#/$defs/s", type: "string", minLength: 2, description: "D", default: "x" }),
      $defs: { s: { type: "string" } },
    };
    expect(prop(ok(schema))).toEqual({ $ref: "#/$defs/s" });
  });

  it.each<[string, unknown, unknown]>([
    [
      "null from a string enum (the type excludes it)",
      { type: "string", enum: ["a", null] },
      { type: "string", enum: ["a"] },
    ],
    ["values an integer type excludes", { type: "integer", enum: [1, 2.5, "3", true] }, { type: "integer", enum: [1] }],
    [
      "nothing when the type list allows every value",
      { type: ["string", "number"], enum: ["a", 2.5] },
      { type: ["string", "number"], enum: ["a", 2.5] },
    ],
  ])("drops enum values the type excludes (they could never be valid): %s", (_name, schema, expected) => {
    expect(prop(ok(root(schema)))).toEqual(expected);
  });

  it.each<[string, unknown, boolean, unknown, string]>([
    ["a null description", { type: "string", description: null }, true, { type: "string" }, "description"],
    [
      "a numeric title",
      { type: "string", title: 5, description: "D" },
      true,
      { type: "string", description: "D" },
      "title",
    ],
    [
      "a boolean title on an anyOf",
      { anyOf: [{ type: "string" }, { type: "integer" }], title: true },
      true,
      { anyOf: [{ type: "string" }, { type: "integer" }] },
      "title",
    ],
    [
      "an object description on an optional $ref",
      { $ref: "#/$defs/s", description: { text: "D" }, title: "T" },
      false,
      { anyOf: [{ $ref: "#/$defs/s" }, { type: "null" }], title: "T" },
      "description",
    ],
  ])(
    "drops an annotation of the wrong type (it only informs the model): %s",
    (_name, schema, required, expected, keyword) => {
      const input = { ...root(schema, required), $defs: { s: { type: "string" } } };
      expect(prop(ok(input))).toEqual(expected);
      // checkStrict, the checker of what is sent, still names it in a schema given to it.
      expect(checkStrict(input).map((reason) => reason.keyword)).toContain(keyword);
    },
  );
});

describe("unsupported keywords", () => {
  it.each<[string, unknown]>([
    ["allOf", [{ type: "string" }]],
    ["not", { type: "null" }],
    ["oneOf", [{ type: "string" }]],
    ["if", { minLength: 1 }],
    ["then", { minLength: 2 }],
    ["else", { minLength: 3 }],
    ["dependentRequired", { a: ["b"] }],
    ["dependentSchemas", { a: { required: ["b"] } }],
    ["dependencies", { a: ["b"] }],
    ["patternProperties", { "^x": { type: "string" } }],
    ["unevaluatedProperties", false],
    ["unevaluatedItems", false],
    ["propertyNames", { pattern: "^a" }],
    ["prefixItems", [{ type: "string" }]],
    ["contains", { type: "string" }],
    ["minContains", 1],
    ["maxContains", 2],
    ["$dynamicRef", "#meta"],
    ["$recursiveRef", "#"],
  ])("%s", (keyword, value) => {
    expect(error(root({ type: "string", [keyword]: value }))).toMatchObject({ path: ["properties", "p"], keyword });
  });

  it("says what to do instead", () => {
    expect(error(root({ oneOf: [{ type: "string" }] })).message).toMatch(/anyOf.*relax\.oneOf/);
    expect(error(root({ allOf: [{ type: "string" }] })).message).toMatch(/relax\.allOf/);
  });

  it.each<[string, Schema, (string | number)[], string]>([
    [
      "additionalProperties: true",
      root({ type: "object", properties: {}, additionalProperties: true }),
      ["properties", "p"],
      "additionalProperties",
    ],
    [
      "additionalProperties: {}",
      root({ type: "object", properties: { a: { type: "string" } }, additionalProperties: {} }),
      ["properties", "p"],
      "additionalProperties",
    ],
    [
      "additionalProperties: a schema",
      root({ type: "object", additionalProperties: { type: "string" } }),
      ["properties", "p"],
      "additionalProperties",
    ],
    [
      "additionalProperties: true at the root",
      { type: "object", properties: {}, additionalProperties: true },
      [],
      "additionalProperties",
    ],
    ["a nested object without properties", root({ type: "object" }), ["properties", "p"], "additionalProperties"],
    ["an array without items", root({ type: "array" }), ["properties", "p"], "items"],
    ["an array with tuple items", root({ type: "array", items: [{ type: "string" }] }), ["properties", "p"], "items"],
    ["a node without type, enum, const, anyOf or $ref", root({ description: "anything" }), ["properties", "p"], "type"],
    ["an empty schema", root({}), ["properties", "p"], "type"],
    ["a boolean schema true", root(true), ["properties", "p"], "type"],
    ["a boolean schema false", root(false), ["properties", "p"], "type"],
    ["items: {}", root({ type: "array", items: {} }), ["properties", "p", "items"], "type"],
    ["an unknown type", root({ type: "any" }), ["properties", "p"], "type"],
    ["an empty type list", root({ type: [] }), ["properties", "p"], "type"],
    ["an empty enum", root({ enum: [] }), ["properties", "p"], "enum"],
    ["an enum with an object value", root({ enum: [{ a: 1 }] }), ["properties", "p"], "enum"],
    [
      "an enum no value of which fits the type",
      root({ type: "integer", enum: ["a", 1.5] }),
      ["properties", "p"],
      "enum",
    ],
    ["a const that does not fit the type", root({ type: "string", const: 1 }), ["properties", "p"], "const"],
    ["an object const", root({ const: { a: 1 } }), ["properties", "p"], "const"],
    ["an empty anyOf", root({ anyOf: [] }), ["properties", "p"], "anyOf"],
    ["anyOf that is not a list", root({ anyOf: { type: "string" } }), ["properties", "p"], "anyOf"],
    ["properties beside anyOf", root({ anyOf: [{ type: "string" }], properties: {} }), ["properties", "p"], "anyOf"],
    [
      "items beside $ref",
      {
        ...root({ $ref: "#/$defs/a", items: { type: "string" } }),
        $defs: { a: { type: "array", items: { type: "string" } } },
      },
      ["properties", "p"],
      "$ref",
    ],
    [
      "anyOf beside $ref",
      { ...root({ $ref: "#/$defs/a", anyOf: [{ type: "string" }] }), $defs: { a: { type: "string" } } },
      ["properties", "p"],
      "$ref",
    ],
    ["properties that are not an object", root({ type: "object", properties: [] }), ["properties", "p"], "properties"],
    [
      "required that is not a list of names",
      root({ type: "object", properties: { a: { type: "string" } }, required: [1] }),
      ["properties", "p"],
      "required",
    ],
    ["a non-local $ref", root({ $ref: "https://example.com/s.json" }), ["properties", "p"], "$ref"],
    [
      "a $ref into a property",
      { ...root({ $ref: "#/properties/q" }), properties: { p: { $ref: "#/properties/q" }, q: { type: "string" } } },
      ["properties", "p"],
      "$ref",
    ],
    [
      "a $ref into a definition's inside",
      {
        ...root({ $ref: "#/$defs/a/properties/b" }),
        $defs: { a: { type: "object", properties: { b: { type: "string" } } } },
      },
      ["properties", "p"],
      "$ref",
    ],
    ["an unresolvable $ref", root({ $ref: "#/$defs/missing" }), ["properties", "p"], "$ref"],
    [
      "a $ref to an inherited name",
      { ...root({ $ref: "#/$defs/constructor" }), $defs: {} },
      ["properties", "p"],
      "$ref",
    ],
    [
      "malformed percent-encoding",
      { ...root({ $ref: "#/$defs/a%zz" }), $defs: { "a%zz": { type: "string" } } },
      ["properties", "p"],
      "$ref",
    ],
    ["a $ref that is not a string", root({ $ref: 7 }), ["properties", "p"], "$ref"],
    [
      "a $ref chain that loops",
      { ...root({ $ref: "#/$defs/a" }), $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } },
      ["$defs", "a"],
      "$ref",
    ],
    [
      "a $ref to itself",
      { ...root({ $ref: "#/$defs/a" }), $defs: { a: { $ref: "#/$defs/a" } } },
      ["$defs", "a"],
      "$ref",
    ],
  ])("%s", (_name, schema, path, keyword) => {
    expect(error(schema)).toMatchObject({ path, keyword });
  });

  it.each<[string, unknown]>([
    ["pattern", 1],
    ["minLength", -1],
    ["maxLength", 1.5],
    ["minItems", "1"],
    ["minimum", NaN],
    ["maximum", Infinity],
    ["multipleOf", 0],
    ["format", 3],
  ])("%s with a value of the wrong kind", (keyword, value) => {
    expect(error(root({ type: "string", [keyword]: value }))).toMatchObject({ path: ["properties", "p"], keyword });
  });
});

describe("the root", () => {
  it("turns a root object without properties into a tool without arguments", () => {
    for (const schema of [
      { type: "object" },
      { type: "object", additionalProperties: false },
      { type: "object", properties: {} },
    ]) {
      expect(ok(schema)).toEqual({
        ok: true,
        schema: { type: "object", properties: {}, required: [], additionalProperties: false },
        nullPaths: [],
        relaxations: [],
        encodings: [],
        plan: { nullPaths: [], encodings: [] },
        described: [],
        rewrites: [],
        budget: { optionalParameters: 0, unionParameters: 0 },
      });
    }
  });

  it.each<[string, unknown, string]>([
    ["a string schema", { type: "string" }, "type"],
    ["a nullable object", { type: ["object", "null"] }, "type"],
    ["no type", { properties: { a: { type: "string" } } }, "type"],
    ["an empty schema", {}, "type"],
    ["an anyOf", { anyOf: [{ type: "object", properties: {} }] }, "anyOf"],
    ["an anyOf beside type object", { type: "object", anyOf: [{ type: "object", properties: {} }] }, "anyOf"],
    ["a $ref", { $ref: "#/$defs/a", $defs: { a: { type: "object", properties: {} } } }, "$ref"],
    ["an array", [], "type"],
    ["null", null, "type"],
    ["a string", "{}", "type"],
    ["true", true, "type"],
  ])("refuses %s", (_name, schema, keyword) => {
    expect(error(schema)).toMatchObject({ path: [], keyword });
  });
});

describe("nullability of optional properties", () => {
  it.each<[string, unknown, unknown]>([
    ["a type becomes a type list with null", { type: "string" }, { type: ["string", "null"] }],
    ["a type list gains null", { type: ["string", "integer"] }, { type: ["string", "integer", "null"] }],
    ["an enum without type gains null", { enum: ["a", "b"] }, { enum: ["a", "b", null] }],
    [
      "an enum with a type gains null in both",
      { type: "string", enum: ["a", "b"] },
      { type: ["string", "null"], enum: ["a", "b", null] },
    ],
    [
      "an enum with null whose type excludes it gains null in the type",
      { type: "string", enum: ["a", null] },
      { type: ["string", "null"], enum: ["a", null] },
    ],
    [
      "an enum whose type allows null but the enum does not",
      { type: ["string", "null"], enum: ["a"] },
      { type: ["string", "null"], enum: ["a", null] },
    ],
    [
      "a const is wrapped",
      { const: "a", description: "D" },
      { anyOf: [{ const: "a" }, { type: "null" }], description: "D" },
    ],
    [
      "a const with a type is wrapped",
      { type: "string", const: "a" },
      { anyOf: [{ type: "string", const: "a" }, { type: "null" }] },
    ],
    [
      "an anyOf gains a null branch",
      { anyOf: [{ type: "string" }, { type: "integer" }], title: "T" },
      { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }], title: "T" },
    ],
    [
      "an object gains null in its type",
      { type: "object", properties: {}, additionalProperties: false },
      { type: ["object", "null"], properties: {}, required: [], additionalProperties: false },
    ],
    [
      "an array gains null in its type",
      { type: "array", items: { type: "string" } },
      { type: ["array", "null"], items: { type: "string" } },
    ],
  ])("%s", (_name, schema, expected) => {
    const result = ok(root(schema, false));
    expect([prop(result), result.nullPaths]).toEqual([expected, [["p"]]]);
  });

  it("wraps a $ref in anyOf with null and puts its annotations outside", () => {
    const result = ok({
      ...root({ $ref: "#/$defs/s", description: "D", title: "T" }, false),
      $defs: { s: { type: "string" } },
    });
    expect([prop(result), result.nullPaths]).toEqual([
      { anyOf: [{ $ref: "#/$defs/s" }, { type: "null" }], title: "T", description: "D" },
      [["p"]],
    ]);
  });

  it.each<[string, unknown]>([
    ["a type list with null", { type: ["string", "null"] }],
    ["type null", { type: "null" }],
    ["an enum with null and no type", { enum: ["a", null] }],
    ["const null", { const: null }],
    ["an anyOf with a null branch", { anyOf: [{ type: "string" }, { type: "null" }] }],
    ["an anyOf whose branch allows null", { anyOf: [{ type: "string" }, { enum: [1, null] }] }],
    ["a nullable object", { type: ["object", "null"], properties: {}, required: [], additionalProperties: false }],
  ])("leaves alone %s, without a null path", (_name, schema) => {
    const result = ok(root(schema, false));
    expect([prop(result), result.nullPaths]).toEqual([schema, []]);
  });

  it("follows local $refs to see whether null is already allowed", () => {
    const result = ok({
      ...root({ $ref: "#/$defs/n" }, false),
      $defs: { n: { $ref: "#/$defs/m" }, m: { type: ["string", "null"] } },
    });
    expect([prop(result), result.nullPaths]).toEqual([{ $ref: "#/$defs/n" }, []]);
  });

  it("lets a $ref's sibling keywords exclude null whatever the target says", () => {
    const result = ok({
      ...root({ $ref: "#/$defs/m", type: "string" }, false),
      $defs: { m: { type: ["string", "null"] } },
    });
    expect([prop(result), result.nullPaths]).toEqual([{ anyOf: [{ $ref: "#/$defs/m" }, { type: "null" }] }, [["p"]]]);
  });

  it("finds the null paths of nested objects, arrays (ITEMS) and definitions, in document order", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "object", properties: { b: { type: "string" }, c: { type: "string" } }, required: ["c"] },
        list: { type: "array", items: { type: "object", properties: { k: { type: "integer" } } } },
        grid: { type: "array", items: { type: "array", items: { $ref: "#/$defs/cell" } } },
        ref: { $ref: "#/$defs/cell" },
      },
      required: ["a", "list", "grid"],
      $defs: {
        cell: { type: "object", properties: { v: { type: "number" }, w: { $ref: "#/$defs/leaf" } } },
        leaf: { type: "object", properties: { z: { type: "boolean" } } },
      },
    };
    expect(ok(schema).nullPaths).toEqual([
      ["a", "b"],
      ["list", ITEMS, "k"],
      ["grid", ITEMS, ITEMS, "v"],
      ["grid", ITEMS, ITEMS, "w"],
      ["grid", ITEMS, ITEMS, "w", "z"],
      ["ref"],
      ["ref", "v"],
      ["ref", "w"],
      ["ref", "w", "z"],
    ]);
  });

  it("accepts recursion when the recursive definitions have no optional property", () => {
    const schema = {
      type: "object",
      properties: { tree: { $ref: "#/$defs/node" }, note: { type: "string" } },
      required: ["tree"],
      $defs: {
        node: {
          type: "object",
          properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
          required: ["value", "children"],
        },
      },
    };
    expect(ok(schema).nullPaths).toEqual([["note"]]);
  });

  it.each<[string, Schema, (string | number)[]]>([
    [
      "a definition that refers to itself",
      {
        type: "object",
        properties: { tree: { $ref: "#/$defs/node" } },
        required: ["tree"],
        $defs: {
          node: {
            type: "object",
            properties: { value: { type: "string" }, next: { $ref: "#/$defs/node" } },
            required: ["next"],
          },
        },
      },
      ["$defs", "node", "properties", "next"],
    ],
    [
      "two definitions that refer to each other",
      {
        ...root({ $ref: "#/$defs/a" }),
        $defs: {
          a: { type: "object", properties: { b: { $ref: "#/$defs/b" } }, required: ["b"] },
          b: { type: "object", properties: { a: { $ref: "#/$defs/a" }, x: { type: "string" } }, required: ["a"] },
        },
      },
      ["$defs", "b", "properties", "a"],
    ],
    [
      "the root through #",
      { type: "object", properties: { child: { $ref: "#" }, x: { type: "string" } }, required: ["child"] },
      ["properties", "child"],
    ],
  ])("refuses recursion through optional properties: %s", (_name, schema, path) => {
    expect(error(schema)).toMatchObject({ keyword: "$ref", path });
  });
});

describe("the anyOf rule: a null stripped for one branch must not carry meaning in another", () => {
  const branchA = { type: "object", properties: { kind: { const: "a" }, x: { type: "string" } }, required: ["kind"] };
  it.each<[string, unknown]>([
    [
      "x required and nullable in the other branch",
      { type: "object", properties: { x: { type: ["string", "null"] } }, required: ["x"] },
    ],
    [
      "x optional and already nullable in the other branch",
      { type: "object", properties: { x: { anyOf: [{ type: "string" }, { type: "null" }] } } },
    ],
    ["x const null in the other branch", { type: "object", properties: { x: { const: null } }, required: ["x"] }],
    ["the other branch a $ref whose x allows null", { $ref: "#/$defs/b" }],
    [
      "the other branch an anyOf whose branch allows null at x",
      { anyOf: [{ type: "object", properties: { x: { enum: ["v", null] } }, required: ["x"] }, { type: "string" }] },
    ],
  ])("refuses %s", (_name, other) => {
    const schema = {
      ...root({ anyOf: [branchA, other] }),
      $defs: { b: { type: "object", properties: { x: { type: "null" } }, required: ["x"] } },
    };
    expect(error(schema)).toMatchObject({ path: ["properties", "p"], keyword: "anyOf" });
  });

  it("refuses a conflict that comes through a $ref branch and deeper paths", () => {
    const schema = {
      ...root({
        anyOf: [
          { $ref: "#/$defs/a" },
          {
            type: "object",
            properties: { o: { type: "object", properties: { x: { type: ["integer", "null"] } }, required: ["x"] } },
            required: ["o"],
          },
        ],
      }),
      $defs: {
        a: {
          type: "object",
          properties: { o: { type: "object", properties: { x: { type: "integer" } } } },
          required: ["o"],
        },
      },
    };
    expect(error(schema)).toMatchObject({ path: ["properties", "p"], keyword: "anyOf" });
  });

  it("refuses a conflict under array items", () => {
    const item = (x: unknown, required: string[]) => ({ type: "object", properties: { x }, required });
    const schema = root({
      type: "array",
      items: { anyOf: [item({ type: "string" }, []), item({ type: ["string", "null"] }, ["x"])] },
    });
    expect(error(schema)).toMatchObject({ path: ["properties", "p", "items"], keyword: "anyOf" });
  });

  it("refuses a conflict inside a definition, at the definition's path", () => {
    const schema = {
      ...root({ $ref: "#/$defs/u" }),
      $defs: {
        u: {
          anyOf: [
            { type: "object", properties: { x: { type: "string" } } },
            { type: "object", properties: { x: { type: "null" } }, required: ["x"] },
          ],
        },
      },
    };
    expect(error(schema)).toMatchObject({ path: ["$defs", "u"], keyword: "anyOf" });
  });

  it.each<[string, unknown]>([
    [
      "x required and not nullable in the other branch",
      { type: "object", properties: { x: { type: "integer" } }, required: ["x"] },
    ],
    ["x optional (so also stripped) in the other branch", { type: "object", properties: { x: { type: "integer" } } }],
    ["no x in the other branch", { type: "object", properties: { y: { type: ["string", "null"] } }, required: ["y"] }],
    ["the other branch a string", { type: "string" }],
    [
      "a nullable x deeper in the other branch",
      {
        type: "object",
        properties: { x: { type: "object", properties: { x: { type: "null" } }, required: ["x"] } },
        required: ["x"],
      },
    ],
  ])("accepts %s", (_name, other) => {
    expect(ok(root({ anyOf: [branchA, other] })).nullPaths).toEqual([["p", "x"]]);
  });

  it.each<[string, unknown[], string]>([
    [
      "after two branches that share a definition",
      [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }, { type: "object", properties: { x: { type: "string" } } }],
      "branch 2 strips a null at #/x that branch 0 accepts",
    ],
    [
      "before them",
      [{ type: "object", properties: { x: { type: "string" } } }, { $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }],
      "branch 0 strips a null at #/x that branch 1 accepts",
    ],
  ])("names the first branch that accepts the null, %s", (_name, branches, message) => {
    const schema = {
      ...root({ anyOf: branches }),
      $defs: { n: { type: "object", properties: { x: { type: "null" } }, required: ["x"] } },
    };
    expect(error(schema).message).toContain(message);
  });

  it("refuses a branch that strips a null it also accepts, at the inner anyOf where the two part", () => {
    const m = {
      anyOf: [
        { type: "object", properties: { x: { type: "string" } } },
        { type: "object", properties: { x: { type: "null" } }, required: ["x"] },
      ],
    };
    const n = { type: "object", properties: { x: { type: "null" } }, required: ["x"] };
    const schema = { ...root({ anyOf: [{ $ref: "#/$defs/m" }, { $ref: "#/$defs/n" }] }), $defs: { m, n } };
    expect(error(schema)).toMatchObject({
      path: ["$defs", "m"],
      keyword: "anyOf",
      message: expect.stringContaining("branch 0 strips a null at #/x that branch 1 accepts") as unknown,
    });
  });

  it('tells a property called "null" from the items of an array', () => {
    const schema = root({
      anyOf: [
        { type: "object", properties: { null: { type: "string" } } },
        { type: "array", items: { type: ["string", "null"] } },
      ],
    });
    expect(ok(schema).nullPaths).toEqual([["p", "null"]]);
  });

  // Each null path is asked of each branch once: the same anyOf took seconds when every
  // path was asked of every other branch (1000 × 9 × 1000 questions).
  const optional = (count: number) => ({
    type: "object",
    properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: "string" }])),
  });
  it.each<[string, unknown, number]>([
    ["1000 × a $ref to 9 optional properties", { $ref: "#/$defs/d" }, 9],
    ["1000 × 4 optional properties inline", optional(4), 4],
  ])("checks a wide anyOf of %s, with or without a conflict", (_name, branch, count) => {
    const wide = (...more: unknown[]) => ({
      type: "object",
      properties: { a: { anyOf: [...Array.from({ length: 1000 }, () => structuredClone(branch)), ...more] } },
      required: ["a"],
      $defs: { d: optional(9) },
    });
    expect(ok(wide()).nullPaths).toEqual(Array.from({ length: count }, (_, i) => ["a", `p${i}`]));
    const last = `p${count - 1}`;
    expect(error(wide({ type: "object", properties: { [last]: { type: "null" } }, required: [last] }))).toMatchObject({
      path: ["properties", "a"],
      keyword: "anyOf",
      message:
        `At #/properties/a: branch 0 strips a null at #/${last} that branch 1000 accepts; ` +
        `make it required in branch 0.`,
    });
  });
});

describe("limits, at their exact boundaries", () => {
  const properties = (count: number, prefix = "p") =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, { type: "string" }]));
  const closed = (props: Schema) => ({ type: "object", properties: props, required: Object.keys(props) });
  const nested = (levels: number): Schema =>
    levels === 1 ? closed({ leaf: { type: "string" } }) : closed({ child: nested(levels - 1) });
  const stringEnum = (count: number, chars: number) =>
    Array.from({ length: count }, (_, i) =>
      i === 0 ? "x".repeat(chars - (count - 1)) : String.fromCharCode(0x4e00 + i),
    );

  it("uses OpenAI's numbers by default", () => {
    expect(DEFAULT_LIMITS).toEqual({
      maxProperties: 5000,
      maxDepth: 10,
      maxChars: 120_000,
      maxEnumValues: 1000,
      maxEnumChars: 15_000,
      largeEnumSize: 250,
    });
  });

  it.each<[string, () => Schema, () => Schema, string]>([
    ["max_properties (5000)", () => closed(properties(5000)), () => closed(properties(5001)), "max_properties"],
    [
      "max_properties counting $defs",
      () => ({
        ...closed({ ...properties(4998), r: { $ref: "#/$defs/d" } }),
        $defs: { d: closed(properties(1, "q")) },
      }),
      () => ({
        ...closed({ ...properties(4999), r: { $ref: "#/$defs/d" } }),
        $defs: { d: closed(properties(1, "q")) },
      }),
      "max_properties",
    ],
    ["max_depth (10 levels)", () => nested(10), () => nested(11), "max_depth"],
    [
      "max_depth counting $defs from their own root",
      () => ({
        ...nested(9),
        $defs: { d: nested(10) },
        properties: { ...(nested(9).properties as Schema), d: { $ref: "#/$defs/d" } },
        required: ["child", "d"],
      }),
      () => ({ ...root({ $ref: "#/$defs/d" }), $defs: { d: nested(11) } }),
      "max_depth",
    ],
    [
      "max_enum_values (1000)",
      () => root({ enum: Array.from({ length: 1000 }, (_, i) => i) }),
      () => root({ enum: Array.from({ length: 1001 }, (_, i) => i) }),
      "max_enum_values",
    ],
    [
      "max_enum_values across enums",
      () =>
        closed({
          a: { enum: Array.from({ length: 600 }, (_, i) => i) },
          b: { enum: Array.from({ length: 400 }, (_, i) => i) },
        }),
      () =>
        closed({
          a: { enum: Array.from({ length: 600 }, (_, i) => i) },
          b: { enum: Array.from({ length: 401 }, (_, i) => i) },
        }),
      "max_enum_values",
    ],
    [
      "max_enum_values counting the null an optional enum gains",
      () => root({ enum: Array.from({ length: 999 }, (_, i) => i) }, false),
      () => root({ enum: Array.from({ length: 1000 }, (_, i) => i) }, false),
      "max_enum_values",
    ],
    [
      "max_enum_chars (15000 for 251 values)",
      () => root({ enum: stringEnum(251, 15_000) }),
      () => root({ enum: stringEnum(251, 15_001) }),
      "max_enum_chars",
    ],
    [
      "max_chars (120000, a string const)",
      () => root({ const: "c".repeat(120_000 - 1) }),
      () => root({ const: "c".repeat(120_000) }),
      "max_chars",
    ],
    [
      "max_chars counting definition names and code points",
      () => ({ ...root({ $ref: "#/$defs/𝒟" }), $defs: { "𝒟": { const: "😀".repeat(120_000 - 2) } } }),
      () => ({ ...root({ $ref: "#/$defs/𝒟" }), $defs: { "𝒟": { const: "😀".repeat(120_000 - 1) } } }),
      "max_chars",
    ],
  ])("%s", (_name, last, first, keyword) => {
    ok(last());
    expect(error(first()).keyword).toBe(keyword);
  });

  it("does not apply max_enum_chars to an enum of 250 values", () => {
    ok(root({ enum: stringEnum(250, 20_000) }));
  });

  it.each<[keyof typeof DEFAULT_LIMITS, number, () => Schema, () => Schema, string]>([
    ["maxProperties", 3, () => closed(properties(3)), () => closed(properties(4)), "max_properties"],
    ["maxDepth", 2, () => nested(2), () => nested(3), "max_depth"],
    ["maxChars", 10, () => closed(properties(1, "abcdefghi")), () => closed(properties(1, "abcdefghij")), "max_chars"],
    ["maxEnumValues", 2, () => root({ enum: ["a", "b"] }), () => root({ enum: ["a", "b", "c"] }), "max_enum_values"],
    ["maxEnumChars", 5, () => root({ enum: ["ab", "cde"] }), () => root({ enum: ["ab", "cdef"] }), "max_enum_chars"],
  ])("honours options.limits.%s", (name, value, last, first, keyword) => {
    const limits = { [name]: value, ...(name === "maxEnumChars" ? { largeEnumSize: 1 } : {}) };
    ok(last(), { limits });
    expect(error(first(), { limits }).keyword).toBe(keyword);
  });

  it("ignores limit overrides that are not numbers", () => {
    ok(nested(10), { limits: { maxDepth: "2" as unknown as number, maxProperties: NaN } });
  });
});

describe("definitions", () => {
  it("drops unused definitions first, so a problem inside one does not fail the tool", () => {
    const schema = {
      ...root({ $ref: "#/$defs/used" }),
      $defs: {
        bad: { type: "object", additionalProperties: true },
        used: { $ref: "#/$defs/leaf" },
        leaf: { type: "string" },
        worse: { oneOf: [] },
      },
    };
    expect(ok(schema).schema.$defs).toEqual({ used: { $ref: "#/$defs/leaf" }, leaf: { type: "string" } });
  });

  it("omits $defs when no definition is used", () => {
    expect(
      ok({ ...root({ type: "string" }), $defs: { unused: { type: "string" } }, definitions: { x: { not: {} } } })
        .schema,
    ).toEqual(root({ type: "string" }));
  });

  it("resolves JSON Pointer escapes and percent-encoding, and keeps each $ref as written", () => {
    const names = {
      "a/b": { type: "string" },
      "c~d": { type: "integer" },
      "e f": { type: "boolean" },
      é: { type: "number" },
    };
    const refs = ["#/$defs/a~1b", "#/$defs/c~0d", "#/$defs/e%20f", "#/$defs/%C3%A9"];
    const schema = {
      type: "object",
      properties: Object.fromEntries(refs.map((ref, i) => [`p${i}`, { $ref: ref }])),
      required: ["p0", "p1", "p2", "p3"],
      additionalProperties: false,
      $defs: names,
    };
    const result = ok(schema);
    expect(result.schema).toEqual(schema);
  });

  it("rewrites definitions like any schema, and keeps them in input order", () => {
    const schema = {
      ...root({ anyOf: [{ $ref: "#/$defs/z" }, { $ref: "#/$defs/a" }] }),
      $defs: { a: { type: "object", properties: { k: { type: "string" } } }, z: { type: "string", default: "q" } },
    };
    const result = ok(schema);
    expect(result.schema.$defs).toEqual({
      a: {
        type: "object",
        properties: { k: { type: ["string", "null"] } },
        required: ["k"],
        additionalProperties: false,
      },
      z: { type: "string" },
    });
    expect(Object.keys(result.schema.$defs ?? {})).toEqual(["a", "z"]);
    expect(result.nullPaths).toEqual([["p", "k"]]);
  });

  it("reports a problem inside a used definition at its path in the input", () => {
    expect(
      error({
        ...root({ $ref: "#/definitions/d" }),
        definitions: { d: { type: "object", properties: { x: { not: {} } } } },
      }),
    ).toMatchObject({ path: ["definitions", "d", "properties", "x"], keyword: "not" });
  });
});

describe("relaxations (opt-in)", () => {
  const cat = {
    type: "object",
    properties: { kind: { const: "cat" }, lives: { type: "integer" } },
    required: ["kind"],
  };
  const dog = {
    type: "object",
    properties: { kind: { enum: ["dog", "puppy"] }, good: { type: "boolean" } },
    required: ["kind", "good"],
  };

  it("reads a oneOf with a const/enum discriminator as anyOf", () => {
    const result = ok(
      { ...root({ oneOf: [cat, { $ref: "#/$defs/dog" }], description: "pet" }), $defs: { dog } },
      { relax: { oneOf: true } },
    );
    expect(prop(result)).toMatchObject({ anyOf: [{ type: "object" }, { $ref: "#/$defs/dog" }], description: "pet" });
    expect(result.relaxations).toEqual([{ kind: "oneOf-as-anyOf", path: ["properties", "p"] }]);
    expect(result.nullPaths).toEqual([["p", "lives"]]);
  });

  it.each<[string, unknown[]]>([
    [
      "overlapping discriminator values",
      [cat, { ...dog, properties: { ...dog.properties, kind: { enum: ["dog", "cat"] } } }],
    ],
    ["a discriminator that is optional in one branch", [cat, { ...dog, required: ["good"] }]],
    ["a branch that may be an object too, without the discriminator", [cat, { type: ["string", "object"] }]],
    ["branches whose types overlap (integer is a number)", [{ type: "integer" }, { type: "number" }]],
    ["a branch that may be any value", [{ type: "string" }, { description: "anything" }]],
    ["branches whose enum values share a type", [{ enum: ["a", 1] }, { enum: ["b"] }]],
    [
      "no discriminator at all",
      [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      ],
    ],
  ])("still refuses a oneOf with %s", (_name, branches) => {
    expect(error(root({ oneOf: branches }), { relax: { oneOf: true } })).toMatchObject({
      path: ["properties", "p"],
      keyword: "oneOf",
    });
  });

  it("reads a oneOf whose branches are disjoint by type as anyOf", () => {
    const result = ok(
      {
        ...root({ oneOf: [{ type: "string" }, { $ref: "#/$defs/list" }] }),
        $defs: { list: { type: "array", items: { type: "string" } } },
      },
      { relax: { oneOf: true } },
    );
    expect(prop(result)).toEqual({ anyOf: [{ type: "string" }, { $ref: "#/$defs/list" }] });
    expect(result.relaxations).toEqual([{ kind: "oneOf-as-anyOf", path: ["properties", "p"] }]);
  });

  it.each<[string, unknown[]]>([
    ["an enum", [{ type: "string" }, { enum: [1, 2] }]],
    ["a const", [{ type: "array", items: { type: "string" } }, { const: "all" }]],
    ["an anyOf", [{ anyOf: [{ type: "string" }, { type: "boolean" }] }, { type: "integer" }]],
  ])("tells a branch's types by %s too", (_name, branches) => {
    expect(ok(root({ oneOf: branches }), { relax: { oneOf: true } }).relaxations).toHaveLength(1);
  });

  it("finds the discriminator after a long required list by lookup, not by search", () => {
    // 100 000 names before the discriminator took seconds when each searched the branches' lists.
    const names = Array.from({ length: 100_000 }, () => "q");
    const branch = (kind: string) => ({
      type: "object",
      properties: { q: { type: "string" }, kind: { const: kind } },
      required: [...names, "kind"],
    });
    const result = ok(root({ oneOf: [branch("a"), branch("b")] }), { relax: { oneOf: true } });
    expect([prop(result), result.relaxations.length]).toEqual([
      { anyOf: [0, 1].map(() => expect.objectContaining({ required: ["kind", "q"] }) as unknown) },
      1,
    ]);
  });

  it("merges an allOf of object schemas, with the node's own keywords", () => {
    const schema = root({
      type: "object",
      description: "both",
      properties: { id: { type: "string" } },
      required: ["id"],
      allOf: [
        { properties: { a: { type: "integer" } }, required: ["a"] },
        { type: "object", properties: { b: { type: "string" }, id: { type: "string" } } },
      ],
    });
    const result = ok(schema, { relax: { allOf: true } });
    expect(prop(result)).toEqual({
      type: "object",
      description: "both",
      properties: { id: { type: "string" }, a: { type: "integer" }, b: { type: ["string", "null"] } },
      required: ["a", "b", "id"],
      additionalProperties: false,
    });
    expect([result.nullPaths, result.relaxations]).toEqual([
      [["p", "b"]],
      [{ kind: "allOf-merged", path: ["properties", "p"] }],
    ]);
  });

  it("merges a root allOf, and reports problems inside at their input path", () => {
    expect(ok({ allOf: [{ type: "object", properties: {} }] }, { relax: { allOf: true } }).schema).toEqual({
      type: "object",
      properties: {},
      required: [],
      additionalProperties: false,
    });
    expect(
      error({ allOf: [{ type: "object", properties: { x: { not: {} } } }] }, { relax: { allOf: true } }),
    ).toMatchObject({ path: ["allOf", 0, "properties", "x"], keyword: "not" });
  });

  it.each<[string, unknown[]]>([
    [
      "one property with two schemas",
      [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { a: { type: "integer" } } },
      ],
    ],
    ["a part that is not an object", [{ type: "object", properties: {} }, { type: "string" }]],
    ["a part with anyOf", [{ type: "object", properties: {} }, { anyOf: [{ type: "object" }] }]],
    ["a part with an open map", [{ type: "object", properties: {}, additionalProperties: true }]],
    [
      "a property another part forbids",
      [
        { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
        { type: "object", properties: { b: { type: "string" } } },
      ],
    ],
    ["no part of type object", [{ properties: { a: { type: "string" } } }]],
  ])("still refuses an allOf with %s", (_name, parts) => {
    expect(error(root({ allOf: parts }), { relax: { allOf: true } })).toMatchObject({
      path: ["properties", "p"],
      keyword: "allOf",
    });
  });

  it("applies no relaxation unless asked", () => {
    expect(error(root({ oneOf: [cat, dog] })).keyword).toBe("oneOf");
    expect(ok(root({ oneOf: [cat, dog] }), { relax: { oneOf: true } }).relaxations).toHaveLength(1);
  });
});

describe("key order and determinism", () => {
  it("writes keywords in a fixed order, properties and definitions in input order", () => {
    const schema = {
      $defs: { z: { type: "string" } },
      additionalProperties: false,
      required: ["b"],
      properties: {
        b: { maxLength: 3, description: "B", minLength: 1, type: "string", title: "TB", format: "email", pattern: "@" },
        a: { maxItems: 2, items: { $ref: "#/$defs/z" }, minItems: 1, type: "array" },
        n: {
          multipleOf: 2,
          exclusiveMaximum: 9,
          maximum: 8,
          exclusiveMinimum: 0,
          minimum: 1,
          type: "integer",
          const: 4,
          enum: [4],
        },
      },
      description: "root",
      type: "object",
    };
    expect(JSON.stringify(ok(schema).schema, null, 1)).toMatchInlineSnapshot(`
      "{
       "type": "object",
       "description": "root",
       "properties": {
        "b": {
         "type": "string",
         "title": "TB",
         "description": "B",
         "format": "email",
         "pattern": "@",
         "minLength": 1,
         "maxLength": 3
        },
        "a": {
         "type": [
          "array",
          "null"
         ],
         "minItems": 1,
         "maxItems": 2,
         "items": {
          "$ref": "#/$defs/z"
         }
        },
        "n": {
         "anyOf": [
          {
           "type": "integer",
           "enum": [
            4
           ],
           "const": 4,
           "minimum": 1,
           "exclusiveMinimum": 0,
           "maximum": 8,
           "exclusiveMaximum": 9,
           "multipleOf": 2
          },
          {
           "type": "null"
          }
         ]
        }
       },
       "required": [
        "a",
        "b",
        "n"
       ],
       "additionalProperties": false,
       "$defs": {
        "z": {
         "type": "string"
        }
       }
      }"
    `);
  });

  it("gives the same bytes for the same input, and sorts required by code unit", () => {
    const schema = {
      type: "object",
      properties: {
        é: { type: "string" },
        Z: { type: "string" },
        a: { type: "string" },
        "10": { type: "string" },
        "": { type: "string" },
      },
    };
    const first = JSON.stringify(strictSchema(schema));
    expect(JSON.stringify(strictSchema(JSON.parse(JSON.stringify(schema))))).toBe(first);
    expect(ok(schema).schema.required).toEqual(["", "10", "Z", "a", "é"]);
  });
});

describe("hostile input", () => {
  const deep = (levels: number, wrap: (inner: Schema) => Schema, leaf: Schema = { type: "string" }): Schema => {
    let schema = leaf;
    for (let i = 0; i < levels; i++) schema = wrap(schema);
    return schema;
  };

  it.each<[string, (inner: Schema) => Schema]>([
    ["objects", (inner) => ({ type: "object", properties: { x: inner }, required: ["x"] })],
    ["arrays", (inner) => ({ type: "array", items: inner })],
    ["anyOf", (inner) => ({ anyOf: [inner] })],
    ["unknown keywords (never read)", (inner) => ({ type: "string", "x-deep": inner })],
  ])("fails cleanly on 100 000 levels of %s", (name, wrap) => {
    const result = strictSchema(root(deep(100_000, wrap)));
    if (name.startsWith("unknown")) expect(result.ok).toBe(true);
    else expect(result).toMatchObject({ ok: false, error: { keyword: "max_depth" } });
  });

  it("expands the null paths of a 400-definition $ref chain", () => {
    // 400 definitions, each requiring the next; the last has 2000 optional properties. Each
    // definition's paths were once copied whole into the one above it (400 × 2000 copies, seconds).
    const $defs: Schema = {
      a400: {
        type: "object",
        properties: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, { type: "string" }])),
      },
    };
    for (let i = 0; i < 400; i++)
      $defs[`a${i}`] = { type: "object", properties: { next: { $ref: `#/$defs/a${i + 1}` } }, required: ["next"] };
    const { nullPaths } = ok({ ...root({ $ref: "#/$defs/a0" }), $defs });
    const chain = ["p", ...Array.from({ length: 400 }, () => "next")];
    expect([nullPaths.length, nullPaths[0], nullPaths[1999]]).toEqual([2000, [...chain, "p0"], [...chain, "p1999"]]);
  });

  it("converts a definition of 100 optional properties used in 101 places (10 100 null paths)", () => {
    const names = Array.from({ length: 101 }, (_, i) => `r${i}`);
    const d = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: "string" }])),
    };
    const { nullPaths } = ok({
      type: "object",
      properties: Object.fromEntries(names.map((name) => [name, { $ref: "#/$defs/d" }])),
      required: names,
      $defs: { d },
    });
    expect([nullPaths.length, nullPaths[0], nullPaths[10_099]]).toEqual([10_100, ["r0", "p0"], ["r100", "p99"]]);
  });

  it("counts no $ref without null paths against that guard", () => {
    // 60 nested anyOf sites above 20 000 $refs to a string: no null path, so nothing to expand.
    let inner: Schema = {
      type: "object",
      properties: { x: { anyOf: Array.from({ length: 20_000 }, () => ({ $ref: "#/$defs/s" })) } },
      required: ["x"],
    };
    for (let i = 0; i < 60; i++) inner = { anyOf: [inner, { type: "null" }] };
    expect(ok({ ...root(inner), $defs: { s: { type: "string" } } }).nullPaths).toEqual([]);
  });

  it("refuses $refs whose null paths multiply without bound, as an internal guard", () => {
    // 30 definitions, each using the next twice: 2^30 null paths from a schema of 60 properties.
    const $defs: Schema = { a30: { type: "object", properties: { x: { type: "string" } } } };
    for (let i = 0; i < 30; i++)
      $defs[`a${i}`] = {
        type: "object",
        properties: { l: { $ref: `#/$defs/a${i + 1}` }, r: { $ref: `#/$defs/a${i + 1}` } },
      };
    const failure = error({ ...root({ $ref: "#/$defs/a0" }), $defs });
    expect(failure).toMatchObject({ path: [], keyword: "$ref" });
    expect(failure.message).toMatch(
      /over 1000000 segments \(an internal guard, not an OpenAI limit\); make properties required\.$/,
    );
  });

  it("fails cleanly on 100 000 chained definitions", () => {
    const $defs = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [
        `d${i}`,
        i === 99_999 ? { type: "object", properties: { x: { type: "string" } } } : { $ref: `#/$defs/d${i + 1}` },
      ]),
    );
    const result = strictSchema({ ...root({ $ref: "#/$defs/d0" }, false), $defs });
    expect(result).toMatchObject({ ok: false, error: { keyword: "max_depth" } });
  });

  it.each<[string, () => Schema, (string | number)[]]>([
    [
      "a property that is its own ancestor",
      () => {
        const node: Schema = { type: "object", properties: {} };
        (node.properties as Schema).self = node;
        return { type: "object", properties: { n: node }, required: ["n"] };
      },
      ["properties", "n", "properties", "self"],
    ],
    [
      "items that contain themselves",
      () => {
        const node: Schema = { type: "array" };
        node.items = node;
        return root(node);
      },
      ["properties", "p", "items"],
    ],
    [
      "the root inside its own anyOf",
      () => {
        const node: Schema = { anyOf: [] };
        (node.anyOf as unknown[]).push(node);
        return root(node);
      },
      ["properties", "p", "anyOf", 0],
    ],
  ])("reports a cycle in the object graph: %s", (_name, make, path) => {
    expect(error(make())).toMatchObject({ keyword: "$ref", path });
    expect(error(make()).message).toMatch(/cycle/);
  });

  it("converts a schema that shares one object in several places (not a cycle)", () => {
    const shared = { type: "string" };
    const result = ok({ type: "object", properties: { a: shared, b: shared }, required: ["a"] });
    expect(result.schema.properties?.a).not.toBe(result.schema.properties?.b);
  });

  it("gives up with max_nodes on a shared object repeated exponentially", () => {
    let schema: Schema = { type: "string" };
    for (let i = 0; i < 40; i++) schema = { anyOf: [schema, schema] };
    expect(error(root(schema))).toMatchObject({
      keyword: "max_nodes",
      message: expect.stringContaining("over 100000 subschemas (an internal guard, not an OpenAI limit") as unknown,
    });
  });

  it("reads a long required list beside many properties by lookup, not by search", () => {
    // 5000 properties × 400 000 names took seconds when each property searched the list.
    const properties = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: "string" }]));
    // (a name listed 400 000 times: every other property's search ran through the whole list)
    const required = [...Array.from({ length: 400_000 }, () => "p3"), "p1"];
    const { nullPaths } = ok({ type: "object", properties, required });
    expect([nullPaths.length, nullPaths[0], nullPaths[1], nullPaths[2]]).toEqual([4998, ["p0"], ["p2"], ["p4"]]);
  });

  it("describes a value that shares objects exponentially (2^40 leaves) without serialising it all", () => {
    let dag: unknown = [1];
    for (let i = 0; i < 40; i++) dag = [dag, dag];
    expect(error(root({ type: "string", minLength: dag }))).toMatchObject({
      path: ["properties", "p"],
      keyword: "minLength",
      message: expect.stringMatching(/found \[\[\[\[.*\],…\.$/) as unknown,
    });
    // allOf parts declaring one property: the same schema object merges, a copy too big to compare does not.
    const shared = { type: "string", "x-dag": dag };
    const parts = (other: unknown) =>
      root({
        allOf: [
          { type: "object", properties: { a: shared } },
          { type: "object", properties: { a: other } },
        ],
      });
    expect(prop(ok(parts(shared), { relax: { allOf: true } }))).toMatchObject({
      properties: { a: { type: ["string", "null"] } },
    });
    expect(error(parts({ ...shared }), { relax: { allOf: true } })).toMatchObject({
      path: ["properties", "p"],
      keyword: "allOf",
      message: expect.stringContaining('"a" has two schemas') as unknown,
    });
  });

  it("fails fast on a 10 MB enum", () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => `v${i.toString(36).padStart(8, "0")}`);
    expect(error(root({ type: "string", enum: values })).keyword).toBe("max_enum_values");
    expect(error(root({ enum: ["x".repeat(10_000_000)] })).keyword).toBe("max_chars");
  });

  it.each(["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"])(
    "keeps %s as a property and definition name, polluting nothing",
    (name) => {
      const schema = JSON.parse(
        `{"type":"object","properties":{"${name}":{"$ref":"#/$defs/${name}"},` +
          `"x":{"type":"object","properties":{"${name}":{"type":"string"}}}},"required":["x"],` +
          `"$defs":{"${name}":{"type":"object","properties":{"${name}":{"type":"integer"}}}}}`,
      ) as Schema;
      const result = ok(schema);
      const properties = result.schema.properties as Schema;
      expect(Object.keys(properties)).toEqual([name, "x"]);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      expect(Object.keys(result.schema.$defs ?? {})).toEqual([name]);
      expect(JSON.parse(JSON.stringify(result.schema))).toEqual(JSON.parse(JSON.stringify(result.schema)));
      expect(JSON.stringify(result.schema)).toContain(
        `"${name}":{"anyOf":[{"$ref":"#/$defs/${name}"},{"type":"null"}]}`,
      );
      expect(result.nullPaths).toEqual([[name], [name, name], ["x", name]]);
      expect(({} as Schema).type).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty("properties");
    },
  );

  it("refuses a $ref to a name the definitions only inherit", () => {
    expect(error({ ...root({ $ref: "#/$defs/toString" }), $defs: {} }).keyword).toBe("$ref");
  });

  it.each<[string, unknown]>([
    ["a function", () => 1],
    ["undefined in an anyOf", undefined],
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["a BigInt", 10n],
    ["a symbol", Symbol("s")],
    ["a Date", new Date(0)],
    ["a Map", new Map()],
    ["a class instance", new (class Schema {})()],
  ])("names the path of %s where a schema should be", (_name, value) => {
    expect(error(root({ anyOf: [{ type: "string" }, value] }))).toMatchObject({
      path: ["properties", "p", "anyOf", 1],
      keyword: "type",
    });
  });

  it("reads the holes of sparse lists as undefined, never skips them", () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(error(root({ anyOf: [{ type: "string" }, , { type: "null" }] }))).toMatchObject({
      path: ["properties", "p", "anyOf", 1],
      keyword: "type",
    });
    // eslint-disable-next-line no-sparse-arrays
    expect(error(root({ enum: ["a", , "b"] }))).toMatchObject({ path: ["properties", "p"], keyword: "enum" });
    // eslint-disable-next-line no-sparse-arrays
    expect(error(root({ type: ["string", , "null"] }))).toMatchObject({ path: ["properties", "p"], keyword: "type" });
  });

  it.each<[string, Schema, string]>([
    ["NaN in an enum", root({ enum: [1, NaN] }), "enum"],
    ["a BigInt const", root({ const: 1n }), "const"],
    ["a function as type", root({ type: () => "string" }), "type"],
    ["a symbol minimum", root({ type: "number", minimum: Symbol("m") }), "minimum"],
    ["Infinity as maxLength", root({ type: "string", maxLength: Infinity }), "maxLength"],
    ["a function as properties", root({ type: "object", properties: () => ({}) }), "properties"],
  ])("names the keyword of %s", (_name, schema, keyword) => {
    expect(error(schema)).toMatchObject({ path: ["properties", "p"], keyword });
  });

  it("treats a keyword whose value is undefined as absent, as JSON.stringify would", () => {
    expect(
      ok({ type: "object", properties: { a: { type: "string", description: undefined } }, required: undefined }).schema
        .properties,
    ).toEqual({ a: { type: ["string", "null"] } });
  });

  it("turns a throwing getter or Proxy into an error", () => {
    const getter = root({});
    Object.defineProperty(getter.properties as Schema, "p", {
      enumerable: true,
      get: () => {
        throw new Error("boom");
      },
    });
    expect(error(getter)).toMatchObject({ keyword: "type" });
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("trap");
        },
      },
    );
    expect(error({ type: "object", properties: proxy })).toMatchObject({
      path: [],
      keyword: "type",
      message: expect.stringMatching(/trap/) as unknown,
    });
  });

  it("never mutates its input and shares no object with it", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: ["string", "integer"], description: "A" },
        e: { enum: ["x", "y"] },
        t: { type: "object", properties: { n: { $ref: "#/$defs/n" } } },
        l: { type: "array", items: { anyOf: [{ type: "string" }, { const: 1 }] } },
      },
      required: ["t"],
      $defs: { n: { type: "object", properties: { v: { type: "string", enum: ["q"] } } } },
    };
    const before = structuredClone(schema);
    const result = ok(schema);
    expect(schema).toEqual(before);
    const inputs = new Set<unknown>();
    const collect = (value: unknown, into: Set<unknown>) => {
      if (typeof value !== "object" || value === null || into.has(value)) return;
      into.add(value);
      for (const child of Object.values(value)) collect(child, into);
    };
    collect(schema, inputs);
    const outputs = new Set<unknown>();
    collect(result, outputs);
    expect([...outputs].filter((object) => inputs.has(object))).toEqual([]);
  });

  it("never throws on options of any shape", () => {
    for (const options of [
      null,
      5,
      "x",
      { limits: null },
      { limits: 3 },
      { relax: "all" },
      { relax: { oneOf: "yes" } },
    ]) {
      expect(strictSchema({ type: "object" }, options as StrictSchemaOptions).ok).toBe(true);
    }
  });
});

describe("null paths and stripNulls together", () => {
  it("undoes exactly the nulls strict mode introduced", () => {
    const schema = {
      type: "object",
      properties: {
        q: { type: "string" },
        n: { type: ["string", "null"] },
        opts: { type: "object", properties: { deep: { type: "integer" }, keep: { type: ["integer", "null"] } } },
        list: { type: "array", items: { type: "object", properties: { k: { type: "string" } } } },
      },
      required: ["q"],
    };
    const { nullPaths } = ok(schema);
    expect(nullPaths).toEqual<NullPath[]>([["opts"], ["opts", "deep"], ["list"], ["list", ITEMS, "k"]]);
    const sent = { q: "x", n: null, opts: { deep: null, keep: null }, list: [{ k: null }, { k: "v" }] };
    expect(stripNulls(sent, nullPaths)).toEqual({ q: "x", n: null, opts: { keep: null }, list: [{}, { k: "v" }] });
    expect(stripNulls({ q: "x", n: null, opts: null, list: null }, nullPaths)).toEqual({ q: "x", n: null });
  });
});

describe("required names that no property declares", () => {
  it.each<[string, unknown, (string | number)[]]>([
    ["beside a declared one", { type: "object", properties: { a: { type: "string" } }, required: ["a", "b"] }, []],
    ["at a root without properties", { type: "object", required: ["x"] }, []],
    ["at a root with empty properties", { type: "object", properties: {}, required: ["x"] }, []],
    [
      "in a nested object",
      root({ type: "object", properties: { a: { type: "string" } }, required: ["b"] }),
      ["properties", "p"],
    ],
    [
      "in an array's items",
      root({ type: "array", items: { type: "object", properties: { a: { type: "string" } }, required: ["b"] } }),
      ["properties", "p", "items"],
    ],
    [
      "in an anyOf branch",
      root({
        anyOf: [{ type: "object", properties: {}, required: ["b"], additionalProperties: false }, { type: "null" }],
      }),
      ["properties", "p", "anyOf", 0],
    ],
    [
      "in a definition",
      {
        ...root({ $ref: "#/$defs/d" }),
        $defs: { d: { type: "object", properties: { a: { type: "string" } }, required: ["a", "z"] } },
      },
      ["$defs", "d"],
    ],
    ["whose property's schema is undefined", { type: "object", properties: { a: undefined }, required: ["a"] }, []],
  ])("%s is refused (keyword required, the object's path)", (_name, schema, path) => {
    const refused = error(schema);
    expect(refused).toMatchObject({ path, keyword: "required" });
    expect(refused.message).toContain('"required" lists');
  });

  it("is refused in an allOf part too (relax.allOf), the merged properties declaring none of it", () => {
    const schema = root({ allOf: [{ type: "object", properties: { a: { type: "string" } } }, { required: ["b"] }] });
    expect(error(schema, { relax: { allOf: true } })).toMatchObject({ path: ["properties", "p"], keyword: "required" });
  });

  it("accepts a name listed twice, and names every property declares", () => {
    const result = ok({ type: "object", properties: { a: { type: "string" } }, required: ["a", "a"] });
    expect([result.schema.required, result.nullPaths]).toEqual([["a"], []]);
  });
});

describe("a nested $id (a $ref below it resolves against its base, not the root's)", () => {
  const shadowed = {
    type: "object",
    properties: { v: { $id: "https://x/y", $defs: { T: { type: "integer" } }, $ref: "#/$defs/T" } },
    required: ["v"],
    $defs: { T: { type: "string" } },
  };
  it.each<[string, unknown, (string | number)[]]>([
    ["beside the $ref (the issue's example)", shadowed, ["properties", "v"]],
    [
      "above the $ref",
      {
        ...root({ $id: "https://x/y/", type: "object", properties: { a: { $ref: "#/$defs/T" } }, required: ["a"] }),
        $defs: { T: { type: "string" } },
      },
      ["properties", "p"],
    ],
    [
      "on a definition the $ref uses",
      { ...root({ $ref: "#/$defs/d" }), $defs: { d: { $id: "d.json", type: "array", items: { $ref: "#/$defs/d" } } } },
      ["$defs", "d"],
    ],
    [
      "relative",
      { ...root({ $id: "other.json", anyOf: [{ $ref: "#/$defs/T" }] }), $defs: { T: { type: "string" } } },
      ["properties", "p"],
    ],
  ])("%s is refused with keyword $id at the $id's node", (_name, schema, path) => {
    expect(error(schema)).toMatchObject({ path, keyword: "$id" });
  });

  it.each<[string, unknown]>([
    ["at the root", { $id: "https://x/root", ...root({ $ref: "#/$defs/T" }), $defs: { T: { type: "string" } } }],
    ["nested, with no $ref below it", root({ $id: "https://x/y", type: "string" })],
    [
      "a fragment alone (a draft 7 anchor keeps the base)",
      { ...root({ $id: "#here", $ref: "#/$defs/T" }), $defs: { T: { type: "string" } } },
    ],
    ["not a string", { ...root({ $id: 7, $ref: "#/$defs/T" }), $defs: { T: { type: "string" } } }],
  ])("%s is dropped, the $ref resolving as before", (_name, schema) => {
    expect(JSON.stringify(ok(schema).schema)).not.toContain("$id");
  });
});

describe("OpenAPI 3.0 nullable", () => {
  it.each<[string, Schema, boolean, unknown, NullPath[]]>([
    [
      "nullable: true beside a type, required",
      { type: "string", nullable: true },
      true,
      { type: ["string", "null"] },
      [],
    ],
    [
      "nullable: true beside a type, optional: already allows null",
      { type: "string", nullable: true },
      false,
      { type: ["string", "null"] },
      [],
    ],
    [
      "nullable: true beside a type list",
      { type: ["string", "integer"], nullable: true },
      true,
      { type: ["string", "integer", "null"] },
      [],
    ],
    [
      "nullable: true beside a type that has null",
      { type: ["string", "null"], nullable: true },
      false,
      { type: ["string", "null"] },
      [],
    ],
    [
      "nullable: true keeps a null enum value",
      { type: "string", enum: ["a", null], nullable: true },
      true,
      { type: ["string", "null"], enum: ["a", null] },
      [],
    ],
    [
      "nullable: true beside an object",
      { type: "object", properties: { a: { type: "string" } }, required: ["a"], nullable: true },
      false,
      { type: ["object", "null"], properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false },
      [],
    ],
    ["nullable: false means nothing, required", { type: "string", nullable: false }, true, { type: "string" }, []],
    [
      "nullable: false means nothing, optional",
      { type: "string", nullable: false },
      false,
      { type: ["string", "null"] },
      [["p"]],
    ],
    [
      "nullable without a type means nothing",
      { enum: ["a", "b"], nullable: true },
      false,
      { enum: ["a", "b", null] },
      [["p"]],
    ],
    [
      "nullable that is not true means nothing",
      { type: "string", nullable: "yes" },
      false,
      { type: ["string", "null"] },
      [["p"]],
    ],
  ])("%s", (_name, schema, required, expected, nullPaths) => {
    const result = ok(root(schema, required));
    expect([prop(result), result.nullPaths]).toEqual([expected, nullPaths]);
  });

  it("beside a $ref's type it counts as allowing null", () => {
    const result = ok({ ...root({ $ref: "#/$defs/s" }, false), $defs: { s: { type: "string", nullable: true } } });
    expect([prop(result), result.nullPaths]).toEqual([{ $ref: "#/$defs/s" }, []]);
  });

  it("at the root, where arguments are always an object, means nothing", () => {
    expect(ok({ type: "object", properties: {}, nullable: true }).schema.type).toBe("object");
  });
});

describe("an object with empty properties", () => {
  it.each<[string, unknown, (string | number)[]]>([
    ["nested, without additionalProperties", root({ type: "object", properties: {} }), ["properties", "p"]],
    ["nested, without properties", root({ type: "object" }), ["properties", "p"]],
    ["in items", root({ type: "array", items: { type: "object", properties: {} } }), ["properties", "p", "items"]],
    [
      "in a definition",
      { ...root({ $ref: "#/$defs/d" }), $defs: { d: { type: "object", properties: {} } } },
      ["$defs", "d"],
    ],
    [
      "whose only property's schema is undefined",
      root({ type: "object", properties: { a: undefined } }),
      ["properties", "p"],
    ],
  ])("%s is an open map, refused (additionalProperties)", (_name, schema, path) => {
    expect(error(schema)).toMatchObject({ path, keyword: "additionalProperties" });
  });

  it.each<[string, unknown]>([
    [
      "nested, closed by additionalProperties: false",
      root({ type: "object", properties: {}, additionalProperties: false }),
    ],
    ["at the root (a tool without arguments)", { type: "object", properties: {} }],
    ["at the root, without properties", { type: "object" }],
  ])("%s is an empty object", (_name, schema) => {
    const result = ok(schema);
    const object = (result.schema.properties as Schema | undefined)?.p ?? result.schema;
    expect(object).toEqual({ type: "object", properties: {}, required: [], additionalProperties: false });
  });
});
