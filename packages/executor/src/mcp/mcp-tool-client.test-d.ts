import type { Client as V2Client, Tool as V2Tool } from "@modelcontextprotocol/client";
import type { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool as V1Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpTool } from "@x/toolset";
import { describe, expectTypeOf, it } from "vitest";
import type { CallMcpToolOptions, McpCall, McpCallOutcome } from "./call-mcp-tool";
import { callMcpTool } from "./call-mcp-tool";
import type { McpToolClient } from "./mcp-connection";

describe("both MCP SDK generations, without a cast", () => {
  it("a v1 Client and a v2 Client are McpToolClients", () => {
    expectTypeOf<V1Client>().toExtend<McpToolClient>();
    expectTypeOf<V2Client>().toExtend<McpToolClient>();
  });

  it("callMcpTool takes either client", () => {
    expectTypeOf(callMcpTool).toBeCallableWith({} as V1Client, {} as McpCall);
    const options: CallMcpToolOptions = {};
    expectTypeOf(callMcpTool).toBeCallableWith({} as V2Client, {} as McpCall, options);
    expectTypeOf(callMcpTool).returns.toEqualTypeOf<Promise<McpCallOutcome>>();
  });

  it("either generation's listTools() tool, or a toolset's, is the `tool` option", () => {
    expectTypeOf<V1Tool>().toExtend<NonNullable<CallMcpToolOptions["tool"]>>();
    expectTypeOf<V2Tool>().toExtend<NonNullable<CallMcpToolOptions["tool"]>>();
    expectTypeOf<McpTool>().toExtend<NonNullable<CallMcpToolOptions["tool"]>>();
  });
});
