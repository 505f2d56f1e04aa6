import { buildToolset, ToolError } from "@x/toolset";
import type { McpTool } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { adapter } from "./adapter";
import { loadedTools } from "./tool-search";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const object = (properties: { [name: string]: object } = {}): McpTool["inputSchema"] => ({
  type: "object",
  properties,
});
const toolset = buildToolset([
  [
    "github",
    [
      {
        name: "create_issue",
        description: "Creates an issue in a repository.",
        inputSchema: object({ title: { type: "string" } }),
      },
      { name: "list_pulls", description: "Lists pull requests.", inputSchema: object() },
      { name: "broken", description: "Points nowhere.", inputSchema: object({ a: { $ref: "#/$defs/missing" } }) },
    ],
  ],
  [
    "weather",
    [
      {
        name: "forecast",
        description: "The forecast for a city.",
        inputSchema: object({ city: { type: "string" } }),
        outputSchema: { type: "object", properties: { celsius: { type: "number" } }, required: ["celsius"] },
      },
    ],
  ],
  [
    "1password",
    [{ name: "get_item", description: "Reads a vault item.", inputSchema: object({ id: { type: "string" } }) }],
  ],
]).toolset;

describe("tools", () => {
  it("declares every tool Gemini can take, in order, and reports the others with path and keyword", () => {
    const prepared = tools(toolset);
    expect(prepared.tools).toHaveLength(1);
    expect(prepared.tools[0]?.functionDeclarations.map((declaration) => declaration.name)).toEqual([
      "_1password__get_item",
      "github__create_issue",
      "github__list_pulls",
      "weather__forecast",
    ]);
    expect(prepared.tools[0]?.functionDeclarations[1]).toMatchObject({
      name: "github__create_issue",
      description: "Creates an issue in a repository.",
      parametersJsonSchema: { type: "object" },
    });
    expect(Object.keys(prepared.report.excluded)).toEqual(["github__broken"]);
    expect(prepared.report.excluded["github__broken"]).toMatchObject({ path: ["properties", "a"], keyword: "$ref" });
    expect(prepared.report.renamed).toEqual({ "1password__get_item": "_1password__get_item" });
    expect(Object.keys(prepared.plans)).toEqual([
      "1password__get_item",
      "github__create_issue",
      "github__list_pulls",
      "weather__forecast",
    ]);
    expect(prepared).toMatchObject({ toolset, adapter, output: { errorPrefix: "Error: ", structured: "auto" } });
    expect(prepared.searchIndex).toBeUndefined();
  });

  it("answers a call to a tool left out as an unknown tool, never runs it", () => {
    const prepared = tools(toolset);
    const found = toolCalls(
      {
        candidates: [
          {
            content: { parts: [{ functionCall: { id: "x", name: "github__broken", args: {} } }] },
            finishReason: "STOP",
          },
        ],
      },
      prepared,
    );
    expect(found.calls).toEqual([]);
    expect(found.rejected[0]?.error.code).toBe("unknown-tool");
  });

  it('sends parameters in the OpenAPI form with schema: "openapi"', () => {
    const declaration = tools(toolset, { schema: "openapi" }).tools[0]?.functionDeclarations[1];
    expect(declaration?.parameters).toBeDefined();
    expect(declaration?.parametersJsonSchema).toBeUndefined();
  });

  it('sends outputSchema as responseJsonSchema under structured: "prefer" only', () => {
    const forecast = (structured: "prefer" | "auto") =>
      tools(toolset, { structured }).tools[0]?.functionDeclarations.find((d) => d.name === "weather__forecast");
    expect(forecast("prefer")?.responseJsonSchema).toMatchObject({ type: "object" });
    expect(forecast("auto")?.responseJsonSchema).toBeUndefined();
    expect(tools(toolset, { structured: "prefer" }).output.structured).toBe("prefer");
  });

  it("leaves out a renamed tool whose Gemini name another tool has", () => {
    const clash = buildToolset([
      ["1x", [{ name: "a", inputSchema: object() }]],
      ["_1x", [{ name: "a", inputSchema: object() }]],
    ]).toolset;
    const prepared = tools(clash);
    expect(prepared.tools[0]?.functionDeclarations.map((declaration) => declaration.name)).toEqual(["_1x__a"]);
    expect(prepared.report.excluded["1x__a"]).toMatchObject({ path: [], keyword: "name" });
    expect(
      toolCalls(
        { candidates: [{ content: { parts: [{ functionCall: { id: "c", name: "_1x__a" } }] }, finishReason: "STOP" }] },
        prepared,
      ).calls[0],
    ).toMatchObject({ server: "_1x" });
  });

  it("defers tools behind one search function, reports the bytes saved, and loads what a search found", () => {
    const prepared = tools(toolset, { deferLoading: (entry) => entry.server === "github" });
    const names = prepared.tools[0]?.functionDeclarations.map((declaration) => declaration.name);
    expect(names).toEqual(["_1password__get_item", "weather__forecast", "tool_search"]);
    expect(prepared.report.loading).toMatchObject({ upFront: 2, deferred: 2 });
    const bytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;
    expect(prepared.report.loading.bytes).toBe(bytes(prepared.tools));
    expect(prepared.report.loading.bytesWithoutDeferral).toBe(bytes(tools(toolset).tools));
    expect(prepared.searchIndex?.tools.map((tool) => tool.name)).toEqual([
      "github__create_issue",
      "github__list_pulls",
    ]);

    const response = {
      candidates: [
        {
          content: {
            role: "model",
            parts: [{ functionCall: { id: "s1", name: "tool_search", args: { query: "open an issue" } } }],
          },
          finishReason: "STOP",
        },
      ],
    };
    const found = toolCalls(response, prepared);
    expect(found.calls).toEqual([]);
    expect(found.searches).toMatchObject([
      { callId: "s1", index: 0, query: "open an issue", found: ["github__create_issue"] },
    ]);
    expect(found.searches[0]?.output).toEqual({
      functionResponse: {
        id: "s1",
        name: "tool_search",
        response: {
          output: {
            message: "Loaded 1 tool, callable from the next step on.",
            tools: [{ name: "github__create_issue", description: "Creates an issue in a repository." }],
          },
        },
      },
    });
    const contents = [response.candidates[0]!.content, { role: "user", parts: [found.searches[0]!.output] }];
    expect(loadedTools(prepared, contents)[0]?.functionDeclarations.map((declaration) => declaration.name)).toEqual([
      "_1password__get_item",
      "weather__forecast",
      "tool_search",
      "github__create_issue",
    ]);
    const later = toolCalls(
      {
        candidates: [
          {
            content: { parts: [{ functionCall: { id: "c", name: "github__create_issue", args: { title: "x" } } }] },
            finishReason: "STOP",
          },
        ],
      },
      prepared,
    );
    expect(later.calls[0]).toMatchObject({ name: "github__create_issue", arguments: { title: "x" } });
  });

  it("names the search function around a tool called tool_search", () => {
    const own = buildToolset([["tool", [{ name: "_search", inputSchema: object() }]]], { separator: "" }).toolset;
    const prepared = tools(own, { deferLoading: true });
    expect(prepared.searchIndex?.name).toBe("tool_search_2");
  });

  it("refuses options it does not take", () => {
    expect(() => tools(toolset, { schema: "yaml" as "json" })).toThrow(ToolError);
    expect(() => tools(toolset, { searchResults: 0 })).toThrow("searchResults must be a positive integer, got 0.");
    expect(() => tools(toolset, { media: "inline" as "parts" })).toThrow(ToolError);
  });
});
