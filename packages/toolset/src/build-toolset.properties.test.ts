import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildToolset } from "./build-toolset";
import type { BuildToolsetOptions, BuiltToolset } from "./build-toolset";

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
  (options.prefix === false ? toolName : `${serverName}${options.separator ?? "__"}${toolName}`).replace(/[^A-Za-z0-9_-]/gu, "_");

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
