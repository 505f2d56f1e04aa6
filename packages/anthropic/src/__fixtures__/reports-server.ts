// A second real MCP server for the loop tests (the official SDK's McpServer
// over its in-memory transport): a report as a PDF and a text resource, and
// a tool that never answers until it is cancelled.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { PDF } from "@x/testing";

/** A connected client of the reports server, its tools, and a way to close both. */
export interface ReportsServer {
  readonly client: Client;
  readonly tools: Tool[];
  close(): Promise<void>;
}

/** Starts the "reports" server: `get_report` (a PDF and a text resource), `wait` (answers only when cancelled). */
export async function startReportsServer(): Promise<ReportsServer> {
  const server = new McpServer({ name: "reports", version: "1.0.0" });
  server.registerTool("get_report", { description: "The quarterly report." }, () => ({
    content: [
      { type: "text", text: "Q3:" },
      { type: "resource", resource: { uri: "file:///q3.pdf", mimeType: "application/pdf", blob: PDF } },
      { type: "resource", resource: { uri: "file:///q3-notes.md", mimeType: "text/markdown", text: "# Notes" } },
    ],
  }));
  server.registerTool(
    "wait",
    { description: "Waits until cancelled." },
    // (a tool without an inputSchema gets the request's extra as its one argument)
    ({ signal }) =>
      new Promise((resolve) =>
        signal.addEventListener("abort", () => resolve({ content: [{ type: "text", text: "cancelled" }] })),
      ),
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "x-tests", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  const { tools } = await client.listTools();
  return {
    client,
    tools,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
