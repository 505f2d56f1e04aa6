import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildToolset } from "./build-toolset";
import type { BuildToolsetOptions, BuiltToolset } from "./build-toolset";
import { sanitizeDescription } from "./sanitize-description";

// Names built from pieces that collide on purpose: separators inside names,
// characters that are replaced, long runs that need shortening.
const piece = fc.constantFrom("a", "b", "_", "__", "-", ".", " ", "é", "😀", "\uD800", "search", "x".repeat(31));
const name = fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(""));
const schema = { type: "object", properties: { q: { type: "string" } } };
const entry = fc.oneof(
  { weight: 8, arbitrary: name.map((toolName) => ({ name: toolName, inputSchema: schema })) },
  { weight: 1, arbitrary: name.map((toolName) => ({ name: toolName, description: "other", inputSchema: schema })) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, { name: "" }, { name: "no_schema" }, "tool") },
);
const server = fc.oneof(fc.constantFrom("a", "a_", "a__b", "b", "web", "a b", "a.b", "", "s".repeat(58)), name);
const sourcesArb = fc.uniqueArray(fc.tuple(server, fc.array(entry, { maxLength: 6 })), {
  selector: ([serverName]) => serverName,
  maxLength: 5,
});
const optionsArb = fc.record({ prefix: fc.boolean(), separator: fc.constantFrom("__", "_", "-", "") });

/** A deterministic shuffle driven by `seed` (a small LCG: enough to reorder, not for anything else). */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed >>> 0;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** What must not depend on order: the entries, the renames, and what was dropped (indexes aside). */
function orderFree({ toolset, report }: BuiltToolset): unknown {
  return {
    entries: toolset.entries,
    renamed: report.renamed,
    dropped: report.dropped.map((row) => `${row.server}\u0000${row.toolName}\u0000${row.reason}`).sort(),
  };
}

const plainName = (serverName: string, toolName: string, options: BuildToolsetOptions): string =>
  (options.prefix === false ? toolName : `${serverName}${options.separator ?? "__"}${toolName}`).replace(
    /[^A-Za-z0-9_-]/gu,
    "_",
  );

describe("buildToolset: properties", () => {
  it("gives valid, unique names, resolvable to their entries", () => {
    fc.assert(
      fc.property(sourcesArb, optionsArb, (sources, options) => {
        const { toolset } = buildToolset(sources, options);
        const names = toolset.entries.map((e) => e.name);
        expect(names.filter((n) => !/^[A-Za-z0-9_-]{1,64}$/.test(n))).toEqual([]);
        expect(new Set(names).size).toBe(names.length);
        for (const e of toolset.entries) expect(toolset.resolve(e.name)).toBe(e);
      }),
      { numRuns: 300 },
    );
  });

  it("is the same for any order of servers and of tools, and for either form of sources", () => {
    fc.assert(
      fc.property(sourcesArb, optionsArb, fc.integer(), (sources, options, seed) => {
        const reordered = shuffle(sources, seed).map(([s, tools], i) => [s, shuffle(tools, seed + i + 1)] as const);
        const expected = orderFree(buildToolset(sources, options));
        expect(orderFree(buildToolset(reordered, options))).toEqual(expected);
        expect(orderFree(buildToolset(Object.fromEntries(reordered), options))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it("loses no usable tool, and a tool keeps its readable name only when no other tool wanted it", () => {
    fc.assert(
      fc.property(sourcesArb, optionsArb, (sources, options) => {
        const { toolset, report } = buildToolset(sources, options);
        const wanted = new Map<string, number>();
        const usable: string[] = [];
        for (const [s, tools] of sources) {
          const byName = new Map<string, string[]>();
          for (const t of tools) {
            const toolName = (t as { name?: unknown } | null)?.name;
            if (typeof toolName !== "string" || toolName === "") continue;
            byName.set(toolName, [...(byName.get(toolName) ?? []), JSON.stringify(t)]);
          }
          for (const [toolName, copies] of byName) {
            // Usable: a schema, and no copy that differs (identical copies are one tool).
            if (!copies.every((copy) => copy === copies[0]) || !copies[0]!.includes("inputSchema")) continue;
            usable.push(`${s}\u0000${toolName}`);
            const plain = plainName(s, toolName, options);
            wanted.set(plain, (wanted.get(plain) ?? 0) + 1);
          }
        }
        expect(toolset.entries.map((e) => `${e.server}\u0000${e.toolName}`).sort()).toEqual(usable.sort());

        const renamed = new Set(report.renamed.map((row) => row.name));
        for (const e of toolset.entries) {
          const plain = plainName(e.server, e.toolName, options);
          const raw = options.prefix ? `${e.server}${options.separator}${e.toolName}` : e.toolName;
          expect(renamed.has(e.name)).toBe(e.name !== raw);
          if (e.name === plain) expect(wanted.get(plain)).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// Schemas whose every node may carry a title and a description, made of
// characters sanitising removes and keeps, nested through every schema
// keyword; beside them the same texts in places that are not schema text
// (enum, const, default, examples, a vendor keyword, property names). The
// generator knows which texts sit at schema positions: that is the oracle.
type Path = readonly (string | number)[];
interface GeneratedSchema {
  readonly schema: { [key: string]: unknown };
  /** The paths (from this schema) of the title and description strings at schema positions. */
  readonly texts: readonly Path[];
}
const dirty = fc.string({
  unit: fc.constantFrom("a", "é", " ", "\n", "\u200B", "\u202E", "\u{E0041}", "\u00AD", "\u180B", "\u034F", "\r", "😀"),
  maxLength: 12,
});
const slot = fc.oneof(
  fc.constantFrom<Path>(
    ["items"],
    ["not"],
    ["if"],
    ["then"],
    ["else"],
    ["additionalProperties"],
    ["additionalItems"],
    ["unevaluatedProperties"],
    ["unevaluatedItems"],
    ["contains"],
    ["propertyNames"],
    ["contentSchema"],
  ),
  fc.tuple(
    fc.constantFrom("properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"),
    fc.constantFrom("q", "description", "title", "enum", "x\u200By"),
  ),
  fc.tuple(fc.constantFrom("anyOf", "oneOf", "allOf", "prefixItems", "items"), fc.constant(0)),
);
const notSchemaText = dirty.map((text) => ({
  enum: [text, { description: text }],
  const: { title: text },
  default: { description: text, properties: { a: { title: text } } },
  examples: [{ description: text }],
  "x-vendor": { description: text },
}));
const generated: fc.Arbitrary<GeneratedSchema> = fc.letrec<{ node: GeneratedSchema }>((tie) => ({
  node: fc
    .record(
      {
        title: dirty,
        description: dirty,
        values: notSchemaText,
        children: fc.array(fc.tuple(slot, tie("node")), { maxLength: 3, depthIdentifier: "schema" }),
      },
      { requiredKeys: [] },
    )
    .map(({ title, description, values, children }): GeneratedSchema => {
      const schema: { [key: string]: unknown } = { ...values };
      const texts: Path[] = [];
      if (title !== undefined) {
        schema["title"] = title;
        texts.push(["title"]);
      }
      if (description !== undefined) {
        schema["description"] = description;
        texts.push(["description"]);
      }
      for (const [[keyword, key], child] of children ?? []) {
        const holder = schema[keyword as string];
        let at: Path;
        if (key === undefined) {
          if (holder !== undefined) continue;
          schema[keyword as string] = child.schema;
          at = [keyword];
        } else if (typeof key === "number") {
          if (holder !== undefined && !Array.isArray(holder)) continue;
          const list = (holder ?? (schema[keyword as string] = [])) as unknown[];
          at = [keyword, list.length];
          list.push(child.schema);
        } else {
          if (holder !== undefined && (Array.isArray(holder) || Object.hasOwn(holder as object, key))) continue;
          const map = (holder ?? (schema[keyword as string] = {})) as { [key: string]: unknown };
          map[key] = child.schema;
          at = [keyword, key];
        }
        for (const text of child.texts) texts.push([...at, ...text]);
      }
      return { schema, texts };
    }),
})).node;

const at = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as { [key: string]: unknown })[key], value);

describe("buildToolset: schema text, properties", () => {
  it(
    "sanitises exactly the title and description strings at schema positions, caps each, and reports exactly what " +
      "changed",
    () => {
      fc.assert(
        fc.property(generated, fc.constantFrom(1024, 6, 0), ({ schema, texts }, maxSchemaTextBytes) => {
          const listed = { ...schema, type: "object", properties: { ...(schema["properties"] as object | undefined) } };
          const { toolset, report } = buildToolset({ s: [{ name: "x", inputSchema: listed }] }, { maxSchemaTextBytes });
          const built = toolset.entries[0]?.tool.inputSchema;
          const changed: Path[] = [];
          for (const path of texts) {
            const before = at(listed, path) as string;
            const after = sanitizeDescription(before, { maxBytes: maxSchemaTextBytes });
            expect(at(built, path)).toBe(after);
            if (after !== before) changed.push(["inputSchema", ...path]);
          }
          // Everything else is as listed: put the listed texts back and the schemas are equal.
          const restored = structuredClone(built) as { [key: string]: unknown };
          for (const path of texts)
            (at(restored, path.slice(0, -1)) as { [key: string]: unknown })[path.at(-1)!] = at(listed, path);
          expect(restored).toEqual(listed);
          const reported = report.sanitized.flatMap((row) => row.changes.map((change) => change.path));
          expect(reported.map((path) => JSON.stringify(path)).sort()).toEqual(
            changed.map((path) => JSON.stringify(path)).sort(),
          );
        }),
        { numRuns: 150 },
      );
    },
  );
});

describe("buildToolset: long names, properties", () => {
  const longPiece = fc.constantFrom("x".repeat(31), "server-name-that-goes-on", "a", "_", "é", "tool");
  const longName = fc.array(longPiece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(""));
  const replace = (text: string): string => text.replace(/[^A-Za-z0-9_-]/gu, "_");

  it(
    "a shortened name keeps at least 20 characters of the tool name (all of a shorter one), cutting the server " +
      "first, to 20",
    () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.tuple(longName, fc.uniqueArray(longName, { maxLength: 4 })), {
            selector: ([s]) => s,
            maxLength: 3,
          }),
          fc.constantFrom("__", "_", "-", "", "--sep--"),
          (pairs, separator) => {
            const sources = pairs.map(
              ([s, tools]) => [s, tools.map((n) => ({ name: n, inputSchema: schema }))] as const,
            );
            const { toolset, report } = buildToolset(sources, { separator });
            const hashed = new Set(
              report.renamed
                .filter((row) => row.reasons.some((r) => r !== "invalid-characters"))
                .map((row) => row.name),
            );
            for (const entry of toolset.entries) {
              if (!hashed.has(entry.name)) continue;
              const S = replace(entry.server);
              const T = replace(entry.toolName);
              const rest = entry.name.slice(0, -9);
              const reserve = Math.min(T.length, 20);
              // rest = S[0, k) + separator + T[0, j), with j >= reserve; the tool is cut only once the server is down
              // to its floor; the readable part is full whenever the server was cut. (Some split must fit: with names
              // made of the same letters, several can.)
              const floor = Math.min(20, 55 - separator.length - reserve);
              const fits = Array.from({ length: T.length + 1 }, (_, j) => j).some((j) => {
                const k = rest.length - separator.length - j;
                if (k < 0 || k > S.length || rest !== S.slice(0, k) + separator + T.slice(0, j)) return false;
                return (
                  j >= reserve &&
                  (j === T.length || k === S.length || k === floor) &&
                  (k === S.length || rest.length === 55)
                );
              });
              expect(fits, `${entry.name} from ${S} ${separator} ${T}`).toBe(true);
            }
          },
        ),
        { numRuns: 200 },
      );
    },
  );
});
