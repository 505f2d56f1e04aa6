import { strictSchema } from "@x/strict-schema";
import { checkStrict } from "@x/strict-schema/check";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../../testing/src/corpus";
import { buildToolset } from "./build-toolset";
import { prepareToolDefinitions } from "./prepare-tool-definitions";
import type { Toolset } from "./build-toolset";

const corpus = loadCorpus();
const all = corpus.map(({ server, tools }) => [server, tools] as const);
const toolCount = corpus.reduce((sum, { tools }) => sum + tools.length, 0);
const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

function expectValidToolset(toolset: Toolset, servers: typeof all): void {
  const names = toolset.entries.map((entry) => entry.name);
  expect(names.filter((name) => !/^[A-Za-z0-9_-]{1,64}$/.test(name))).toEqual([]);
  expect(new Set(names).size).toBe(names.length);
  for (const [server, tools] of servers) {
    for (const listed of tools as { name: string; description?: string }[]) {
      const entry = toolset.resolve(`${server}__${listed.name}`);
      expect(entry, `${server}/${listed.name}`).toMatchObject({
        server,
        toolName: listed.name,
        tool: { name: listed.name },
      });
      const description = entry?.tool.description ?? "";
      expect(utf8Bytes(description)).toBeLessThanOrEqual(4096);
      expect(listed.description?.startsWith(description)).toBe(true);
    }
  }
}

describe("the corpus of real MCP servers", () => {
  it("has 16 servers and 352 tools", () => {
    expect(corpus).toHaveLength(16);
    expect(toolCount).toBe(352);
  });

  // The two firecrawl descriptions over 4096 bytes, with their sizes as listed (measured here by TextEncoder).
  const listedDescription = (server: string, toolName: string): string | undefined =>
    (
      corpus.find((c) => c.server === server)?.tools.find((t) => (t as { name: string }).name === toolName) as {
        description?: string;
      }
    ).description;
  const truncated = ["firecrawl_monitor_create", "firecrawl_scrape"].map((toolName) => ({
    server: "firecrawl",
    toolName,
    name: `firecrawl__${toolName}`,
    bytes: utf8Bytes(listedDescription("firecrawl", toolName) ?? ""),
  }));

  // The same two, as text changes: nothing else in the corpus is changed (no hidden characters anywhere,
  // no schema description or title over 1024 bytes: the longest is context7's query, 734 bytes).
  const sanitized = truncated.map(({ bytes, ...tool }) => ({
    ...tool,
    changes: [{ path: ["description"], removed: 0, cut: true, bytes }],
  }));

  it(
    "loads as one toolset with readable, valid, unique names " + "and a clean report (but for two cut descriptions)",
    () => {
      const { toolset, report } = buildToolset(all);
      expect(toolset.entries).toHaveLength(toolCount);
      expect(report).toEqual({ renamed: [], dropped: [], truncated, sanitized });
      expectValidToolset(toolset, all);
    },
  );

  it.each(all)("loads %s alone the same way", (server, tools) => {
    const { toolset, report } = buildToolset({ [server]: tools });
    expect(toolset.entries).toHaveLength(tools.length);
    expect(report).toEqual({
      renamed: [],
      dropped: [],
      truncated: server === "firecrawl" ? truncated : [],
      sanitized: server === "firecrawl" ? sanitized : [],
    });
    expectValidToolset(toolset, [[server, tools]]);
  });

  it("caps the two firecrawl descriptions over 4096 bytes, only those, and reports each", () => {
    const { toolset, report } = buildToolset(all);
    const schemaTexts = (schema: unknown): string[] =>
      typeof schema !== "object" || schema === null
        ? []
        : Object.values(schema).flatMap((value) => (typeof value === "string" ? [value] : schemaTexts(value)));
    const listedSchema = (server: string, toolName: string): unknown =>
      (
        corpus.find((c) => c.server === server)?.tools.find((t) => (t as { name: string }).name === toolName) as {
          inputSchema: unknown;
        }
      ).inputSchema;
    // Every schema as listed: sanitising its text at schema positions changed nothing in the corpus.
    for (const entry of toolset.entries)
      expect(entry.tool.inputSchema).toEqual(listedSchema(entry.server, entry.toolName));
    expect(
      Math.max(...toolset.entries.flatMap((entry) => schemaTexts(entry.tool.inputSchema).map(utf8Bytes))),
    ).toBeLessThan(1024);
    const capped = toolset.entries.filter(
      (entry) => listedDescription(entry.server, entry.toolName) !== entry.tool.description,
    );
    expect(capped.map((entry) => entry.name)).toEqual([
      "firecrawl__firecrawl_monitor_create",
      "firecrawl__firecrawl_scrape",
    ]);
    expect(report.truncated.map((row) => row.name)).toEqual(capped.map((entry) => entry.name));
    expect(report.truncated.map((row) => row.bytes)).toEqual([7011, 5422]);
  });

  it("without prefixes, hashes exactly the tool names two servers share", () => {
    const { toolset, report } = buildToolset(all, { prefix: false });
    expect(toolset.entries).toHaveLength(toolCount);
    expect(new Set(toolset.entries.map((entry) => entry.name)).size).toBe(toolCount);
    expect(report.dropped).toEqual([]);
    expect(report.renamed.every((row) => row.reasons.join() === "collision")).toBe(true);
    expect([...new Set(report.renamed.map((row) => row.toolName))].sort()).toEqual([
      "create_branch",
      "create_project",
      "search_code",
      "search_issues",
      "update_issue",
    ]);
    expect(report.renamed).toHaveLength(10);
  });

  it("is prepared tool by tool as strictSchema converts it, and every strict tool passes checkStrict", () => {
    const { toolset } = buildToolset(all);
    const auto = prepareToolDefinitions(toolset, { strict: "auto" });
    const strictOnly = prepareToolDefinitions(toolset, { strict: true });
    const loose = prepareToolDefinitions(toolset, { strict: false });
    const byName = <T extends { name: string }>(tools: T[]): Map<string, T> =>
      new Map(tools.map((tool) => [tool.name, tool]));
    const autoTools = byName(auto.tools);
    const strictTools = byName(strictOnly.tools);

    for (const { name, tool } of toolset.entries) {
      const converted = strictSchema(tool.inputSchema, { encode: true });
      if (converted.ok) {
        expect(autoTools.get(name), name).toEqual({
          name,
          description: tool.description,
          parameters: converted.schema,
          strict: true,
        });
        expect(strictTools.get(name)).toEqual(autoTools.get(name));
        expect(auto.plans[name]).toEqual(converted.plan);
        expect(auto.report.encoded[name]).toEqual(converted.encodings?.length ? converted.encodings : undefined);
        expect(checkStrict(converted.schema), name).toEqual([]);
      } else {
        expect(autoTools.get(name), name).toEqual({
          name,
          description: tool.description,
          parameters: tool.inputSchema,
          strict: false,
        });
        expect(auto.report.fallbacks[name]).toEqual(converted.error);
        expect(auto.plans[name]).toEqual({ nullPaths: [], encodings: [] });
        expect(strictTools.has(name)).toBe(false);
        expect(Object.hasOwn(strictOnly.plans, name)).toBe(false);
        expect(strictOnly.report.excluded[name]).toEqual(converted.error);
      }
    }
    expect(auto.tools).toHaveLength(toolCount);
    expect(Object.keys(auto.plans)).toEqual(auto.tools.map((tool) => tool.name));
    expect(Object.keys(strictOnly.plans)).toEqual(strictOnly.tools.map((tool) => tool.name));
    expect(strictOnly.tools.length + Object.keys(strictOnly.report.excluded).length).toBe(toolCount);
    expect(Object.keys(strictOnly.report.excluded)).toEqual(Object.keys(auto.report.fallbacks));
    expect(loose.tools.every((tool) => !tool.strict)).toBe(true);
    expect(loose.tools.map((tool) => tool.parameters)).toEqual(toolset.entries.map((entry) => entry.tool.inputSchema));
    expect(loose.report).toEqual({
      fallbacks: {},
      excluded: {},
      relaxed: {},
      encoded: {},
      described: {},
      rewrites: {},
    });
    expect(loose.plans).toEqual(
      Object.fromEntries(loose.tools.map((tool) => [tool.name, { nullPaths: [], encodings: [] }])),
    );
    expect(auto.report.relaxed).toEqual({});
    // Relaxations make no corpus tool strict that was not already: its fallbacks have other causes.
    const relaxed = prepareToolDefinitions(toolset, { strictOptions: { relax: { oneOf: true, allOf: true } } });
    expect(relaxed.report.relaxed).toEqual({});
    expect(Object.keys(relaxed.report.fallbacks)).toEqual(Object.keys(auto.report.fallbacks));
    // With encodings (the default) 23 tools are sent strict thanks to them, and 4 notion tools still fall back
    // (an open rest inside a oneOf/anyOf whose other branches are objects too); without, 27.
    expect(Object.keys(auto.report.encoded)).toHaveLength(23);
    expect(
      Object.fromEntries(Object.entries(auto.report.fallbacks).map(([name, error]) => [name, error.keyword])),
    ).toEqual({
      "notion__API-create-a-comment": "anyOf",
      "notion__API-move-page": "oneOf",
      "notion__API-post-page": "oneOf",
      "notion__API-query-data-source": "anyOf",
    });
    expect(
      Object.keys(prepareToolDefinitions(toolset, { strictOptions: { encode: false } }).report.fallbacks),
    ).toHaveLength(27);
  });
});
