import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expectTypeOf, it } from "vitest";
import type { McpCallToolResult, McpTool } from "./mcp-types";
import type { ToolSources } from "./read-sources";
import type { ToolOutcome } from "./to-call-tool-result";

describe("compatibility with @modelcontextprotocol/sdk", () => {
  it("a Tool is an McpTool", () => {
    expectTypeOf<Tool>().toExtend<McpTool>();
  });
  it("a CallToolResult is an McpCallToolResult, so an outcome to render", () => {
    expectTypeOf<CallToolResult>().toExtend<McpCallToolResult>();
    expectTypeOf<CallToolResult>().toExtend<ToolOutcome>();
  });
  it("listTools()' tools are sources as they are, in either form", () => {
    expectTypeOf<{ files: Tool[] }>().toExtend<ToolSources>();
    expectTypeOf<[string, Tool[]][]>().toExtend<ToolSources>();
  });
});
