// checkStrict for each target, from the providers' documented examples (accepted
// as they are) and documented refusals (each named by path and keyword).
import { describe, expect, it } from "vitest";
import { checkStrict } from "./check-strict";
import type { TargetName } from "./types";

type Schema = { [key: string]: unknown };

/** A closed root with one property `p`, required. */
const root = (p: unknown, closed = true): Schema => ({
  type: "object",
  properties: { p },
  required: ["p"],
  ...(closed ? { additionalProperties: false } : {}),
});
const keywords = (target: TargetName, schema: unknown) =>
  checkStrict(schema, { target }).map((reason) => [reason.path, reason.keyword]);

describe("checkStrict for anthropic", () => {
  it("accepts the strict tool use page's example, an optional property included", () => {
    const schema = {
      type: "object",
      properties: { location: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
      required: ["location"],
      additionalProperties: false,
    };
    expect(checkStrict(schema, { target: "anthropic" })).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ["a numerical constraint", { type: "integer", minimum: 1 }, "minimum"],
    ["multipleOf", { type: "number", multipleOf: 2 }, "multipleOf"],
    ["a string constraint", { type: "string", maxLength: 5 }, "maxLength"],
    ["minItems above 1", { type: "array", items: { type: "string" }, minItems: 2 }, "minItems"],
    ["maxItems", { type: "array", items: { type: "string" }, maxItems: 2 }, "maxItems"],
    ["a format outside the list", { type: "string", format: "iri" }, "format"],
    ["a pattern with a lookbehind", { type: "string", pattern: "(?<=a)b" }, "pattern"],
    ["a pattern with a large count", { type: "string", pattern: "^a{1,5000}$" }, "pattern"],
    [
      "an open map",
      { type: "object", properties: {}, additionalProperties: { type: "string" } },
      "additionalProperties",
    ],
  ])("refuses %s (JSON Schema limitations)", (_name, p, keyword) => {
    expect(keywords("anthropic", root(p))).toContainEqual([expect.arrayContaining(["properties", "p"]), keyword]);
  });

  it("refuses a recursive schema at the definition, and a root combinator", () => {
    const schema = {
      ...root({ $ref: "#/$defs/node" }),
      $defs: {
        node: {
          type: "object",
          properties: { next: { $ref: "#/$defs/node" } },
          required: [],
          additionalProperties: false,
        },
      },
    };
    expect(keywords("anthropic", schema)).toEqual([[["$defs", "node"], "$ref"]]);
    expect(keywords("anthropic", { ...root({ type: "string" }), allOf: [] })).toContainEqual([[], "allOf"]);
  });
});

describe("checkStrict for gemini", () => {
  it("accepts the documented parametersJsonSchema, maps and type lists with null", () => {
    const schema = {
      type: "object",
      properties: {
        name: { type: "string" },
        age: { type: "integer" },
        labels: { type: "object", additionalProperties: { type: "string" } },
        note: { type: ["string", "null"] },
      },
      additionalProperties: false,
      required: ["name", "age"],
      propertyOrdering: ["name", "age"],
    };
    expect(checkStrict(schema, { target: "gemini" })).toEqual([]);
  });

  it("refuses a $ref beside anything but description and default, and a $ref that does not resolve", () => {
    const schema = {
      type: "object",
      properties: {
        a: { $ref: "#/$defs/x", description: "fine", default: "fine" },
        b: { $ref: "#/$defs/x", type: "string" },
        c: { $ref: "#/$defs/missing" },
      },
      $defs: { x: { type: "string" } },
    };
    expect(keywords("gemini", schema)).toEqual([
      [["properties", "b", "$ref"], "$ref"],
      [["properties", "c", "$ref"], "$ref"],
    ]);
  });

  it("names keywords outside the documented subset (Gemini ignores them)", () => {
    expect(keywords("gemini", root({ type: "string", minLength: 1 }, false))).toEqual([
      [["properties", "p"], "minLength"],
    ]);
  });
});

describe("checkStrict for gemini-openapi", () => {
  it("accepts the documented form: upper-case types, nullable, enums of strings", () => {
    const schema = {
      type: "OBJECT",
      properties: {
        param1: { type: "STRING", nullable: true },
        param2: { type: "INTEGER", format: "enum", enum: ["101", "201"] },
        param3: { anyOf: [{ type: "STRING" }, { type: "NUMBER" }] },
      },
      required: ["param1"],
    };
    expect(checkStrict(schema, { target: "gemini-openapi" })).toEqual([]);
  });

  it.each<[string, Schema, string]>([
    [
      "additionalProperties",
      { type: "OBJECT", properties: { a: { type: "STRING" } }, additionalProperties: false },
      "additionalProperties",
    ],
    ["$schema", { type: "OBJECT", properties: { a: { type: "STRING" } }, $schema: "x" }, "$schema"],
    ["a type list", { type: "OBJECT", properties: { a: { type: ["STRING", "NULL"] } } }, "type"],
    ["a JSON Schema type name", { type: "OBJECT", properties: { a: { type: "string" } } }, "type"],
    ["a const", { type: "OBJECT", properties: { a: { type: "STRING", const: "x" } } }, "const"],
    ["an enum of numbers", { type: "OBJECT", properties: { a: { type: "INTEGER", enum: [1] } } }, "enum"],
    ["a $ref", { type: "OBJECT", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "STRING" } } }, "$ref"],
    ["an OBJECT without properties", { type: "OBJECT", properties: { a: { type: "OBJECT" } } }, "properties"],
  ])("refuses %s (not a field of its Schema, or the API's answer)", (_name, schema, keyword) => {
    expect(keywords("gemini-openapi", schema).map(([, each]) => each)).toContain(keyword);
  });
});

it("refuses an unknown target by name", () => {
  expect(checkStrict({}, { target: "claude" as TargetName })).toEqual([
    { path: [], keyword: "target", message: expect.stringContaining("options.target must be") as string },
  ]);
});
