// An MCP server whose one tool answers with as many bytes as it is asked for,
// as text or as a tool error: what a presenter's page must keep in a box.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/**
 * Creates the server (not yet connected): its tool `big_answer` answers
 * `{ bytes, error }` with a text of `bytes` bytes, flagged `isError` when `error`.
 *
 * @example
 * ```ts
 * const server = await startHttpDemoServer(undefined, createLoudServer);
 * ```
 */
export function createLoudServer(): McpServer {
  const server = new McpServer({ name: "x-playground-loud", version: "1.0.0" });
  server.registerTool(
    "big_answer",
    {
      description: "Answers with a text of the given size, as a tool error when asked.",
      annotations: { readOnlyHint: true },
      inputSchema: { bytes: z.number().int().min(1).max(1_000_000), error: z.boolean() },
    },
    ({ bytes, error }) => {
      const line = "The tool failed in a long and detailed way. ";
      const text = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
      return { content: [{ type: "text", text }], isError: error };
    },
  );
  return server;
}
