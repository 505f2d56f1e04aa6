import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkStrict } from "./check-strict";
import type { SchemaPath, StrictError } from "./types";

type Schema = { [key: string]: unknown };

/** A strict object schema: every property required, no others allowed. */
const object = (properties: Schema, extra: Schema = {}): Schema => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

/** A strict root with `schema` as its only property, `v`. */
const root = (schema: unknown, extra: Schema = {}): Schema => object({ v: schema }, extra);
const V = ["properties", "v"] as const;

const where = (reasons: readonly StrictError[]) => reasons.map(({ path, keyword }) => ({ path, keyword }));
const pointer = (path: SchemaPath) =>
  `#${path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("")}`;

// The examples of OpenAI's structured-outputs guide ("Supported schemas",
// "Definitions are supported", "Recursive schemas are supported") and of its
// function-calling guide ("Strict mode"): OpenAI accepts each of them.
const openAiExamples: [string, Schema][] = [
  [
    "get_weather with a nullable unit",
    object({
      location: { type: "string", description: "The location to get the weather for" },
      unit: { type: ["string", "null"], description: "The unit to return the temperature in", enum: ["F", "C"] },
    }),
  ],
  [
    "query with enums and an anyOf of string, number and object",
    object({
      table_name: { type: "string", enum: ["orders"] },
      columns: {
        type: "array",
        items: { type: "string", enum: ["id", "status", "expected_delivery_date", "delivered_at"] },
      },
      conditions: {
        type: "array",
        items: object({
          column: { type: "string" },
          operator: { type: "string", enum: ["=", ">", "<", ">=", "<=", "!="] },
          value: { anyOf: [{ type: "string" }, { type: "number" }, object({ column_name: { type: "string" } })] },
        }),
      },
      order_by: { type: "string", enum: ["asc", "desc"] },
    }),
  ],
  [
    "string and number constraints",
    object({
      name: { type: "string" },
      username: {
        type: "string",
        description: "The username of the user. Must start with @",
        pattern: "^@[a-zA-Z0-9_]+$",
      },
      email: { type: "string", description: "The email of the user", format: "email" },
      age: { type: "number", minimum: 0, maximum: 130, multipleOf: 1, exclusiveMinimum: -1, exclusiveMaximum: 131 },
      tags: { type: "array", items: { type: "string", minLength: 1, maxLength: 20 }, minItems: 1, maxItems: 5 },
    }),
  ],
  [
    "an anyOf of two objects",
    object({
      item: {
        anyOf: [
          object({ name: { type: "string" }, age: { type: "number" } }, { description: "The user object" }),
          object(
            { number: { type: "string" }, street: { type: "string" }, city: { type: "string" } },
            { description: "The address object" },
          ),
        ],
      },
    }),
  ],
  [
    "definitions in $defs",
    object(
      { steps: { type: "array", items: { $ref: "#/$defs/step" } }, final_answer: { type: "string" } },
      { $defs: { step: object({ explanation: { type: "string" }, output: { type: "string" } }) } },
    ),
  ],
  [
    'recursion through "#"',
    object({
      type: { type: "string", enum: ["div", "button", "header", "section", "field", "form"] },
      label: { type: "string" },
      children: { type: "array", items: { $ref: "#" } },
      attributes: { type: "array", items: object({ name: { type: "string" }, value: { type: "string" } }) },
    }),
  ],
  [
    "a linked list through $defs",
    object(
      { linked_list: { $ref: "#/$defs/linked_list_node" } },
      {
        $defs: {
          linked_list_node: object({
            value: { type: "number" },
            next: { anyOf: [{ $ref: "#/$defs/linked_list_node" }, { type: "null" }] },
          }),
        },
      },
    ),
  ],
];

describe("checkStrict accepts", () => {
  it.each(openAiExamples)("OpenAI's example: %s", (_name, schema) => {
    expect(checkStrict(schema)).toEqual([]);
  });

  it.each<[string, unknown]>([
    ["a tool without arguments", object({})],
    ...(["string", "number", "integer", "boolean", "null"] as const).map((type): [string, unknown] => [
      `type ${type}`,
      { type },
    ]),
    ['type ["string", "null"]', { type: ["string", "null"] }],
    ['type ["integer", "string"]', { type: ["integer", "string"] }],
    ["a nullable object", { ...object({ a: { type: "string" } }), type: ["object", "null"] }],
    ["a nullable array", { type: ["array", "null"], items: { type: "string" } }],
    ["an enum without a type", { enum: ["a", 1, true, null] }],
    ["an enum whose type allows null", { type: ["string", "null"], enum: ["a", null] }],
    ["integers in a number enum", { type: "number", enum: [1, 2.5] }],
    ["a const without a type", { const: "fixed" }],
    ["a const of the type", { type: "string", const: "fixed" }],
    ["const null", { const: null }],
    ["anyOf with a null branch", { anyOf: [{ type: "string" }, { type: "null" }] }],
    ["anyOf with a description", { anyOf: [{ type: "string" }, { type: "null" }], description: "d", title: "t" }],
    ...["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"].map(
      (format): [string, unknown] => [`format ${format}`, { type: "string", format }],
    ),
    ["a zero maxLength", { type: "string", minLength: 0, maxLength: 0 }],
    ["negative and fractional bounds", { type: "number", minimum: -1.5, maximum: 2.25, multipleOf: 0.25 }],
    ['"$ref": "#"', { $ref: "#" }],
    ["an empty nested object", object({})],
    ["an array of arrays", { type: "array", items: { type: "array", items: { type: "integer" } } }],
  ])("%s", (_name, schema) => {
    expect(checkStrict(root(schema))).toEqual([]);
  });

  it.each([
    ["$defs", "#/$defs/"],
    ["definitions", "#/definitions/"],
  ])("local references into %s, names escaped as JSON Pointer and URI", (keyword, prefix) => {
    const definitions = { plain: { type: "string" }, "a/b~c": { type: "string" }, "with space": { type: "number" } };
    const schema = object(
      {
        a: { $ref: `${prefix}plain` },
        b: { $ref: `${prefix}a~1b~0c` },
        c: { $ref: `${prefix}with%20space` },
      },
      { [keyword]: definitions },
    );
    expect(checkStrict(schema)).toEqual([]);
  });

  it("keywords used as property names ('items', 'type', '$ref', '__proto__', 'constructor')", () => {
    const properties = JSON.parse(
      '{"items":{"type":"string"},"type":{"type":"string"},"$ref":{"type":"string"},' +
        '"__proto__":{"type":"string"},"constructor":{"type":"string"}}',
    ) as Schema;
    expect(checkStrict(object(properties))).toEqual([]);
  });
});

describe("checkStrict refuses", () => {
  it.each<[string, unknown]>([
    ["a string", "object"],
    ["a list", [{ type: "object" }]],
    ["null", null],
    ["true", true],
    ["a number", 42],
    ["undefined", undefined],
    ["a function", () => ({ type: "object" })],
    ["a Date", new Date(0)],
    ["a Map", new Map([["type", "object"]])],
  ])("a root that is %s", (_name, schema) => {
    const reasons = checkStrict(schema);
    expect(where(reasons)).toEqual([{ path: [], keyword: "type" }]);
    expect(reasons[0]?.message).toMatch(
      /^At #: the root must be "type": "object", not .+; put other values in a property\.$/,
    );
  });

  it.each<[string, Schema, { path: SchemaPath; keyword: string }[]]>([
    [
      "a root without type",
      { properties: {}, required: [], additionalProperties: false },
      [{ path: [], keyword: "type" }],
    ],
    ["a root of type string", { type: "string" }, [{ path: [], keyword: "type" }]],
    ['a root of type ["object", "null"]', { ...object({}), type: ["object", "null"] }, [{ path: [], keyword: "type" }]],
    ["a root of an unknown type", { ...object({}), type: "record" }, [{ path: [], keyword: "type" }]],
    [
      "a root anyOf",
      { anyOf: [object({ a: { type: "string" } }), object({ b: { type: "string" } })] },
      [
        { path: [], keyword: "type" },
        { path: [], keyword: "anyOf" },
      ],
    ],
    [
      "a root anyOf beside type object",
      { ...object({}), anyOf: [object({}), object({})] },
      [{ path: [], keyword: "anyOf" }],
    ],
    [
      "a root object with nothing else (what strictSchema turns into a tool without arguments)",
      { type: "object" },
      [
        { path: [], keyword: "additionalProperties" },
        { path: [], keyword: "properties" },
        { path: [], keyword: "required" },
      ],
    ],
    [
      "a root without additionalProperties",
      { type: "object", properties: {}, required: [] },
      [{ path: [], keyword: "additionalProperties" }],
    ],
    [
      "a root with additionalProperties true",
      { ...object({}), additionalProperties: true },
      [{ path: ["additionalProperties"], keyword: "additionalProperties" }],
    ],
    [
      "an open map (additionalProperties is a schema)",
      root({ ...object({}), additionalProperties: { type: "string" } }),
      [{ path: [...V, "additionalProperties"], keyword: "additionalProperties" }],
    ],
    [
      "a nested object without properties (an open map)",
      root({ type: "object", additionalProperties: false, required: [] }),
      [{ path: V, keyword: "properties" }],
    ],
    [
      "a nested object without required",
      root({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false }),
      [{ path: V, keyword: "required" }],
    ],
    [
      "an optional property",
      root({ ...object({ a: { type: "string" }, b: { type: "string" } }), required: ["a"] }),
      [{ path: [...V, "required"], keyword: "required" }],
    ],
    [
      "a required name that is not a property",
      root({ ...object({ a: { type: "string" } }), required: ["a", "ghost"] }),
      [{ path: [...V, "required"], keyword: "required" }],
    ],
    [
      "required that is not a list of names",
      root({ ...object({}), required: "a" }),
      [{ path: [...V, "required"], keyword: "required" }],
    ],
    [
      "properties that is a list",
      root({ ...object({}), properties: [] }),
      [{ path: [...V, "properties"], keyword: "properties" }],
    ],
    [
      "additionalProperties false beside a non-false one elsewhere",
      root({ type: "string", additionalProperties: {} }),
      [{ path: [...V, "additionalProperties"], keyword: "additionalProperties" }],
    ],
    ["a schema with no type", root({ description: "anything" }), [{ path: V, keyword: "type" }]],
    ["an empty schema", root({}), [{ path: V, keyword: "type" }]],
    ["a boolean schema true", root(true), [{ path: V, keyword: "properties" }]],
    [
      "a boolean schema false in items",
      root({ type: "array", items: false }),
      [{ path: [...V, "items"], keyword: "items" }],
    ],
    ["a string where a schema belongs", root("string"), [{ path: V, keyword: "properties" }]],
    [
      "an anyOf branch that is not a schema",
      root({ anyOf: [{ type: "string" }, 5] }),
      [{ path: [...V, "anyOf", 1], keyword: "anyOf" }],
    ],
    ["an unknown type", root({ type: "date" }), [{ path: [...V, "type"], keyword: "type" }]],
    ["an empty type list", root({ type: [] }), [{ path: [...V, "type"], keyword: "type" }]],
    ["a repeated type", root({ type: ["string", "string"] }), [{ path: [...V, "type"], keyword: "type" }]],
    ["a type that is a number", root({ type: 1 }), [{ path: [...V, "type"], keyword: "type" }]],
    ["an array without items", root({ type: "array" }), [{ path: V, keyword: "items" }]],
    ["a nullable array without items", root({ type: ["array", "null"] }), [{ path: V, keyword: "items" }]],
    [
      "tuple items",
      root({ type: "array", items: [{ type: "string" }, { type: "number" }] }),
      [{ path: [...V, "items"], keyword: "items" }],
    ],
    ["an empty anyOf", root({ anyOf: [] }), [{ path: [...V, "anyOf"], keyword: "anyOf" }]],
    ["an anyOf that is an object", root({ anyOf: { type: "string" } }), [{ path: [...V, "anyOf"], keyword: "anyOf" }]],
    ["an empty enum", root({ type: "string", enum: [] }), [{ path: [...V, "enum"], keyword: "enum" }]],
    ["an enum that is a string", root({ enum: "a" }), [{ path: [...V, "enum"], keyword: "enum" }]],
    [
      'an enum with null under "type": "string" (it does not allow null)',
      root({ type: "string", enum: ["a", null] }),
      [{ path: [...V, "enum", 1], keyword: "enum" }],
    ],
    [
      "a number in a string enum",
      root({ type: "string", enum: ["a", "b", 3] }),
      [{ path: [...V, "enum", 2], keyword: "enum" }],
    ],
    [
      "a fraction in an integer enum",
      root({ type: "integer", enum: [1, 1.5] }),
      [{ path: [...V, "enum", 1], keyword: "enum" }],
    ],
    ["a const against its type", root({ type: "string", const: null }), [{ path: [...V, "const"], keyword: "const" }]],
    [
      "$defs below the root",
      root({ type: "string", $defs: { x: { type: "string" } } }),
      [{ path: V, keyword: "$defs" }],
    ],
    [
      "a $ref into $defs when the root has none",
      root({ $ref: "#/$defs/x" }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    [
      "definitions inside a property",
      root({ type: "string", definitions: { x: { type: "string" } } }),
      [{ path: V, keyword: "definitions" }],
    ],
    ["a $ref that is not a string", root({ $ref: 1 }), [{ path: [...V, "$ref"], keyword: "$ref" }]],
    [
      "an external $ref",
      root({ $ref: "https://example.com/schema.json" }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    ["a relative file $ref", root({ $ref: "other.json#/$defs/x" }), [{ path: [...V, "$ref"], keyword: "$ref" }]],
    ["a $ref into properties", root({ $ref: "#/properties/v" }), [{ path: [...V, "$ref"], keyword: "$ref" }]],
    [
      "a $ref below a definition",
      root({ $ref: "#/$defs/x/properties/a" }, { $defs: { x: object({ a: { type: "string" } }) } }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    [
      "a $ref to a missing definition",
      root({ $ref: "#/$defs/missing" }, { $defs: { x: { type: "string" } } }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    [
      "a $ref to $defs that are under definitions",
      root({ $ref: "#/$defs/x" }, { definitions: { x: { type: "string" } } }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    [
      "a $ref to an inherited name",
      root({ $ref: "#/$defs/toString" }, { $defs: {} }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    [
      "a $ref with a bad escape",
      root({ $ref: "#/$defs/a~2b" }, { $defs: { "a~2b": { type: "string" } } }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    [
      // OpenAI answers "$ref cannot have keywords {'description'}".
      "a $ref with a description beside it",
      root({ $ref: "#/$defs/x", description: "d" }, { $defs: { x: { type: "string" } } }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    [
      "a $ref with a type beside it",
      root({ $ref: "#/$defs/x", type: "string" }, { $defs: { x: { type: "string" } } }),
      [{ path: [...V, "$ref"], keyword: "$ref" }],
    ],
    ["definitions that are not an object", { ...object({}), $defs: [] }, [{ path: ["$defs"], keyword: "$defs" }]],
    [
      "a definition that breaks a rule",
      { ...object({}), $defs: { x: { type: "object" } } },
      [
        { path: ["$defs", "x"], keyword: "additionalProperties" },
        { path: ["$defs", "x"], keyword: "properties" },
        { path: ["$defs", "x"], keyword: "required" },
      ],
    ],
    [
      "a description that is not a string",
      root({ type: "string", description: 5 }),
      [{ path: [...V, "description"], keyword: "description" }],
    ],
    [
      "a title that is not a string",
      root({ type: "string", title: null }),
      [{ path: [...V, "title"], keyword: "title" }],
    ],
    [
      "a pattern that is not a string",
      root({ type: "string", pattern: /a/ }),
      [{ path: [...V, "pattern"], keyword: "pattern" }],
    ],
    [
      "a negative minLength",
      root({ type: "string", minLength: -1 }),
      [{ path: [...V, "minLength"], keyword: "minLength" }],
    ],
    [
      "a fractional maxLength",
      root({ type: "string", maxLength: 1.5 }),
      [{ path: [...V, "maxLength"], keyword: "maxLength" }],
    ],
    [
      "minItems as a string",
      root({ type: "array", items: { type: "string" }, minItems: "1" }),
      [{ path: [...V, "minItems"], keyword: "minItems" }],
    ],
    [
      "maxItems Infinity",
      root({ type: "array", items: { type: "string" }, maxItems: Infinity }),
      [{ path: [...V, "maxItems"], keyword: "maxItems" }],
    ],
    [
      "a draft-4 boolean exclusiveMinimum",
      root({ type: "number", minimum: 0, exclusiveMinimum: true }),
      [{ path: [...V, "exclusiveMinimum"], keyword: "exclusiveMinimum" }],
    ],
    ["minimum NaN", root({ type: "number", minimum: NaN }), [{ path: [...V, "minimum"], keyword: "minimum" }]],
    ["maximum as a string", root({ type: "number", maximum: "9" }), [{ path: [...V, "maximum"], keyword: "maximum" }]],
    [
      "exclusiveMaximum null",
      root({ type: "number", exclusiveMaximum: null }),
      [{ path: [...V, "exclusiveMaximum"], keyword: "exclusiveMaximum" }],
    ],
    ["multipleOf 0", root({ type: "number", multipleOf: 0 }), [{ path: [...V, "multipleOf"], keyword: "multipleOf" }]],
    [
      "a format that is not a string",
      root({ type: "string", format: 1 }),
      [{ path: [...V, "format"], keyword: "format" }],
    ],
  ])("%s", (_name, schema, expected) => {
    const reasons = checkStrict(schema);
    expect(where(reasons)).toEqual(expected);
    for (const { path, message } of reasons) {
      if (path.length > 0) expect(message).toContain(`At ${pointer(path)}: `);
    }
  });

  it.each([
    "allOf",
    "not",
    "oneOf",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "patternProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "propertyNames",
    "prefixItems",
    "contains",
    "minContains",
    "maxContains",
    "$dynamicRef",
    "$recursiveRef",
  ])("the unsupported keyword %s, with what to do instead", (keyword) => {
    const reasons = checkStrict(root({ type: "string", [keyword]: {} }));
    expect(where(reasons)).toEqual([{ path: V, keyword }]);
    expect(reasons[0]?.message).toMatch(/^At #\/properties\/v: "[^"]+" is not supported in strict mode; \w/);
    expect(reasons[0]?.message).toContain(`"${keyword}"`);
  });

  it.each([
    "default",
    "examples",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "contentMediaType",
    "contentEncoding",
    "deprecated",
    "readOnly",
    "writeOnly",
    "nullable",
    "$schema",
    "$id",
    "$comment",
    "$anchor",
    "x-vendor",
    "additionalItems",
  ])("the keyword %s, which strictSchema drops", (keyword) => {
    const reasons = checkStrict(root({ type: "string", [keyword]: "x" }));
    expect(where(reasons)).toEqual([{ path: V, keyword }]);
    expect(reasons[0]?.message).toBe(
      `At #/properties/v: "${keyword}" is not supported in strict mode; remove it (the server still validates).`,
    );
  });

  it("a keyword at the root, too", () => {
    expect(where(checkStrict({ $schema: "http://json-schema.org/draft-07/schema#", ...object({}) }))).toEqual([
      { path: [], keyword: "$schema" },
    ]);
  });

  it.each(["uri", "uri-reference", "regex", "int32", "binary", "Date-Time", ""])("the format %j", (format) => {
    const reasons = checkStrict(root({ type: "string", format }));
    expect(where(reasons)).toEqual([{ path: [...V, "format"], keyword: "format" }]);
    expect(reasons[0]?.message).toBe(
      `At #/properties/v/format: "format" must be one of date-time, time, date, duration, email, hostname, ipv4, ` +
        `ipv6, uuid; found ${JSON.stringify(format)}.`,
    );
  });

  it("every reason, not only the first, in document order", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string", default: "x" },
        b: { oneOf: [{ type: "string" }, { type: "number" }] },
        c: { type: "array" },
      },
      required: ["a"],
    };
    expect(where(checkStrict(schema))).toEqual([
      { path: [], keyword: "additionalProperties" },
      { path: ["required"], keyword: "required" },
      { path: ["properties", "a"], keyword: "default" },
      { path: ["properties", "b"], keyword: "oneOf" },
      { path: ["properties", "b"], keyword: "type" },
      { path: ["properties", "c"], keyword: "items" },
    ]);
  });

  it("messages say what, where and what to do", () => {
    const [missing] = checkStrict(
      root({ ...object({ a: { type: "string" }, b: { type: "integer" } }), required: ["a"] }),
    );
    expect(missing?.message).toBe(
      'At #/properties/v/required: "required" must list every property; missing "b". Add them, and make optional ' +
        'ones nullable (e.g. "type": ["string", "null"]).',
    );
    const [open] = checkStrict(root({ ...object({}), additionalProperties: true }));
    expect(open?.message).toBe(
      'At #/properties/v/additionalProperties: "additionalProperties" must be false, not true; list the properties, ' +
        "or take a JSON-encoded string.",
    );
    const [enumNull] = checkStrict(root({ type: "string", enum: ["a", null] }));
    expect(enumNull?.message).toBe(
      'At #/properties/v/enum/1: enum value null is not of "type" "string"; add its type ("null" for null) to ' +
        '"type", or remove it.',
    );
    const siblings = checkStrict(
      root({ $ref: "#/$defs/x", description: "d", default: 1 }, { $defs: { x: { type: "string" } } }),
    );
    expect(where(siblings)).toEqual([
      { path: V, keyword: "default" },
      { path: [...V, "$ref"], keyword: "$ref" },
    ]);
    expect(siblings[1]?.message).toBe(
      'At #/properties/v/$ref: "$ref" cannot have sibling keywords (found "description", "default"); move them into ' +
        "the definition.",
    );
  });
});

/** `count` properties in total: the root's, named p0…, each a string. */
const withProperties = (count: number): Schema =>
  object(Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, { type: "string" }])));

/** Objects nested `levels` deep, the root being level 1. */
const withDepth = (levels: number): Schema => {
  let schema: Schema = object({ leaf: { type: "string" } });
  for (let level = 1; level < levels; level += 1) schema = object({ a: schema });
  return schema;
};

/** Exactly `count` characters: the property name "c" plus a string const. */
const withChars = (count: number): Schema => object({ c: { type: "string", const: "x".repeat(count - 1) } });

/** One numeric enum of `count` values (numbers add no characters). */
const withEnumValues = (count: number): Schema =>
  root({ type: "integer", enum: Array.from({ length: count }, (_, index) => index) });

/** One string enum of `size` values whose characters add up to `chars`. */
const withEnumChars = (size: number, chars: number): Schema => {
  const values = Array.from({ length: size }, (_, index) => `${index}`.padStart(Math.floor(chars / size), "x"));
  values[0] = (values[0] as string) + "y".repeat(chars - values.reduce((sum, value) => sum + value.length, 0));
  return root({ type: "string", enum: values });
};

describe("checkStrict limits, at their exact boundary", () => {
  it.each<[string, string, (n: number) => Schema, number, SchemaPath]>([
    ["5000 properties", "max_properties", withProperties, 5000, ["properties", "p5000"]],
    ["10 levels of objects", "max_depth", withDepth, 10, Array.from({ length: 10 }, () => ["properties", "a"]).flat()],
    ["120 000 characters", "max_chars", withChars, 120_000, ["properties", "c", "const"]],
    ["1000 enum values", "max_enum_values", withEnumValues, 1000, [...V, "enum"]],
    [
      "15 000 characters in an enum of 251 strings",
      "max_enum_chars",
      (n) => withEnumChars(251, n),
      15_000,
      [...V, "enum"],
    ],
  ])("%s pass, one more fails with %s", (_name, keyword, build, limit, path) => {
    expect(checkStrict(build(limit))).toEqual([]);
    const reasons = checkStrict(build(limit + 1));
    expect(where(reasons)).toEqual([{ path, keyword }]);
    expect(reasons[0]?.message).toContain(`At ${pointer(path)}: `);
    expect(reasons[0]?.message).toContain(String(limit));
  });

  it.each<[string, string, (n: number) => Schema, number]>([
    ["maxProperties", "max_properties", withProperties, 3],
    ["maxDepth", "max_depth", withDepth, 2],
    ["maxChars", "max_chars", withChars, 50],
    ["maxEnumValues", "max_enum_values", withEnumValues, 4],
  ])("the option limits.%s moves the boundary", (option, keyword, build, limit) => {
    const limits = { [option]: limit };
    expect(checkStrict(build(limit), { limits })).toEqual([]);
    expect(checkStrict(build(limit + 1), { limits }).map((reason) => reason.keyword)).toEqual([keyword]);
    expect(checkStrict(build(limit + 1))).toEqual([]);
  });

  it("the options maxEnumChars and largeEnumSize move that boundary", () => {
    const limits = { maxEnumChars: 12, largeEnumSize: 3 };
    expect(checkStrict(withEnumChars(4, 12), { limits })).toEqual([]);
    expect(checkStrict(withEnumChars(4, 13), { limits }).map((reason) => reason.keyword)).toEqual(["max_enum_chars"]);
    expect(checkStrict(withEnumChars(3, 13), { limits })).toEqual([]);
  });

  it("ignores option values that are not limits", () => {
    const limits = { maxDepth: Number.NaN, maxProperties: -1, maxChars: "10" } as unknown as { maxDepth: number };
    expect(checkStrict(withDepth(10), { limits })).toEqual([]);
    expect(checkStrict(withDepth(11), { limits }).map((reason) => reason.keyword)).toEqual(["max_depth"]);
  });

  it("a string enum of 250 values is not large: its characters are limited only by max_chars", () => {
    expect(checkStrict(withEnumChars(250, 20_000))).toEqual([]);
  });

  it("counts characters as code points", () => {
    const limits = { maxChars: 3 };
    expect(checkStrict(object({ c: { const: "😀😀" } }), { limits })).toEqual([]);
    expect(checkStrict(object({ c: { const: "😀😀😀" } }), { limits }).map((reason) => reason.keyword)).toEqual([
      "max_chars",
    ]);
  });

  it("counts property names, definition names, string enum values and string consts, not numbers", () => {
    // 1 ("v") + 4 ("name") + 2 ("ab") + 3 ("cde") + 0 (the numbers) = 10
    const schema = root(
      { anyOf: [{ $ref: "#/$defs/name" }, { type: "integer", enum: [123_456, 7] }, { const: 99 }] },
      { $defs: { name: { type: "string", enum: ["ab", "cde"] } } },
    );
    expect(checkStrict(schema, { limits: { maxChars: 10 } })).toEqual([]);
    expect(where(checkStrict(schema, { limits: { maxChars: 9 } }))).toEqual([
      { path: ["$defs", "name", "enum", 1], keyword: "max_chars" },
    ]);
  });

  it("counts properties and enum values across $defs, each limit reported once", () => {
    const schema = object(
      { a: { $ref: "#/$defs/x" }, b: { type: "string", enum: ["1", "2"] } },
      { $defs: { x: object({ c: { type: "string", enum: ["3"] }, d: { type: "string" }, e: { type: "string" } }) } },
    );
    expect(checkStrict(schema, { limits: { maxProperties: 5, maxEnumValues: 3 } })).toEqual([]);
    // Properties are counted where they are declared, enum values where they are listed.
    expect(where(checkStrict(schema, { limits: { maxProperties: 3, maxEnumValues: 2 } }))).toEqual([
      { path: ["$defs", "x", "properties", "d"], keyword: "max_properties" },
      { path: ["$defs", "x", "properties", "c", "enum"], keyword: "max_enum_values" },
    ]);
  });

  it("counts object levels of a definition from its own root", () => {
    const schema = object({ deep: withDepth(9) }, { $defs: { ten: withDepth(10) } });
    expect(checkStrict(schema)).toEqual([]);
    const deeper = object({}, { $defs: { eleven: withDepth(11) } });
    expect(where(checkStrict(deeper))).toEqual([
      {
        path: ["$defs", "eleven", ...Array.from({ length: 10 }, () => ["properties", "a"]).flat()],
        keyword: "max_depth",
      },
    ]);
  });

  it("counts objects inside arrays and anyOf as levels, and arrays themselves not", () => {
    const three = object({
      list: { type: "array", items: { anyOf: [object({ inner: object({}) }), { type: "null" }] } },
    });
    expect(checkStrict(three, { limits: { maxDepth: 3 } })).toEqual([]);
    expect(where(checkStrict(three, { limits: { maxDepth: 2 } }))).toEqual([
      { path: ["properties", "list", "items", "anyOf", 0, "properties", "inner"], keyword: "max_depth" },
    ]);
  });
});

describe("checkStrict on hostile input", () => {
  it("100 000 levels of nested objects: one max_depth reason, no stack overflow", () => {
    let schema: Schema = { type: "string" };
    for (let level = 0; level < 100_000; level += 1) schema = object({ a: schema });
    const reasons = checkStrict(schema);
    expect(reasons.map((reason) => [reason.keyword, reason.path.length])).toEqual([["max_depth", 20]]);
  });

  it("100 000 levels of nested arrays: the checker stops at 1000 path segments", () => {
    let schema: Schema = { type: "string" };
    for (let level = 0; level < 100_000; level += 1) schema = { type: "array", items: schema };
    const reasons = checkStrict(root(schema));
    expect(reasons.map((reason) => [reason.keyword, reason.path.length])).toEqual([["max_depth", 1001]]);
  });

  it("a cycle in the object graph is a reason", () => {
    const schema = object({ name: { type: "string" } });
    (schema.properties as Schema).self = schema;
    (schema.required as string[]).push("self");
    const items: Schema = { type: "array" };
    items.items = items;
    const anyOf: Schema = { anyOf: [] };
    (anyOf.anyOf as unknown[]).push({ type: "null" }, anyOf);
    const reasons = checkStrict({
      ...schema,
      properties: { ...(schema.properties as Schema), items, anyOf },
      required: ["name", "self", "items", "anyOf"],
    });
    expect(where(reasons)).toEqual([
      { path: ["properties", "self", "properties", "self"], keyword: "properties" },
      { path: ["properties", "items", "items"], keyword: "items" },
      { path: ["properties", "anyOf", "anyOf", 1], keyword: "anyOf" },
    ]);
    expect(reasons[0]?.message).toBe(
      'At #/properties/self/properties/self: this object contains itself (a cycle); recurse with "$ref": ' +
        '"#/$defs/<name>".',
    );
  });

  it("a shared (acyclic) sub-schema is checked at each use", () => {
    const shared = { type: "string", default: "x" };
    expect(where(checkStrict(object({ a: shared, b: shared })))).toEqual([
      { path: ["properties", "a"], keyword: "default" },
      { path: ["properties", "b"], keyword: "default" },
    ]);
  });

  it("a long required list beside many properties: each name is looked up, not searched for", () => {
    // 5000 properties × 400 000 names took seconds when each searched the other list.
    const properties = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: "string" }]));
    const required = [...Array.from({ length: 400_000 }, (_, i) => `q${i}`), "p1"];
    const reasons = checkStrict({ type: "object", properties, required, additionalProperties: false });
    expect(
      reasons.map(({ keyword, message }) => [
        keyword,
        /(missing|lists) "(\w+)", .* and (\d+) more/.exec(message)?.slice(1),
      ]),
    ).toEqual([
      ["required", ["missing", "p0", "4989"]],
      ["required", ["lists", "q0", "399990"]],
    ]);
  });

  it("an exponential DAG of shared sub-schemas stops at a million nodes", () => {
    let schema: Schema = { type: "string" };
    for (let level = 0; level < 40; level += 1) schema = { anyOf: [schema, schema] };
    const reasons = checkStrict(root(schema));
    expect(reasons.map((reason) => reason.keyword)).toEqual(["max_nodes"]);
    expect(reasons[0]?.message).toContain("over 1000000 subschemas (an internal guard, not an OpenAI limit");
  });

  it("a value that shares objects exponentially (2^40 leaves) in enum or const is read once per object", () => {
    let dag: unknown = [1];
    for (let i = 0; i < 40; i++) dag = [dag, dag];
    expect(where(checkStrict(root({ type: "string", enum: ["a", dag], const: dag })))).toEqual([
      { path: [...V, "enum", 1], keyword: "enum" },
      { path: [...V, "const"], keyword: "const" },
    ]);
  });

  it("non-JSON values in enum and const are reasons", () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    const deep: unknown[] = [];
    let inner = deep;
    for (let level = 0; level < 100_000; level += 1) inner.push((inner = []));
    inner.push(Symbol("x"));
    const schema = root({
      enum: [
        () => 1,
        10n,
        Number.NaN,
        undefined,
        Symbol("s"),
        new Date(0),
        cyclic,
        deep,
        Infinity,
        { a: [1, { b: undefined }] },
        "ok",
      ],
    });
    const reasons = checkStrict(schema);
    expect(where(reasons)).toEqual(
      Array.from({ length: 10 }, (_, index) => ({ path: [...V, "enum", index], keyword: "enum" })),
    );
    expect(reasons.map((reason) => /\((.*)\); use/.exec(reason.message)?.[1])).toEqual([
      "a function",
      "a bigint",
      "NaN",
      "undefined",
      "a symbol",
      "a Date instance",
      "it contains itself: a cycle",
      "it holds a symbol",
      "Infinity",
      "it holds undefined",
    ]);
    expect(where(checkStrict(root({ const: 1n })))).toEqual([{ path: [...V, "const"], keyword: "const" }]);
  });

  it("non-JSON values as keyword values are reasons", () => {
    const reasons = checkStrict(root({ type: "string", description: () => "d", maxLength: 10n, default: undefined }));
    // Keywords are checked in the order they appear in the schema.
    expect(where(reasons)).toEqual([
      { path: [...V, "description"], keyword: "description" },
      { path: [...V, "maxLength"], keyword: "maxLength" },
      { path: V, keyword: "default" },
    ]);
  });

  it(
    "__proto__, constructor and prototype as property and definition names: checked like any name, nothing " +
      "polluted",
    () => {
      const schema = JSON.parse(`{
      "type": "object",
      "properties": {
        "__proto__": { "$ref": "#/$defs/__proto__" },
        "constructor": { "$ref": "#/$defs/constructor" },
        "prototype": { "type": "string", "default": 1 }
      },
      "required": ["__proto__", "constructor", "prototype"],
      "additionalProperties": false,
      "$defs": { "__proto__": { "type": "string" }, "constructor": { "type": "number" } }
    }`) as Schema;
      expect(where(checkStrict(schema))).toEqual([{ path: ["properties", "prototype"], keyword: "default" }]);
      expect(({} as Schema).type).toBeUndefined();
      // Inherited names never resolve or count as properties.
      expect(where(checkStrict(root({ $ref: "#/$defs/constructor" }, { $defs: {} })))).toEqual([
        { path: [...V, "$ref"], keyword: "$ref" },
      ]);
      expect(where(checkStrict(object({ a: { type: "string" } }, { required: ["a", "constructor"] })))).toEqual([
        { path: ["required"], keyword: "required" },
      ]);
    },
  );

  it("objects whose reads throw give a reason, not an exception", () => {
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("no keys for you");
        },
      },
    );
    expect(checkStrict(root(trap))).toEqual([
      {
        path: [],
        keyword: "type",
        message: "At #: unreadable (no keys for you); pass plain JSON data, as JSON.parse returns.",
      },
    ]);
    const getter = object({});
    Object.defineProperty(getter, "type", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(checkStrict(getter).map((reason) => reason.keyword)).toEqual(["type"]);
  });

  it("returns at most 1000 reasons", () => {
    const schema = object(
      Object.fromEntries(Array.from({ length: 1500 }, (_, index) => [`p${index}`, { type: "string", default: index }])),
    );
    expect(checkStrict(schema)).toHaveLength(1000);
  });

  it("a 10 MB enum", () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `${index}`.padStart(100, "v"));
    const reasons = checkStrict(root({ type: "string", enum: values }));
    expect(reasons.map((reason) => reason.keyword)).toEqual(["max_chars", "max_enum_values", "max_enum_chars"]);
  });

  it("never mutates its input", () => {
    const freeze = (value: unknown): unknown => {
      if (typeof value === "object" && value !== null) {
        Object.values(value).forEach(freeze);
        Object.freeze(value);
      }
      return value;
    };
    const schema = freeze(object({ a: { type: "array" }, b: { oneOf: [] } }, { $defs: { x: { type: "object" } } }));
    const before = JSON.stringify(schema);
    expect(checkStrict(schema).length).toBeGreaterThan(0);
    expect(JSON.stringify(schema)).toBe(before);
  });

  it("never throws, returns well-formed reasons and is deterministic, for any value", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withNullPrototype: true,
          withObjectString: true,
          withBoxedValues: true,
        }),
        (value) => {
          const reasons = checkStrict(value);
          expect(Array.isArray(reasons)).toBe(true);
          for (const reason of reasons) {
            expect(reason.path.every((segment) => typeof segment === "string" || typeof segment === "number")).toBe(
              true,
            );
            expect(typeof reason.keyword).toBe("string");
            expect(reason.message.length).toBeGreaterThan(0);
          }
          expect(checkStrict(value)).toEqual(reasons);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("never throws on schema-shaped values", () => {
    const keyword = fc.constantFrom(
      "type",
      "properties",
      "required",
      "additionalProperties",
      "items",
      "enum",
      "const",
      "anyOf",
      "$ref",
      "$defs",
      "format",
      "__proto__",
    );
    const { schema } = fc.letrec((tie) => ({
      schema: fc.oneof({ depthSize: "small" }, fc.jsonValue(), fc.dictionary(keyword, tie("value"), { maxKeys: 5 })),
      value: fc.oneof(
        tie("schema"),
        fc.array(tie("schema"), { maxLength: 3 }),
        fc.constantFrom("object", "array", "string", "#", "#/$defs/a", ["string", "null"]),
      ),
    }));
    fc.assert(
      fc.property(schema, (value) => {
        expect(Array.isArray(checkStrict(value))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
