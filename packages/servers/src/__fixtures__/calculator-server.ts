// A small MCP server with `add` and `multiply`, of each SDK generation: the v2
// `McpServer` (served in-process, over stdio, or over HTTP) and the v1 one,
// for the tests that prove servers of the older SDK still work.
import { McpServer } from "@modelcontextprotocol/server";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const numbers = z.object({ a: z.number(), b: z.number() });

/** A v2 `McpServer` (`@modelcontextprotocol/server`) with `add` and `multiply`. */
export function createCalculator(name = "calculator"): McpServer {
  const server = new McpServer({ name, version: "1.0.0" });
  server.registerTool("add", { description: "Adds two numbers.", inputSchema: numbers }, ({ a, b }) => ({
    content: [{ type: "text", text: String(a + b) }],
  }));
  server.registerTool("multiply", { description: "Multiplies two numbers.", inputSchema: numbers }, ({ a, b }) => ({
    content: [{ type: "text", text: String(a * b) }],
  }));
  return server;
}

/** A v1 `McpServer` (`@modelcontextprotocol/sdk`) with `add` and `multiply`. */
export function createCalculatorV1(name = "calculator"): McpServerV1 {
  const server = new McpServerV1({ name, version: "1.0.0" });
  server.registerTool("add", { description: "Adds two numbers.", inputSchema: numbers.shape }, ({ a, b }) => ({
    content: [{ type: "text", text: String(a + b) }],
  }));
  server.registerTool(
    "multiply",
    { description: "Multiplies two numbers.", inputSchema: numbers.shape },
    ({ a, b }) => ({
      content: [{ type: "text", text: String(a * b) }],
    }),
  );
  return server;
}
