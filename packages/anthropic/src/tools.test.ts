import { filesToolset, refuseMessagesRequest, strictRefusal } from "@x/testing";
import type { Json } from "@x/testing";
import { buildToolset, ToolError } from "@x/toolset";
import type { McpTool } from "@x/toolset";
import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "./anthropic-types";
import { tools } from "./tools";

// A server of `count` tools, each with `optional` optional string properties.
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
    expect(sent.report.fallbacks).toMatchObject({ files__search: { keyword: "oneOf" } });
    expect(accepted(sent)).toBeUndefined();
    for (const tool of sent.tools as AnthropicTool[]) {
      if (tool.strict) expect(strictRefusal(tool.input_schema as Json)).toBeUndefined();
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
    expect(accepted(sent)).toBeUndefined();
    // The stand-in refuses the same tools all strict.
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

  it("leaves out what cannot be strict under strict: true, and sends all non-strict under false", () => {
    const strict = tools(toolsetOf(server(21)), { strict: true });
    expect(strict.tools).toHaveLength(20);
    expect(strict.report.excluded).toMatchObject({ s__tool_20: { keyword: "budget" } });
    expect(Object.keys(tools(filesToolset, { strict: true }).report.excluded)).toEqual(["files__search"]);
    const loose = tools(toolsetOf(server(30)), { strict: false });
    expect(strictNames(loose)).toEqual([]);
    expect(loose.report.strict).toMatchObject({ strictTools: 0 });
  });

  it("makes every root one the API takes, or leaves the tool out", () => {
    const object = (inputSchema: object): McpTool["inputSchema"] => ({ type: "object", ...inputSchema });
    const sent = tools(
      toolsetOf([
        {
          name: "either",
          inputSchema: object({
            anyOf: [
              { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
              { type: "object", properties: { b: { type: "number" } }, required: ["b"] },
            ],
          }),
        },
        {
          name: "one_of_two",
          inputSchema: object({
            properties: { a: { type: "string" }, b: { type: "string" } },
            oneOf: [{ required: ["a"] }, { required: ["b"] }],
          }),
        },
        { name: "text", inputSchema: object({ anyOf: [{ type: "string" }, { type: "number" }] }) },
      ]),
    );
    expect(sent.tools).toMatchSnapshot();
    expect(sent.report.excluded).toMatchObject({ s__text: { path: ["anyOf"], keyword: "anyOf" } });
    expect(accepted(sent)).toBeUndefined();
  });

  it("defers tools beside the tool search tool and reports the bytes it saves", () => {
    const toolset = toolsetOf(server(10, 2));
    const sent = tools(toolset, { deferLoading: (entry) => entry.toolName !== "tool_00", toolSearch: "regex" });
    expect(sent.tools.at(-1)).toEqual({ type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" });
    expect(sent.tools.filter((tool) => "defer_loading" in tool)).toHaveLength(9);
    expect(sent.report.loading).toMatchObject({ upFront: 1, deferred: 9 });
    expect(sent.report.loading.bytes).toBeGreaterThan(sent.report.loading.bytesWithoutDeferral);
    expect(accepted(sent)).toBeUndefined();
    expect(tools(toolset).report.loading).toMatchObject({ deferred: 0 });
  });

  it("refuses options it does not take", () => {
    for (const options of [
      { strict: "yes" },
      { toolSearch: "vector" },
      { budget: { strictTools: -1 } },
      { priority: 3 },
    ]) {
      expect(() => tools(filesToolset, options as never)).toThrow(ToolError);
    }
  });
});
