// The JSON-Schema-Test-Suite (draft 2020-12 and draft 7, vendored in __fixtures__) as an
// outside tester runs it: every group's schema, as the root when it is an object schema
// and otherwise as a required and as an optional property of an object root, converts or
// is refused with a path that exists in the input and a keyword. Every conversion passes
// checkStrict; every instance the suite marks valid, with its absent optional properties
// filled with null, is accepted by the strict schema (ajv, draft 2020-12), and stripNulls
// gives it back exactly, or keeps a null only where the input schema accepts it.
import { readFileSync, readdirSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { checkStrict } from "./check-strict";
import { strictSchema } from "./strict-schema";
import { stripNulls } from "./strip-nulls";
import type { SchemaPath } from "./types";

type Schema = { [key: string]: unknown };
interface Group {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly { readonly description: string; readonly data: unknown; readonly valid: boolean }[];
}

const suite = new URL("./__fixtures__/json-schema-test-suite/", import.meta.url);
const DRAFTS = ["draft2020-12", "draft7"] as const;
const groups = DRAFTS.flatMap((draft) =>
  readdirSync(new URL(`${draft}/`, suite))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((file) => (JSON.parse(readFileSync(new URL(`${draft}/${file}`, suite), "utf8")) as Group[]).map((group) => ({ draft, file, group }))),
);

const isObject = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The roots to convert for a group's schema: itself when it is an object schema, else an
 * object root holding it as `v`, required and optional. Its definitions move up with it (and
 * a `$ref` to `#`, the schema itself, to a definition of it), so every `$ref` means what it meant.
 */
const roots = (schema: unknown): { readonly as: "root" | "required" | "optional"; readonly root: unknown }[] => {
  if (isObject(schema) && schema.type === "object") return [{ as: "root", root: schema }];
  const text = JSON.stringify(schema).replaceAll('"$ref":"#"', '"$ref":"#/$defs/__self"');
  const inner = JSON.parse(text) as unknown;
  const definitions = isObject(inner) ? { $defs: { ...(inner.$defs as Schema), __self: inner }, definitions: inner.definitions } : {};
  return (["required", "optional"] as const).map((as) => ({
    as,
    root: { type: "object", properties: { v: inner }, required: as === "required" ? ["v"] : [], ...definitions },
  }));
};

const exists = (schema: unknown, path: SchemaPath): boolean => {
  let node = schema;
  for (const segment of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return true;
};

const typeOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value);

/** The output schema a `$ref` points to (strict mode's refs are local: `#`, `#/$defs/x`, `#/definitions/x`). */
const deref = (root: Schema, schema: Schema): Schema => {
  if (typeof schema.$ref !== "string") return schema;
  if (schema.$ref === "#") return root;
  const [, keyword, name] = schema.$ref.split("/");
  return deref(root, (root[keyword as string] as Schema)[decodeURIComponent(name as string).replaceAll("~1", "/").replaceAll("~0", "~")] as Schema);
};

/** Whether an output branch could hold `value` (its type, and for an object its property names). */
const fitsBranch = (root: Schema, branch: Schema, value: unknown): boolean => {
  const schema = deref(root, branch);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((inner) => fitsBranch(root, inner as Schema, value));
  if ("const" in schema) return JSON.stringify(schema.const) === JSON.stringify(value);
  if (Array.isArray(schema.enum) && !schema.enum.some((item) => JSON.stringify(item) === JSON.stringify(value))) return false;
  const types = [schema.type].flat();
  const type = typeOf(value);
  if (!(types.includes(type) || (type === "integer" && types.includes("number")) || schema.type === undefined)) return false;
  return type !== "object" || Object.keys(value as Schema).every((name) => Object.hasOwn((schema.properties as Schema | undefined) ?? {}, name));
};

/** `value` with every property the output requires and `value` lacks set to null, all the way down. */
const fill = (root: Schema, input: Schema, value: unknown): unknown => {
  const schema = deref(root, input);
  if (Array.isArray(schema.anyOf)) {
    const branch = (schema.anyOf as Schema[]).find((inner) => fitsBranch(root, inner, value)) ?? (schema.anyOf[0] as Schema);
    return fill(root, branch, value);
  }
  if (Array.isArray(value)) return isObject(schema.items) ? value.map((item) => fill(root, schema.items as Schema, item)) : value;
  if (!isObject(value) || !isObject(schema.properties)) return value;
  const properties = schema.properties;
  return Object.fromEntries(Object.keys(properties).map((name) => [name, Object.hasOwn(value, name) ? fill(root, properties[name] as Schema, value[name]) : null]));
};

const strict = addFormats(new Ajv2020({ strict: false, allErrors: false }));
const originals = { "draft2020-12": new Ajv2020({ strict: false, validateFormats: false }), draft7: new Ajv({ strict: false, validateFormats: false }) };
const compile = (ajv: Ajv | Ajv2020, schema: unknown): ValidateFunction => ajv.compile(schema as Schema);

const counts = { groups: groups.length, roots: 0, converted: 0, refused: new Map<string, number>(), instances: 0, exact: 0, keptNull: 0, invalidWrapped: 0 };

describe("the JSON-Schema-Test-Suite (draft 2020-12 and draft 7)", () => {
  it("every group's schema converts, or is refused with a path in the input and a keyword", () => {
    for (const { draft, file, group } of groups) {
      for (const { as, root } of roots(group.schema)) {
        const where = `${draft}/${file} "${group.description}" as ${as}`;
        counts.roots++;
        const result = strictSchema(root);
        if (!result.ok) {
          expect(exists(root, result.error.path), `${where}: ${JSON.stringify(result.error)}`).toBe(true);
          expect(result.error.keyword, where).toMatch(/^\$?[a-zA-Z_]+$/);
          counts.refused.set(result.error.keyword, (counts.refused.get(result.error.keyword) ?? 0) + 1);
          continue;
        }
        counts.converted++;
        expect(checkStrict(result.schema), where).toEqual([]);
        const validate = compile(strict, result.schema);
        const original = compile(originals[draft], root);
        for (const test of group.tests.filter((each) => each.valid)) {
          const value = as === "root" ? test.data : { v: test.data };
          // (valid for the group's schema but not as this wrapping would be a fault of the wrapping: counted, and pinned at 0)
          if (!original(value)) {
            counts.invalidWrapped++;
            continue;
          }
          counts.instances++;
          const filled = fill(result.schema, result.schema, value);
          expect(validate(filled), `${where} "${test.description}": ${JSON.stringify(filled)} ${JSON.stringify(validate.errors)}`).toBe(true);
          const stripped = stripNulls(filled, result.nullPaths);
          if (JSON.stringify(stripped) === JSON.stringify(value)) {
            counts.exact++;
            continue;
          }
          // A null kept where the input schema accepts it (an optional property that allowed null): valid as the server reads it.
          expect(original(stripped), `${where} "${test.description}": stripNulls gave ${JSON.stringify(stripped)}`).toBe(true);
          counts.keptNull++;
        }
      }
    }
    expect(counts.converted).toBeGreaterThan(100);
    expect(counts.instances).toBeGreaterThan(150);
  });

  it("reports its counts", () => {
    // The figures in the README; a change in them shows up here first.
    expect({ ...counts, refused: Object.fromEntries([...counts.refused].sort()) }).toMatchInlineSnapshot(`
      {
        "converted": 132,
        "exact": 194,
        "groups": 614,
        "instances": 194,
        "invalidWrapped": 0,
        "keptNull": 0,
        "refused": {
          "$dynamicRef": 4,
          "$id": 38,
          "$ref": 27,
          "allOf": 120,
          "anyOf": 4,
          "const": 24,
          "contains": 52,
          "dependencies": 14,
          "dependentRequired": 8,
          "dependentSchemas": 14,
          "else": 6,
          "enum": 26,
          "if": 50,
          "items": 14,
          "maxContains": 2,
          "minContains": 2,
          "not": 32,
          "oneOf": 42,
          "patternProperties": 35,
          "prefixItems": 46,
          "propertyNames": 28,
          "then": 10,
          "type": 402,
          "unevaluatedItems": 26,
          "unevaluatedProperties": 54,
        },
        "roots": 1212,
      }
    `);
  });
});
