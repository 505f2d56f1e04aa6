// Every tool of the real corpus converts to a schema that checkStrict and ajv
// accept, or fails with a path that exists in its input and a keyword from the
// seed's list; the failures are pinned in __fixtures__, both ways, and every
// output (schema, null paths, relaxations or error) is pinned byte for byte in
// __fixtures__/corpus-snapshot.json, and with encode in corpus-snapshot-encoded.json
// (`pnpm vitest run -u` rewrites them; review the diff). For the other targets,
// with encode (as the stack converts), every output passes that target's
// checker and compiles, and the failures are pinned both ways in
// corpus-expected-failures-targets.json.
import { readFileSync, readdirSync } from "node:fs";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import expectedFailures from "./__fixtures__/corpus-expected-failures.json";
import expectedEncodedFailures from "./__fixtures__/corpus-expected-failures-encoded.json";
import expectedTargetFailures from "./__fixtures__/corpus-expected-failures-targets.json";
import { openApiToJsonSchema } from "./__fixtures__/openapi-to-json-schema";
import { checkStrict } from "./check-strict";
import { strictSchema } from "./strict-schema";
import { ITEMS, type NullPath, type SchemaPath, type StrictResult } from "./types";

const corpus = new URL("../../../corpus/", import.meta.url);
const tools = readdirSync(corpus)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .flatMap((file) => {
    const { tools: list } = JSON.parse(readFileSync(new URL(file, corpus), "utf8")) as {
      tools: { name: string; inputSchema: unknown }[];
    };
    return list.map((tool) => ({ server: file.slice(0, -".json".length), tool: tool.name, schema: tool.inputSchema }));
  });

/** The seed's unsupported keywords, the structural ones it names (and `required`, `$id`), and the limits. */
const REASONS = new Set(
  (
    "allOf not oneOf if then else dependentRequired dependentSchemas dependencies patternProperties " +
    "unevaluatedProperties unevaluatedItems propertyNames prefixItems contains minContains maxContains $dynamicRef " +
    "$recursiveRef additionalProperties items type $ref anyOf required $id max_properties max_depth max_chars " +
    "max_enum_values max_enum_chars"
  ).split(" "),
);

const exists = (schema: unknown, path: SchemaPath): boolean => {
  let node = schema;
  for (const segment of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return true;
};

/** The subschemas at an instance path (through `anyOf` branches and local `$ref`s). */
const reach = (root: unknown, node: unknown, path: NullPath): unknown[] => {
  if (typeof node !== "object" || node === null) return [];
  const schema = node as Record<string, unknown>;
  if (typeof schema.$ref === "string") {
    const [, keyword, name] = schema.$ref.split("/");
    return reach(root, (root as Record<string, Record<string, unknown>>)[keyword as string]?.[name as string], path);
  }
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap((branch: unknown) => reach(root, branch, path));
  const [segment, ...rest] = path;
  if (path.length === 0) return [schema];
  const child =
    segment === ITEMS ? schema.items : (schema.properties as Record<string, unknown> | undefined)?.[segment as string];
  return reach(root, child, rest);
};

/** Whether some schema at `path` takes `null` by its `type` (as strict mode's nullable forms do). */
const nullableAt = (root: unknown, schema: unknown, path: NullPath): boolean =>
  reach(root, schema, path.slice(0, -1)).some((parent) => {
    const property = (parent as { properties?: Record<string, unknown> }).properties?.[path.at(-1) as string];
    const leaves = reach(root, property, []);
    return leaves.some((leaf) => {
      const { type } = leaf as { type?: unknown };
      return type === "null" || (Array.isArray(type) && type.includes("null"));
    });
  });

const results = tools.map((entry) => ({ ...entry, result: strictSchema(entry.schema) }));

/**
 * What the snapshots pin of a result: the schema, null paths, relaxations (and encodings, with encode), or the
 * error's path, keyword and message. The rest of a result (the plan, the budget, what was described or rewritten)
 * is checked beside them.
 */
const pinned = (result: StrictResult, encode: boolean): unknown => {
  if (!result.ok)
    return {
      ok: false,
      error: { path: result.error.path, keyword: result.error.keyword, message: result.error.message },
    };
  const { schema, nullPaths, relaxations, encodings } = result;
  return encode
    ? { ok: true, schema, nullPaths, relaxations, encodings }
    : { ok: true, schema, nullPaths, relaxations };
};

describe("the corpus", () => {
  it("reads all 16 servers", () => {
    expect(new Set(tools.map((entry) => entry.server)).size).toBe(16);
    expect(tools.length).toBeGreaterThanOrEqual(330);
  });

  it("converts each tool to a schema that checkStrict and ajv accept", () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    for (const { server, tool, schema, result } of results) {
      if (!result.ok) continue;
      expect(checkStrict(result.schema), `${server}/${tool}`).toEqual([]);
      expect(() => ajv.compile(result.schema), `${server}/${tool}`).not.toThrow();
      for (const nullPath of result.nullPaths) {
        expect(nullPath.length, `${server}/${tool}`).toBeGreaterThan(0);
        // The null stripNulls removes is one the strict schema accepts there, and one the input did not.
        expect(
          nullableAt(result.schema, result.schema, nullPath),
          `${server}/${tool} ${JSON.stringify(nullPath)}`,
        ).toBe(true);
        expect(nullableAt(schema, schema, nullPath), `${server}/${tool} ${JSON.stringify(nullPath)} in the input`).toBe(
          false,
        );
      }
    }
  });

  it("fails only with a path that exists in the input and a keyword from the seed's list", () => {
    for (const { server, tool, schema, result } of results) {
      if (result.ok) continue;
      expect(exists(schema, result.error.path), `${server}/${tool} ${JSON.stringify(result.error.path)}`).toBe(true);
      expect(REASONS.has(result.error.keyword), `${server}/${tool} ${result.error.keyword}`).toBe(true);
    }
  });

  it("gives exactly the outputs pinned in __fixtures__/corpus-snapshot.json", async () => {
    const lines = results.map(({ server, tool, result }) =>
      JSON.stringify({ server, tool, result: pinned(result, false) }),
    );
    await expect(`[\n${lines.join(",\n")}\n]\n`).toMatchFileSnapshot("./__fixtures__/corpus-snapshot.json");
  });

  it("fails exactly for the tools listed in __fixtures__/corpus-expected-failures.json", () => {
    const failures = results.flatMap(({ server, tool, result }) =>
      result.ok ? [] : [{ server, tool, path: result.error.path, keyword: result.error.keyword }],
    );
    expect(failures).toEqual(expectedFailures);
  });
});

describe("the corpus, with encode", () => {
  const encoded = tools.map((entry) => ({ ...entry, result: strictSchema(entry.schema, { encode: true }) }));

  it("converts at least 97 % of the tools, each to a schema that checkStrict and ajv accept", () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    const converted = encoded.filter(({ result }) => result.ok);
    expect(converted.length / tools.length).toBeGreaterThanOrEqual(0.97);
    for (const { server, tool, result } of converted) {
      if (!result.ok) continue;
      expect(checkStrict(result.schema), `${server}/${tool}`).toEqual([]);
      expect(() => ajv.compile(result.schema), `${server}/${tool}`).not.toThrow();
    }
  });

  it("leaves a tool that converts without encode as it was, and encodes only what failed", () => {
    for (const [index, { result }] of results.entries()) {
      const withEncode = encoded[index]?.result;
      if (result.ok) expect(withEncode).toEqual(result);
      else if (withEncode?.ok === true) expect(withEncode.encodings?.length).toBeGreaterThan(0);
    }
  });

  it("gives exactly the outputs pinned in __fixtures__/corpus-snapshot-encoded.json", async () => {
    const lines = encoded.map(({ server, tool, result }) =>
      JSON.stringify({ server, tool, result: pinned(result, true) }),
    );
    await expect(`[\n${lines.join(",\n")}\n]\n`).toMatchFileSnapshot("./__fixtures__/corpus-snapshot-encoded.json");
  });

  it(
    "fails exactly for the tools listed in __fixtures__/corpus-expected-failures-encoded.json, at paths in the " +
      "input",
    () => {
      const failures = encoded.flatMap(({ server, tool, result }) =>
        result.ok ? [] : [{ server, tool, path: result.error.path, keyword: result.error.keyword }],
      );
      expect(failures).toEqual(expectedEncodedFailures);
      for (const { server, tool, schema, result } of encoded) {
        if (!result.ok) expect(exists(schema, result.error.path), `${server}/${tool}`).toBe(true);
      }
    },
  );
});

describe.each([
  ["anthropic", 0.97],
  ["gemini", 0.99],
  ["gemini-openapi", 0.97],
] as const)("the corpus for %s, with encode", (target, goal) => {
  const converted = tools.map((entry) => ({ ...entry, result: strictSchema(entry.schema, { target, encode: true }) }));

  it(`converts at least ${goal * 100} % of the tools, each to a schema its checker and ajv accept`, () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    expect(converted.filter(({ result }) => result.ok).length / tools.length).toBeGreaterThanOrEqual(goal);
    for (const { server, tool, result } of converted) {
      if (!result.ok) continue;
      expect(checkStrict(result.schema, { target }), `${server}/${tool}`).toEqual([]);
      const schema = target === "gemini-openapi" ? openApiToJsonSchema(result.schema) : result.schema;
      expect(() => ajv.compile(schema as object), `${server}/${tool}`).not.toThrow();
      // (only OpenAI makes properties nullable: the other targets leave optional ones out of required)
      expect(result.nullPaths, `${server}/${tool}`).toEqual([]);
    }
  });

  it("fails exactly for the tools pinned in corpus-expected-failures-targets.json, naming the target", () => {
    const failures = converted.flatMap(({ server, tool, result }) =>
      result.ok ? [] : [{ server, tool, path: result.error.path, keyword: result.error.keyword }],
    );
    expect(failures).toEqual(expectedTargetFailures[target]);
    for (const { server, tool, schema, result } of converted) {
      if (!result.ok)
        expect([exists(schema, result.error.path), result.error.target], `${server}/${tool}`).toEqual([true, target]);
    }
  });

  it("describes only what the target cannot express, at paths in the input", () => {
    for (const { server, tool, schema, result } of converted) {
      if (!result.ok) continue;
      for (const { path, keyword } of result.described) {
        expect([exists(schema, path), path.at(-1)], `${server}/${tool}`).toEqual([true, keyword]);
      }
    }
  });
});
