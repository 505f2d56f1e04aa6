import { buildToolset, ToolError } from "@x/toolset";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { responseItems } from "./response-items";
import type { ResponsesItem, ResponsesNamespaceTool, ResponsesTool } from "./responses-types";
import { toolCalls } from "./tool-calls";
import type { ResponsesToolSearchAnswer } from "./tool-search-output";
import { tools } from "./tools";

const object = { type: "object" } as const;
const { toolset } = buildToolset({
  github: [
    { name: "create_issue", description: "Create a new issue in a GitHub repository.", inputSchema: object },
    { name: "merge_pull_request", description: "Merge a pull request.", inputSchema: object },
  ],
  kubernetes: [{ name: "kubectl_logs", description: "Get logs from a pod.", inputSchema: object }],
  weather: [
    {
      name: "get_weather",
      description: "The weather in a city.",
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      outputSchema: { type: "object", properties: { celsius: { type: "number" } } },
    },
  ],
});
const search = (callId: string, args: unknown, execution = "client"): ResponsesItem =>
  ({
    type: "tool_search_call",
    id: `ts_${callId}`,
    call_id: callId,
    arguments: args,
    execution,
    status: "completed",
  }) as ResponsesItem;
const kinds = (sent: ResponsesTool[]): string[] =>
  sent.map((tool) =>
    tool.type === "namespace"
      ? `${tool.name}[${tool.tools.map((fn) => (fn.defer_loading === true ? `${fn.name}?` : fn.name)).join(" ")}]`
      : tool.type === "function"
        ? tool.name
        : `tool_search${tool.execution === undefined ? "" : `:${tool.execution}`}`,
  );

describe("deferred loading", () => {
  it("marks deferred tools and adds the hosted tool_search tool; the report counts tools and bytes", () => {
    const prepared = tools(toolset, {
      namespaces: true,
      deferLoading: (entry) => entry.server !== "weather",
    });
    const { tools: sent } = prepared;
    expect(kinds(sent)).toEqual([
      "github[create_issue? merge_pull_request?]",
      "kubernetes[kubectl_logs?]",
      "weather[get_weather]",
      "tool_search",
    ]);
    const plain = tools(toolset, { namespaces: true });
    expect(kinds(plain.tools)).toEqual([
      "github[create_issue merge_pull_request]",
      "kubernetes[kubectl_logs]",
      "weather[get_weather]",
    ]);
    expect(prepared.report.loading).toEqual({
      upFront: 1,
      deferred: 3,
      bytes: Buffer.byteLength(JSON.stringify(sent)),
      bytesWithoutDeferral: Buffer.byteLength(JSON.stringify(plain.tools)),
    });
    expect(plain.report.loading).toMatchObject({ upFront: 4, deferred: 0 });
    expect(prepared.searchIndex).toBeUndefined();
  });

  it("without namespaces, defers top-level functions", () => {
    const { tools: sent } = tools(toolset, { deferLoading: (entry) => entry.toolName === "kubectl_logs" });
    expect(sent.map((tool) => (tool.type === "function" ? [tool.name, tool.defer_loading] : [tool.type]))).toEqual([
      ["github__create_issue", undefined],
      ["github__merge_pull_request", undefined],
      ["kubernetes__kubectl_logs", true],
      ["weather__get_weather", undefined],
      ["tool_search"],
    ]);
  });

  it('with toolSearch: "client", leaves deferred tools out and sends a strict { query } tool_search', () => {
    const prepared = tools(toolset, {
      namespaces: true,
      deferLoading: (e) => e.server !== "weather",
      toolSearch: "client",
    });
    const { tools: sent } = prepared;
    expect(kinds(sent)).toEqual(["weather[get_weather]", "tool_search:client"]);
    expect(sent[1]).toEqual({
      type: "tool_search",
      execution: "client",
      description:
        "Finds tools that are not loaded yet and loads the best matches, searching their names, descriptions and MCP " +
        "servers. " +
        "Searchable: github, kubernetes.",
      parameters: {
        type: "object",
        properties: {
          query: {
            type: "string",
            description: 'What the tool should do, in a few words, e.g. "create a GitHub issue".',
          },
        },
        required: ["query"],
        additionalProperties: false,
      },
    });
    expect(prepared.report.loading.bytes).toBeLessThan(prepared.report.loading.bytesWithoutDeferral);
    expect(prepared.searchIndex?.tools.map((tool) => tool.name)).toEqual([
      "github__create_issue",
      "github__merge_pull_request",
      "kubernetes__kubectl_logs",
    ]);
    // Plain JSON: the index survives a trip through storage.
    expect(JSON.parse(JSON.stringify(prepared.searchIndex))).toEqual(prepared.searchIndex);
  });

  it("answers each client tool_search_call once, with the definitions tools() emits for the best matches", () => {
    const prepared = tools(toolset, { namespaces: true, deferLoading: true, toolSearch: "client" });
    const { tools: undeferred } = tools(toolset, { namespaces: true });
    const output = [search("s1", { query: "create a GitHub issue" }), search("s2", '{"query":"pod logs"}')];
    const { calls, rejected, searches } = toolCalls(output, prepared);
    expect([calls, rejected]).toEqual([[], []]);
    expect(searches.map(({ callId, index, query, found }) => [callId, index, query, found])).toEqual([
      ["s1", 0, "create a GitHub issue", ["github__create_issue", "github__merge_pull_request"]],
      ["s2", 1, "pod logs", ["kubernetes__kubectl_logs"]],
    ]);
    const github = undeferred[0] as ResponsesNamespaceTool;
    expect(searches[0]!.output).toEqual({
      type: "tool_search_output",
      call_id: "s1",
      execution: "client",
      status: "completed",
      tools: [{ ...github, tools: [github.tools[0], github.tools[1]] }],
    });
  });

  it("answers a search that matches nothing with no tools, and bad arguments with no tools and a reason", () => {
    const prepared = tools(toolset, { deferLoading: true, toolSearch: "client" });
    const output = [
      search("s1", { query: "translate to French" }),
      search("s2", "{not json"),
      search("s3", { q: "issue" }),
      search("s4", null),
      search("s1", { query: "issue" }),
      search("s5", { query: "issue" }, "server"),
    ];
    const { searches } = toolCalls(output, prepared);
    expect(searches.map(({ callId, found, reason, output: answer }) => [callId, found, reason, answer.tools])).toEqual([
      ["s1", [], undefined, []],
      ["s2", [], 'The arguments are not JSON: expected {"query": string}.', []],
      ["s3", [], 'The arguments have no string "query": expected {"query": string}.', []],
      ["s4", [], 'The arguments are not an object: expected {"query": string}.', []],
    ]);
  });

  // What one query may be: 500 characters and 32 words (a word is a run of letters or digits, as the search splits).
  describe("the query's size", () => {
    const prepared = tools(toolset, { deferLoading: true, toolSearch: "client" });
    const answer = (query: string): ResponsesToolSearchAnswer =>
      toolCalls([search("s1", { query })], prepared).searches[0]!;
    const words = (n: number): string => ["issue", ...Array.from({ length: n - 1 }, () => "x")].join(" ");

    it("searches a query of 500 characters, and of 32 words", () => {
      expect(answer(`issue ${"x".repeat(494)}`)).toMatchObject({ found: ["github__create_issue"] });
      expect(answer(words(32))).toMatchObject({ found: ["github__create_issue"] });
      expect(answer(words(32)).reason).toBeUndefined();
    });

    it("answers a longer query, or one of more words, with no tools and a reason", () => {
      expect(answer(`issue ${"x".repeat(495)}`)).toMatchObject({
        query: undefined,
        found: [],
        reason:
          "The query is 501 characters long: a search takes at most 500 characters and 32 words. " +
          'Say what the tool should do in a few words, e.g. "create a GitHub issue".',
        output: { type: "tool_search_output", call_id: "s1", tools: [] },
      });
      expect(answer(words(33))).toMatchObject({
        query: undefined,
        found: [],
        reason:
          "The query has 33 words: a search takes at most 32 words and 500 characters. " +
          'Say what the tool should do in a few words, e.g. "create a GitHub issue".',
      });
    });
  });

  it("answers a client tool search with no tool found when no tool was deferred to one", () => {
    const { searches } = toolCalls([search("s1", { query: "issue" })], tools(toolset));
    expect(searches.map(({ callId, found, output }) => [callId, found, output.tools])).toEqual([["s1", [], []]]);
  });

  it("leaves a hosted tool search alone: the API answers it", () => {
    const { searches } = toolCalls([search("s1", { query: "issue" }, "server")], tools(toolset));
    expect(searches).toEqual([]);
  });

  it("keeps the model's order across calls, rejections and searches", () => {
    const prepared = tools(toolset, { namespaces: true, deferLoading: true, toolSearch: "client" });
    const fn = (callId: string, namespace: string, name: string): ResponsesItem =>
      ({ type: "function_call", call_id: callId, namespace, name, arguments: "{}" }) as ResponsesItem;
    const result = toolCalls(
      [fn("c0", "github", "create_issue"), search("s1", { query: "weather" }), fn("c2", "nope", "x")],
      prepared,
    );
    expect([
      result.calls.map((c) => c.index),
      result.searches.map((s) => s.index),
      result.rejected.map((r) => r.index),
    ]).toEqual([[0], [1], [2]]);
    expect(result.searches[0]!.found).toEqual(["weather__get_weather"]);
  });
});

describe("output_schema", () => {
  it(
    'is sent under structured: "prefer" (the output is the JSON text of structuredContent) and left out ' + "otherwise",
    () => {
      const schemaOf = (structured: "auto" | "prefer" | "append" | "ignore"): unknown =>
        tools(toolset, { structured }).tools.flatMap((tool) =>
          tool.type === "function" && tool.output_schema ? [tool.output_schema] : [],
        );
      expect(schemaOf("prefer")).toEqual([{ type: "object", properties: { celsius: { type: "number" } } }]);
      expect([schemaOf("auto"), schemaOf("append"), schemaOf("ignore")]).toEqual([[], [], []]);
    },
  );
});

describe("options", () => {
  it.each([
    [{ namespaces: "yes" }, 'The option namespaces must be true, false or { instructions }; got "yes".'],
    [{ deferLoading: 1 }, "The option deferLoading must be true, false or a function (entry) => boolean; got 1."],
    [{ toolSearch: "hosted" }, 'The option toolSearch must be "server" or "client"; got "hosted".'],
    [{ structured: "json" }, 'The option structured must be "auto", "prefer", "append" or "ignore"; got "json".'],
    [{ searchResults: 0 }, "The option searchResults must be a positive integer; got 0."],
  ])("%j is a caller's mistake, raised before any work", (options, message) => {
    expect(() => tools(toolset, options as never)).toThrow(new ToolError("invalid-options", message));
  });
});

describe("client tool search: properties", () => {
  const prepared = tools(toolset, { namespaces: true, deferLoading: true, toolSearch: "client" });
  const callId = fc.oneof(fc.constantFrom("s1", "s2", "s3"), fc.constantFrom(undefined, null, 7));
  const item = fc.oneof(
    fc.record({
      type: fc.constant("tool_search_call"),
      call_id: callId,
      execution: fc.constantFrom("client", "server", undefined),
      arguments: fc.oneof(
        fc.record({ query: fc.string() }),
        fc.constantFrom('{"query":"issue"}', "{", { query: 3 }),
        fc.anything(),
      ),
    }),
    fc.record({
      type: fc.constant("tool_search_output"),
      call_id: callId,
      execution: fc.constantFrom("client", "server"),
      tools: fc.constant([]),
    }),
    fc.anything(),
  );
  const answerId = (value: unknown): unknown =>
    typeof value === "object" && value !== null && (value as { type?: unknown }).type === "tool_search_output"
      ? (value as { call_id?: unknown }).call_id
      : undefined;
  // The API answers a call at most once in its own output: keep the first answer of each id.
  const items = fc
    .array(item, { maxLength: 8 })
    .map((list) =>
      list.filter(
        (value, i) => answerId(value) === undefined || list.findIndex((o) => answerId(o) === answerId(value)) === i,
      ),
    );

  it("answers every client tool_search_call repeated exactly once, and never throws", () => {
    fc.assert(
      fc.property(items, (list) => {
        const output = list as ResponsesItem[];
        const { searches } = toolCalls(output, prepared);
        const replayed = responseItems(output) as unknown[];
        const record = (value: unknown): { [key: string]: unknown } | undefined =>
          typeof value === "object" && value !== null && !Array.isArray(value)
            ? (value as { [key: string]: unknown })
            : undefined;
        const clientCalls = new Set(
          replayed.flatMap((value) => {
            const it = record(value);
            return it?.type === "tool_search_call" && it.execution === "client" ? [it.call_id] : [];
          }),
        );
        const answers = [
          ...searches.map((answer) => answer.callId),
          ...replayed.flatMap((value) =>
            record(value)?.type === "tool_search_output" ? [record(value)!.call_id] : [],
          ),
        ];
        for (const id of clientCalls) {
          expect(typeof id).toBe("string");
          expect(answers.filter((answer) => answer === id)).toHaveLength(1);
        }
        for (const answer of searches) expect(clientCalls.has(answer.callId)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
