import { checkStrict } from "@x/strict-schema/check";
import { filesToolset, refuseMessagesRequest } from "@x/testing";
import type { Json } from "@x/testing";
import { buildToolset, ToolError } from "@x/toolset";
import type { McpTool } from "@x/toolset";
import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "./anthropic-types";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

// A server of `count` tools, each with `optional` optional string properties and `unions` required union-typed ones.
const server = (count: number, optional = 0, unions = 0): McpTool[] =>
  Array.from({ length: count }, (_, i) => ({
    name: `tool_${String(i).padStart(2, "0")}`,
    inputSchema: {
      type: "object",
      properties: {
        ...Object.fromEntries(Array.from({ length: optional }, (_, j) => [`o${j}`, { type: "string" }])),
        ...Object.fromEntries(Array.from({ length: unions }, (_, j) => [`u${j}`, { type: ["string", "number"] }])),
      },
      required: Array.from({ length: unions }, (_, j) => `u${j}`),
    },
  }));
const toolsetOf = (list: McpTool[]) => buildToolset([["s", list]]).toolset;
const strictNames = (sent: ReturnType<typeof tools>) =>
  sent.tools.flatMap((tool) => ("strict" in tool && tool.strict ? [tool.name] : []));
const accepted = (sent: ReturnType<typeof tools>) =>
  refuseMessagesRequest({
    model: "m",
    max_tokens: 1,
    messages: [{ role: "user", content: "hi" }],
    tools: sent.tools as Json,
  });

describe("tools", () => {
  it("sends { name, description, input_schema, strict }, strict always sent", () => {
    const sent = tools(filesToolset);
    expect(sent.tools).toMatchSnapshot();
    expect(sent.report.fallbacks).toMatchObject({ files__search: { keyword: "oneOf", target: "anthropic" } });
    expect(sent.output).toEqual({ errorPrefix: "", structured: "auto" });
    expect(accepted(sent)).toBeUndefined();
    for (const tool of sent.tools as AnthropicTool[]) {
      if (tool.strict) expect(checkStrict(tool.input_schema, { target: "anthropic" })).toEqual([]);
    }
  });

  it.each([
    ["20 strict tools pass, the 21st goes non-strict", 21, 0, 0, 20, "strictTools"],
    ["24 optional parameters pass, the 25th and 26th do not", 13, 2, 0, 12, "optionalParameters"],
    ["16 union-typed parameters pass, the 17th and 18th do not", 9, 0, 2, 8, "unionParameters"],
  ])("%s", (_label, count, optional, unions, strict, limit) => {
    const toolset = toolsetOf(server(count, optional, unions));
    const sent = tools(toolset);
    expect(strictNames(sent)).toHaveLength(strict);
    expect(sent.report.fallbacks).toEqual({
      [`s__tool_${String(count - 1).padStart(2, "0")}`]: {
        path: [],
        keyword: "budget",
        message: expect.stringContaining(`(${limit}: `) as string,
      },
    });
    expect(sent.report.strict.spent).toEqual({
      strictTools: strict,
      optionalParameters: strict * optional,
      unionParameters: strict * unions,
    });
    expect(accepted(sent)).toBeUndefined();
    // The stand-in, counting on its own, refuses the same tools all strict.
    expect(accepted(tools(toolset, { budget: { [limit]: 1000 } }))).toMatchObject({ status: 400 });
  });

  it("fills the budget in the priority's order, and keeps the toolset's order in the request", () => {
    const toolset = toolsetOf(server(22));
    const byList = tools(toolset, { priority: ["s__tool_21", "s__tool_20"] });
    expect(strictNames(byList)).toContain("s__tool_21");
    expect(strictNames(byList)).not.toContain("s__tool_19");
    expect(byList.tools.map((tool) => tool.name)).toEqual(toolset.entries.map((entry) => entry.name));
    const byPredicate = tools(toolset, { priority: (entry) => entry.toolName >= "tool_12" });
    expect(Object.keys(byPredicate.report.fallbacks)).toEqual(["s__tool_10", "s__tool_11"]);
  });

  it("skips a tool too big for what is left and fills the room with smaller ones after it", () => {
    // (a toolset is ordered by exposed name)
    const [first, second, big, ...small] = [...server(2, 3), ...server(1, 20), ...server(3, 1)].map((tool, i) => ({
      ...tool,
      name: `tool_${i}`,
    }));
    const sent = tools(toolsetOf([first!, second!, big!, ...small]));
    expect(Object.keys(sent.report.fallbacks)).toEqual(["s__tool_2"]);
    expect(sent.report.strict.spent).toMatchObject({ strictTools: 5, optionalParameters: 9 });
  });

  it("leaves out what cannot be strict under strict: true, and sends all non-strict under false", () => {
    const strict = tools(toolsetOf(server(21)), { strict: true });
    expect(strict.tools).toHaveLength(20);
    expect(strict.report.excluded).toMatchObject({ s__tool_20: { keyword: "budget" } });
    expect(Object.keys(tools(filesToolset, { strict: true }).report.excluded)).toEqual(["files__search"]);
    const loose = tools(toolsetOf(server(30)), { strict: false });
    expect(strictNames(loose)).toEqual([]);
    expect(loose.tools).toHaveLength(30);
    expect(loose.report.strict.spent).toMatchObject({ strictTools: 0 });
    expect(accepted(loose)).toBeUndefined();
  });

  it("reports what strict mode described and rewrote, and what it encoded", () => {
    const sent = tools(
      toolsetOf([
        {
          name: "bounded",
          inputSchema: {
            type: "object",
            properties: {
              n: { type: "integer", minimum: 1 },
              tags: { type: "object", additionalProperties: { type: "string" } },
            },
            required: ["n"],
          },
        },
      ]),
    );
    expect(strictNames(sent)).toEqual(["s__bounded"]);
    expect(sent.report.described).toMatchObject({ s__bounded: [{ keyword: "minimum" }] });
    expect(sent.report.encoded).toEqual({ s__bounded: [{ kind: "entries", path: ["tags"] }] });
    const found = toolCalls(
      [{ type: "tool_use", id: "t", name: "s__bounded", input: { n: 2, tags: [{ key: "a", value: "b" }] } }],
      sent,
    );
    expect(found.calls[0]?.arguments).toEqual({ n: 2, tags: { a: "b" } });
  });

  it("gives every tool a root the API takes, undoing a wrapped one, or leaves it out", () => {
    const objects = [
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      { type: "object", properties: { b: { type: "number" } }, required: ["b"] },
    ];
    const sent = tools(
      toolsetOf([
        { name: "either", inputSchema: { type: "object", anyOf: objects } },
        { name: "both", inputSchema: { type: "object", allOf: objects } },
        {
          name: "one_of_two",
          inputSchema: {
            type: "object",
            properties: { a: { type: "string" }, b: { type: "string" } },
            oneOf: [{ required: ["a"] }, { required: ["b"] }],
          },
        },
        {
          name: "pointer",
          inputSchema: { type: "object", anyOf: [{ type: "object" }, { $ref: "#/anyOf/0" }] },
        },
      ]),
    );
    expect(sent.tools).toMatchSnapshot();
    expect(strictNames(sent)).toEqual(["s__both", "s__either"]);
    expect(sent.report.fallbacks).toMatchObject({ s__one_of_two: { keyword: "oneOf" } });
    expect(sent.report.excluded).toMatchObject({ s__pointer: { keyword: "$ref", target: "anthropic" } });
    expect(sent.report.encoded).toEqual({
      s__either: [{ kind: "wrap", path: [], property: "value" }],
      s__one_of_two: [{ kind: "wrap", path: [], property: "value" }],
    });
    expect(accepted(sent)).toBeUndefined();
    const found = toolCalls(
      [
        { type: "tool_use", id: "e", name: "s__either", input: { value: { a: "x" } } },
        { type: "tool_use", id: "o", name: "s__one_of_two", input: { value: { b: "y" } } },
        { type: "tool_use", id: "x", name: "s__either", input: { a: "x" } },
        { type: "tool_use", id: "p", name: "s__pointer", input: {} },
      ],
      sent,
    );
    expect(found.calls.map((call) => call.arguments)).toEqual([{ a: "x" }, { b: "y" }]);
    expect(found.rejected.map((rejection) => [rejection.callId, rejection.error.code])).toEqual([
      ["x", "arguments-not-restorable"],
      ["p", "unknown-tool"],
    ]);
  });

  it("defers tools beside the tool search tool and reports the bytes with and without", () => {
    const toolset = toolsetOf(server(10, 2));
    const sent = tools(toolset, { deferLoading: (entry) => entry.toolName !== "tool_00", toolSearch: "regex" });
    expect(sent.tools.at(-1)).toEqual({ type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" });
    expect(sent.tools.filter((tool) => "defer_loading" in tool)).toHaveLength(9);
    const { bytes, bytesWithoutDeferral, upFrontBytes, ...counts } = sent.report.loading;
    expect(counts).toEqual({ upFront: 1, deferred: 9 });
    // Every definition is still sent; only the tools up front (and the search tool) are loaded from the start.
    expect(bytes).toBeGreaterThan(bytesWithoutDeferral);
    expect(upFrontBytes * 4).toBeLessThan(bytesWithoutDeferral);
    expect(accepted(sent)).toBeUndefined();
    expect(tools(toolset).report.loading).toMatchObject({ deferred: 0 });
    expect(tools(toolset, { deferLoading: true }).tools.at(-1)).toEqual({
      type: "tool_search_tool_bm25_20251119",
      name: "tool_search_tool_bm25",
    });
  });

  it("sends eager_input_streaming on every tool when asked, and not on the search tool", () => {
    const sent = tools(filesToolset, { eagerInputStreaming: true, deferLoading: true });
    expect(sent.tools.map((tool) => ("input_schema" in tool ? tool.eager_input_streaming : "search"))).toEqual([
      true,
      true,
      true,
      "search",
    ]);
    expect(accepted(sent)).toBeUndefined();
    expect(tools(filesToolset).tools.some((tool) => "eager_input_streaming" in tool)).toBe(false);
  });

  it.each([
    { eagerInputStreaming: "yes" },
    { strict: "yes" },
    { toolSearch: "vector" },
    { budget: { strictTools: -1 } },
    { priority: 3 },
    { deferLoading: "all" },
    { strictOptions: { target: "openai" } },
    { errorPrefix: 1 },
    { structured: "always" },
  ])("refuses %j", (options) => {
    expect(() => tools(filesToolset, options as never)).toThrow(ToolError);
  });
});
