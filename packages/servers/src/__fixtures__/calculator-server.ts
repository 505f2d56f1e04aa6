// A small SDK McpServer: served in-process, over Streamable HTTP, or over stdio (main).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/** An McpServer with `add` and `multiply`. */
export function createCalculator(name = "calculator"): McpServer {
  const server = new McpServer({ name, version: "1.0.0" });
  server.registerTool(
    "add",
    { description: "Adds two numbers.", inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({
      content: [{ type: "text", text: String(a + b) }],
    }),
  );
  server.registerTool(
    "multiply",
    { description: "Multiplies two numbers.", inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({ content: [{ type: "text", text: String(a * b) }] }),
  );
  return server;
}
