import { buildToolset } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "@x/testing";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

// All of corpus/ (16 real servers, 352 tools) as one toolset, every tool
// deferred into its server's namespace, searched on the client.
const corpus = loadCorpus();
const { toolset } = buildToolset(corpus.map(({ server, tools: listed }) => [server, listed] as const));
const prepared = tools(toolset, { namespaces: true, deferLoading: true, toolSearch: "client" });
const { tools: sent, report } = prepared;
const undeferred = tools(toolset, { namespaces: true });

// Ten things a user asks for, and the tool that does it.
const QUERIES: readonly (readonly [query: string, expected: string])[] = [
  ["create a GitHub issue", "github__create_issue"],
  ["take a screenshot of the page", "playwright__browser_take_screenshot"],
  ["list Kubernetes pods", "kubernetes__kubectl_get"],
  ["run a SQL query on the database", "supabase__execute_sql"],
  ["search the web", "brave-search-official__brave_web_search"],
  ["read a file from disk", "filesystem__read_text_file"],
  ["merge a pull request", "github__merge_pull_request"],
  ["scrape a web page", "firecrawl__firecrawl_scrape"],
  ["look up the documentation of a library", "context7__resolve-library-id"],
  ["show the logs of a pod", "kubernetes__kubectl_logs"],
];

describe("tool search over the whole corpus", () => {
  it("defers every tool: the request carries only the tool_search tool", () => {
    expect(toolset.entries).toHaveLength(352);
    expect(sent.map((tool) => tool.type)).toEqual(["tool_search"]);
    expect(report.loading).toMatchObject({ upFront: 0, deferred: 352 });
    expect(report.loading.bytes).toBeLessThan(1000);
    expect(report.loading.bytesWithoutDeferral).toBe(undeferred.report.loading.bytes);
    expect(report.loading.bytesWithoutDeferral).toBeGreaterThan(300_000);
  });

  it.each(QUERIES)("%s → %s among the first five", (query, expected) => {
    const call = {
      type: "tool_search_call",
      call_id: "ts_1",
      arguments: { query },
      execution: "client",
      status: "completed",
    };
    const { searches } = toolCalls([call], prepared);
    expect(searches).toHaveLength(1);
    const { found, output } = searches[0]!;
    expect(found.slice(0, 5)).toContain(expected);
    // What the model loads is what tools() would have sent for those tools up front.
    const namespace = toolset.resolve(expected)!.server;
    const loaded = output.tools.find((tool) => tool.type === "namespace" && tool.name === namespace);
    const full = undeferred.tools.find((tool) => tool.type === "namespace" && tool.name === namespace);
    expect(loaded?.type === "namespace" && full?.type === "namespace").toBe(true);
    if (loaded?.type === "namespace" && full?.type === "namespace") {
      for (const fn of loaded.tools) expect(full.tools).toContainEqual(fn);
      expect(loaded.description).toBe(full.description);
    }
  });

  // A query of 0.69 MB (100 000 different words) would hold the one thread for seconds over these 352 tools: it is
  // refused before any searching, by its length.
  it("answers a query of 0.69 MB with no tools and a reason, without searching", () => {
    const query = Array.from({ length: 100_000 }, (_, n) => `w${n}`).join(" ");
    expect(query.length).toBe(688_889);
    const call = { type: "tool_search_call", call_id: "ts_1", arguments: { query }, execution: "client" };
    const { searches } = toolCalls([call], prepared);
    expect(searches[0]).toMatchObject({
      found: [],
      reason: expect.stringContaining(`The query is ${query.length} characters long`) as unknown,
      output: { tools: [] },
    });
  });
});
