// The targets, rule by rule, from each provider's documented examples and
// refusals (the pages targets.ts cites). Every output is held against the
// target's own checker (check-strict.ts), which shares no rule code with the
// rewriter, and every plan against a round trip through restoreArguments.
import { describe, expect, it } from "vitest";
import { checkStrict } from "./check-strict";
import { encodeArguments } from "./encode-arguments";
import { fitRoot } from "./fit-root";
import { restoreArguments } from "./restore-arguments";
import { strictSchema } from "./strict-schema";
import type { StrictResult, StrictSchemaOptions, TargetName } from "./types";

type Schema = { [key: string]: unknown };
type Ok = Extract<StrictResult, { ok: true }>;

/** The conversion for `target`, asserting success and that the target's checker accepts it. */
const ok = (target: TargetName, schema: unknown, options?: StrictSchemaOptions): Ok => {
  const result = strictSchema(schema, { ...options, target });
  if (!result.ok) throw new Error(`expected a conversion, got ${JSON.stringify(result.error)}`);
  expect(checkStrict(result.schema, { target })).toEqual([]);
  return result;
};
/** The refusal for `target`, asserting it names the target. */
const refused = (target: TargetName, schema: unknown, options?: StrictSchemaOptions) => {
  const result = strictSchema(schema, { ...options, target });
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.schema)}`);
  expect(result.error.target).toBe(target);
  expect(result.error.message).toMatch(/^At #\S*: ./);
  return result.error;
};
/** A root object with one property `p`, required unless said otherwise. */
const root = (p: unknown, required = true): Schema => ({
  type: "object",
  properties: { p },
  ...(required ? { required: ["p"] } : {}),
});
const prop = (result: Ok): unknown => (result.schema.properties as Schema).p;

describe("anthropic (strict tool use)", () => {
  // https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use: the page's example
  const weather = {
    type: "object",
    properties: {
      location: { type: "string", description: "The city and state, e.g. San Francisco, CA" },
      unit: { type: "string", enum: ["celsius", "fahrenheit"] },
    },
    required: ["location"],
    additionalProperties: false,
  };

  it("sends the documented example as it is: an optional property stays optional", () => {
    const result = ok("anthropic", weather);
    expect(result.schema).toEqual(weather);
    expect([result.nullPaths, result.budget]).toEqual([[], { optionalParameters: 1, unionParameters: 0 }]);
  });

  it.each<[string, Schema, Schema, string[]]>([
    [
      "minimum and maximum",
      { type: "integer", minimum: 1, maximum: 100 },
      { type: "integer" },
      ["at least 1", "at most 100"],
    ],
    [
      "exclusive bounds",
      { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
      { type: "number" },
      ["more than 0", "less than 1"],
    ],
    ["multipleOf", { type: "number", multipleOf: 0.5 }, { type: "number" }, ["a multiple of 0.5"]],
    [
      "minLength and maxLength",
      { type: "string", minLength: 1, maxLength: 64 },
      { type: "string" },
      ["at least 1 character", "at most 64 characters"],
    ],
    [
      "minItems above 1 and maxItems",
      { type: "array", items: { type: "string" }, minItems: 2, maxItems: 5 },
      { type: "array", items: { type: "string" } },
      ["at least 2 items", "at most 5 items"],
    ],
    [
      "uniqueItems",
      { type: "array", items: { type: "string" }, uniqueItems: true },
      { type: "array", items: { type: "string" } },
      ["no item twice"],
    ],
    ["a format outside its list", { type: "string", format: "iri" }, { type: "string" }, ['in the "iri" format']],
    [
      "a pattern with a lookahead",
      { type: "string", pattern: "^(?=.*\\d).+$" },
      { type: "string" },
      ["matching the regular expression ^(?=.*\\d).+$"],
    ],
    [
      "a pattern with a backreference",
      { type: "string", pattern: "^(a)\\1$" },
      { type: "string" },
      ["matching the regular expression ^(a)\\1$"],
    ],
    [
      "a pattern with a word boundary",
      { type: "string", pattern: "\\bword\\b" },
      { type: "string" },
      ["matching the regular expression \\bword\\b"],
    ],
  ])("describes what the API refuses: %s", (_name, input, output, words) => {
    const result = ok("anthropic", root({ ...input, description: "Page size" }));
    expect(prop(result)).toEqual({
      ...output,
      description: `Page size. ${words.join(", ").replace(/^./, (c) => c.toUpperCase())}.`,
    });
    expect(result.described.map((each) => each.text)).toEqual(words);
    expect(result.described.every((each) => each.path[0] === "properties")).toBe(true);
  });

  it.each<[string, Schema]>([
    ["minItems 0 and 1", { type: "array", items: { type: "string" }, minItems: 1 }],
    ["a simple pattern", { type: "string", pattern: "^[a-z]{1,64}(-[a-z]+)*$" }],
    ["each of the ten formats", { type: "string", format: "uri" }],
    ["a const", { const: "fixed" }],
    ["an enum of primitives", { enum: ["a", 1, true, null] }],
  ])("keeps what the page lists: %s", (_name, input) => {
    expect(prop(ok("anthropic", root(input)))).toEqual(input);
  });

  it("keeps every documented format", () => {
    for (const format of "date-time time date duration email hostname uri ipv4 ipv6 uuid".split(" ")) {
      expect(prop(ok("anthropic", root({ type: "string", format })))).toEqual({ type: "string", format });
    }
  });

  it("closes every object and refuses an open map (encoded with encode)", () => {
    const map = root({ type: "object", additionalProperties: { type: "string" } });
    expect(refused("anthropic", map)).toMatchObject({ path: ["properties", "p"], keyword: "additionalProperties" });
    expect(refused("anthropic", map).message).toContain("pass { encode: true }");
    expect(ok("anthropic", map, { encode: true }).encodings).toEqual([{ kind: "entries", path: ["p"] }]);
  });

  it("refuses what the page lists as unsupported and cannot be carried: complex enums, external $refs", () => {
    expect(refused("anthropic", root({ enum: [{ a: 1 }] }))).toMatchObject({ keyword: "enum" });
    expect(refused("anthropic", root({ $ref: "http://example.com/s.json" }))).toMatchObject({ keyword: "$ref" });
  });

  it("keeps a $ref that is not recursive, and unrolls one that is to recursionDepth, cut into JSON text", () => {
    const tree = {
      type: "object",
      properties: { root: { $ref: "#/$defs/node" }, tag: { $ref: "#/$defs/tag" } },
      required: ["root"],
      $defs: {
        node: {
          type: "object",
          properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
          required: ["name"],
        },
        tag: { type: "string", enum: ["a", "b"] },
      },
    };
    const result = ok("anthropic", tree, { recursionDepth: 2 });
    expect(result.schema.$defs).toEqual({ tag: { type: "string", enum: ["a", "b"] } });
    expect((result.schema.properties as Schema).tag).toEqual({ $ref: "#/$defs/tag" });
    expect(result.encodings).toEqual([
      { kind: "json-text", path: ["root", "children", null, "children", null], parsesTo: "object" },
    ]);
    expect(result.rewrites.map((rewrite) => rewrite.kind)).toEqual(["ref-inlined", "ref-inlined", "recursion-cut"]);
    const value = { root: { name: "a", children: [{ name: "b", children: [{ name: "c", children: [] }] }] } };
    const sent = encodeArguments(value, result.plan);
    expect(sent).toEqual({
      root: { name: "a", children: [{ name: "b", children: ['{"name":"c","children":[]}'] }] },
    });
    expect(restoreArguments(sent, result.plan)).toEqual({ ok: true, value });
    expect(ok("anthropic", tree, { recursionDepth: 0 }).encodings).toEqual([
      { kind: "json-text", path: ["root"], parsesTo: "object" },
    ]);
  });

  it("counts the budget as Anthropic does: optional parameters and anyOf or type lists, at every level", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: ["string", "null"] },
        b: { anyOf: [{ type: "string" }, { type: "integer" }] },
        c: { type: "object", properties: { d: { type: "string" }, e: { type: ["integer", "null"] } }, required: ["d"] },
      },
      required: ["a"],
    };
    expect(ok("anthropic", schema).budget).toEqual({ optionalParameters: 3, unionParameters: 3 });
  });

  it("refuses a root combinator, and fitRoot wraps it for a tool sent without strict mode", () => {
    const schema = { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }] };
    expect(refused("anthropic", schema)).toMatchObject({ path: [], keyword: "anyOf" });
    const fitted = fitRoot(schema, { target: "anthropic" });
    if (!fitted.ok) throw new Error(fitted.error.message);
    expect(fitted.schema).toEqual({ type: "object", properties: { value: schema }, required: ["value"] });
    expect(restoreArguments({ value: "x" }, fitted.plan)).toEqual({ ok: true, value: "x" });
    expect(encodeArguments("x", fitted.plan)).toEqual({ value: "x" });
  });
});

describe("gemini (parametersJsonSchema)", () => {
  // https://ai.google.dev/gemini-api/docs/function-calling: the documented parametersJsonSchema
  const person = {
    type: "object",
    properties: { name: { type: "string" }, age: { type: "integer" } },
    additionalProperties: false,
    required: ["name", "age"],
    propertyOrdering: ["name", "age"],
  };

  it("sends the documented example as it is", () => {
    expect(ok("gemini", person).schema).toEqual(person);
  });

  it("keeps maps, free-form values, type lists with null and the documented bounds", () => {
    const schema = {
      type: "object",
      properties: {
        labels: { type: "object", additionalProperties: { type: "string" } },
        data: { description: "anything" },
        note: { type: ["string", "null"] },
        count: { type: "integer", minimum: 1, maximum: 9 },
        tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
        when: { type: "string", format: "date-time" },
      },
      required: ["labels"],
    };
    const result = ok("gemini", schema);
    expect(result.schema).toEqual(schema);
    expect([result.encodings, result.described]).toEqual([[], []]);
  });

  it("spells out every $ref (the API refuses a $ref beside other keywords, and $defs it does not resolve)", () => {
    const schema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/x", description: "Here." }, b: { $ref: "#/$defs/x" } },
      $defs: { x: { type: "string", description: "There." } },
    };
    const result = ok("gemini", schema);
    expect(result.schema).toEqual({
      type: "object",
      properties: { a: { type: "string", description: "Here." }, b: { type: "string", description: "There." } },
    });
    expect(result.rewrites).toEqual([
      { kind: "ref-inlined", path: ["properties", "a"] },
      { kind: "ref-inlined", path: ["properties", "b"] },
    ]);
  });

  it("describes what it ignores, reads const as a one-value enum, and drops $schema", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        code: { type: "string", minLength: 2, pattern: "^[A-Z]+$" },
        kind: { const: "fixed" },
        keys: { type: "object", propertyNames: { pattern: "^[a-z]+$" }, additionalProperties: true },
      },
    };
    const result = ok("gemini", schema);
    expect(result.schema).toEqual({
      type: "object",
      properties: {
        code: { type: "string", description: "At least 2 characters, matching the regular expression ^[A-Z]+$." },
        kind: { enum: ["fixed"] },
        keys: {
          type: "object",
          additionalProperties: true,
          description: "Property names matching the regular expression ^[a-z]+$.",
        },
      },
    });
  });
});

describe("gemini-openapi (parameters)", () => {
  it("writes the documented example: one upper-case type per schema, optional properties left out of required", () => {
    // https://ai.google.dev/api/caching#FunctionDeclaration: "type: OBJECT properties: param1: type: STRING
    // param2: type: INTEGER required: - param1"
    const schema = {
      type: "object",
      properties: { param1: { type: "string" }, param2: { type: "integer" } },
      required: ["param1"],
    };
    expect(ok("gemini-openapi", schema).schema).toEqual({
      type: "OBJECT",
      properties: { param1: { type: "STRING" }, param2: { type: "INTEGER" } },
      required: ["param1"],
    });
  });

  it("sends a non-string enum as strings and restores the original values (js-genai's apartment numbers)", () => {
    const result = ok("gemini-openapi", root({ type: "integer", enum: [101, 201, 301] }));
    expect(prop(result)).toEqual({ type: "STRING", enum: ["101", "201", "301"] });
    expect(result.encodings).toEqual([{ kind: "enum-text", path: ["p"], values: [101, 201, 301] }]);
    expect(encodeArguments({ p: 201 }, result.plan)).toEqual({ p: "201" });
    expect(restoreArguments({ p: "201" }, result.plan)).toEqual({ ok: true, value: { p: 201 } });
  });

  it.each<[string, unknown, Schema]>([
    ["a type list with null", { type: ["string", "null"] }, { type: "STRING", nullable: true }],
    [
      "a null union",
      { anyOf: [{ type: "integer" }, { type: "null" }], description: "n" },
      { type: "INTEGER", description: "n", nullable: true },
    ],
    [
      "a type list, split by type",
      { type: ["string", "integer"], minLength: 1, minimum: 0, description: "d" },
      {
        anyOf: [
          { type: "STRING", minLength: 1 },
          { type: "INTEGER", minimum: 0 },
        ],
        description: "d",
      },
    ],
    ["a const", { const: "x" }, { type: "STRING", enum: ["x"] }],
    ["an enum with null", { enum: ["a", null] }, { type: "STRING", enum: ["a"], nullable: true }],
    ["OpenAPI's own nullable", { type: "string", nullable: true }, { type: "STRING", nullable: true }],
    ["a format it takes", { type: "string", format: "date-time" }, { type: "STRING", format: "date-time" }],
    ["a format it does not", { type: "string", format: "uuid" }, { type: "STRING", description: "A UUID." }],
    ["an exclusive bound", { type: "number", exclusiveMinimum: 0 }, { type: "NUMBER", description: "More than 0." }],
  ])("writes %s in its words", (_name, input, output) => {
    expect(prop(ok("gemini-openapi", root(input)))).toEqual(output);
  });

  it("spells out $refs, and has no additionalProperties: maps need encode", () => {
    const schema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/a" }, m: { type: "object", additionalProperties: { type: "integer" } } },
      $defs: { a: { type: "boolean" } },
    };
    expect(refused("gemini-openapi", schema)).toMatchObject({ keyword: "additionalProperties" });
    const result = ok("gemini-openapi", schema, { encode: true });
    expect((result.schema.properties as Schema).a).toEqual({ type: "BOOLEAN" });
    expect(result.schema.$defs).toBeUndefined();
    expect(result.encodings).toEqual([{ kind: "entries", path: ["m"] }]);
  });

  it("refuses an enum whose values read the same as text, and an object without properties below the root", () => {
    expect(refused("gemini-openapi", root({ enum: [1, "1"] }))).toMatchObject({ keyword: "enum" });
    expect(
      refused("gemini-openapi", root({ type: "object", properties: {}, additionalProperties: false })),
    ).toMatchObject({ path: ["properties", "p"], keyword: "properties" });
  });

  it("refuses a recursion cut inside a map it keeps as one (for gemini, which keeps maps)", () => {
    const schema = {
      type: "object",
      properties: { m: { type: "object", additionalProperties: { $ref: "#/$defs/n" } } },
      $defs: { n: { type: "object", properties: { next: { $ref: "#/$defs/n" } } } },
    };
    expect(refused("gemini", schema, { recursionDepth: 1 })).toMatchObject({ keyword: "additionalProperties" });
  });
});

describe("every target", () => {
  it("refuses an unknown target by name, and errors name their target", () => {
    expect(strictSchema({ type: "object" }, { target: "claude" as TargetName })).toMatchObject({
      ok: false,
      error: { path: [], keyword: "target" },
    });
    for (const target of ["openai", "anthropic", "gemini", "gemini-openapi"] as const) {
      expect(refused(target, root({ oneOf: [{ type: "string" }] }))).toMatchObject({ keyword: "oneOf", target });
    }
  });

  it("fitRoot wraps a root that is not an object, merges a root allOf for Anthropic, and passes the rest", () => {
    expect(fitRoot({ type: "string" })).toEqual({
      ok: true,
      schema: { type: "object", properties: { value: { type: "string" } }, required: ["value"] },
      plan: { nullPaths: [], encodings: [{ kind: "wrap", path: [], property: "value" }] },
    });
    const allOf = {
      allOf: [
        { type: "object", properties: { a: { type: "string" } } },
        { type: "object", properties: { b: { type: "string" } }, required: ["b"] },
      ],
    };
    expect(fitRoot(allOf, { target: "anthropic" })).toMatchObject({
      ok: true,
      schema: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required: ["b"] },
      plan: { nullPaths: [], encodings: [] },
    });
    const typed = { type: "object", ...allOf };
    expect(fitRoot(typed, { target: "openai" })).toEqual({
      ok: true,
      schema: typed,
      plan: { nullPaths: [], encodings: [] },
    });
    expect(fitRoot({ anyOf: [{ $ref: "#" }] }, { target: "anthropic" })).toMatchObject({
      ok: false,
      error: { keyword: "$ref", target: "anthropic" },
    });
  });
});

describe("gemini-openapi enums as text inside an anyOf", () => {
  it("refuses one beside a branch that may be a string, and restores one beside an object", () => {
    const beside = (other: unknown) => root({ anyOf: [{ type: "integer", enum: [1, 2] }, other] });
    expect(refused("gemini-openapi", beside({ type: "string" }))).toMatchObject({ keyword: "anyOf" });
    expect(refused("gemini-openapi", beside({ enum: [3] }))).toMatchObject({ keyword: "anyOf" });
    const result = ok("gemini-openapi", beside({ type: "object", properties: { a: { type: "string" } } }));
    expect(restoreArguments({ p: "2" }, result.plan)).toEqual({ ok: true, value: { p: 2 } });
    expect(restoreArguments({ p: { a: "2" } }, result.plan)).toEqual({ ok: true, value: { p: { a: "2" } } });
  });
});
