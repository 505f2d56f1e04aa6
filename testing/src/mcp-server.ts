// A real MCP server (the official SDK's McpServer over its in-memory
// transport) whose tools and results flow through both adapters' round trips.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { IMAGES } from "./mcp-results";

/** A connected client of the demo server, its tool list, and a way to close both. */
export interface DemoServer {
  readonly client: Client;
  readonly tools: Tool[];
  close(): Promise<void>;
}

/** Starts the demo server ("demo": get_weather, take_screenshot, delete_file) and connects a client. */
export async function startDemoServer(): Promise<DemoServer> {
  const server = new McpServer({ name: "demo", version: "1.0.0" });
  server.registerTool(
    "get_weather",
    {
      description: "Current weather for a city.",
      inputSchema: { city: z.string(), units: z.enum(["celsius", "fahrenheit"]).optional() },
    },
    ({ city, units }) => ({
      content: [{ type: "text", text: units === "fahrenheit" ? `${city}: 64°F, sunny` : `${city}: 18°C, sunny` }],
    }),
  );
  server.registerTool("take_screenshot", { description: "A screenshot of the dashboard." }, () => ({
    content: [
      { type: "text", text: "The dashboard:" },
      { type: "image", mimeType: "image/png", data: IMAGES.png },
    ],
  }));
  server.registerTool(
    "delete_file",
    { description: "Deletes a file.", inputSchema: { path: z.string() } },
    ({ path }) => ({ content: [{ type: "text", text: `Permission denied: ${path}` }], isError: true }),
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
