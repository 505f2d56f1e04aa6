import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expectTypeOf, it } from "vitest";
import type { McpCallToolResult, McpTool } from "./mcp-types";

describe("compatibility with @modelcontextprotocol/sdk", () => {
  it("a Tool is an McpTool", () => {
    expectTypeOf<Tool>().toExtend<McpTool>();
  });
  it("a CallToolResult is an McpCallToolResult", () => {
    expectTypeOf<CallToolResult>().toExtend<McpCallToolResult>();
  });
});
