// Round trips through the encodings: for generated schemas using every encoding
// and for every corpus tool, values the original schema accepts (generated, then
// validated with ajv) survive encodeArguments -> validation against the strict
// schema -> restoreArguments, exactly.
import { readFileSync, readdirSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valuesFromSchema } from "./__fixtures__/values-from-schema";
import { encodeArguments } from "./encode-arguments";
import { strictSchema } from "./strict-schema";
import { restoreArguments } from "./restore-arguments";

const strictEncoded = (schema: unknown) => strictSchema(schema, { encode: true });

const ajv = addFormats(new Ajv({ strict: false, validateFormats: true }));
/** Compiles with ajv's default draft; a root `$schema` naming another draft (2020-12 in the corpus) is left out. */
const compile = (schema: unknown): ValidateFunction | undefined => {
  try {
    const { $schema: _draft, ...rest } = schema as { $schema?: unknown };
    return ajv.compile(rest);
  } catch {
    return undefined;
  }
};

/** JSON text with keys sorted: equal for equal values whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "object" && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );

/** Runs the round trip for `runs` generated values of `schema`; returns how many were valid (and so checked). */
function roundTrips(schema: unknown, runs: number, seed: number): { checked: number } {
  const result = strictEncoded(schema);
  if (!result.ok) throw new Error(`does not convert: ${result.error.message}`);
  const original = compile(schema);
  const strict = compile(result.schema);
  expect(strict, "the strict schema compiles").toBeDefined();
  let checked = 0;
  expect(original, "the original schema compiles").toBeDefined();
  if (original === undefined || strict === undefined) return { checked };
  const plan = JSON.parse(JSON.stringify({ nullPaths: result.nullPaths, encodings: result.encodings })) as Parameters<typeof restoreArguments>[1];
  fc.assert(
    fc.property(valuesFromSchema(schema), (value) => {
      if (!original(value)) return; // (the generator aims at valid values; it does not always hit)
      checked += 1;
      const sent = encodeArguments(value, plan);
      const accepted = strict(sent);
      expect(accepted, `the strict schema accepts ${JSON.stringify(sent)?.slice(0, 300)}: ${ajv.errorsText(strict.errors)}`).toBe(true);
      const restored = restoreArguments(JSON.parse(JSON.stringify(sent)), plan);
      expect(restored.ok && canonical(restored.value)).toBe(canonical(value));
    }),
    { numRuns: runs, seed },
  );
  return { checked };
}

/** Schemas using every encoding, alone, nested and combined. */
const GENERATED: [string, unknown][] = [
  ["a typed map", { type: "object", properties: { headers: { type: "object", additionalProperties: { type: "string" } } }, required: ["headers"] }],
  [
    "a zod record with propertyNames",
    { type: "object", properties: { m: { type: "object", propertyNames: { type: "string", pattern: "^[a-z]+$" }, additionalProperties: { type: "integer" } } } },
  ],
  ["a map of maps of objects with optional properties", {
    type: "object",
    properties: { m: { type: "object", additionalProperties: { type: "object", additionalProperties: { type: "object", properties: { n: { type: "integer" }, note: { type: "string" } }, required: ["n"] } } } },
  }],
  ["a free-form map", { type: "object", properties: { filter: { type: "object" }, env: { type: "object", additionalProperties: true }, any: { type: "object", additionalProperties: {} } } }],
  ["a free-form value", { type: "object", properties: { data: {}, described: { description: "anything" }, listed: { type: "array", items: {} } }, required: ["data"] }],
  [
    "declared properties and an open rest (typed and free-form)",
    {
      type: "object",
      properties: {
        typed: { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: { type: "number" } },
        free: { type: "object", properties: { additional_properties: { type: "boolean" } }, additionalProperties: true },
      },
    },
  ],
  ["a root map", { type: "object", additionalProperties: { type: "string" } }],
  ["a root with an open rest", { type: "object", properties: { q: { type: "string" } }, required: ["q"], additionalProperties: true }],
  [
    "a free-form map beside a string (entries of JSON text)",
    { type: "object", properties: { p: { anyOf: [{ type: "object", additionalProperties: true }, { type: "string" }] } }, required: ["p"] },
  ],
  [
    "maps inside $defs used twice",
    {
      type: "object",
      properties: { a: { $ref: "#/$defs/labels" }, b: { type: "array", items: { $ref: "#/$defs/labels" } } },
      $defs: { labels: { type: "object", additionalProperties: { type: "string", enum: ["x", "y"] } } },
    },
  ],
  [
    "a $ref to a non-definition target, hoisted",
    { type: "object", properties: { a: { type: "object", properties: { file: { type: "string", minLength: 1 } }, required: ["file"] }, b: { $ref: "#/properties/a" } } },
  ],
];

describe("round trips", () => {
  it.each(GENERATED)("%s", (_name, schema) => {
    expect(roundTrips(schema, 100, 42).checked).toBeGreaterThan(50);
  });

  const corpus = new URL("../../../corpus/", import.meta.url);
  const tools = readdirSync(corpus)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((file) => (JSON.parse(readFileSync(new URL(file, corpus), "utf8")) as { tools: { name: string; inputSchema: unknown }[] }).tools.map((tool) => ({ file, ...tool })));

  it("every corpus tool that converts with encodings (50 values for each encoded tool, 10 for the others)", () => {
    let converted = 0;
    let encoded = 0;
    let checked = 0;
    for (const { file, name, inputSchema } of tools) {
      const result = strictEncoded(inputSchema);
      if (!result.ok) continue;
      converted += 1;
      if ((result.encodings ?? []).length > 0) encoded += 1;
      const count = roundTrips(inputSchema, (result.encodings ?? []).length > 0 ? 50 : 10, 7).checked;
      expect(count, `${file}/${name}: no generated value was valid`).toBeGreaterThan(0);
      checked += count;
    }
    expect(converted).toBeGreaterThanOrEqual(341); // 97 % of 352
    expect(encoded).toBeGreaterThanOrEqual(20);
    expect(checked).toBeGreaterThan(4000);
  });
});
