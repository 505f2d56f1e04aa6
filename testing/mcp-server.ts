// A real MCP server (the official SDK's McpServer over its in-memory
// transport) whose tools and results flow through both adapters' round trips.
// testing/ is not a package and has no node_modules, so the test passes in
// the SDK's classes and zod (`McpParts`); the types below are the little of
// them this file uses, and the test's own imports are checked against them.
import { IMAGES } from "./mcp-results";
import type { McpCallToolResult } from "./toolset";

/** A server or client name and version. */
interface Implementation {
  readonly name: string;
  readonly version: string;
}

/** What this file uses of the SDK's `McpServer`; `TSchema` is a zod schema. */
interface McpServerPart<TTransport, TSchema> {
  registerTool(
    name: string,
    config: { description: string; inputSchema?: { [name: string]: TSchema } },
    handler: (args: { [name: string]: unknown }) => McpCallToolResult,
  ): unknown;
  connect(transport: TTransport): Promise<void>;
  close(): Promise<void>;
}

/** What this file uses of the SDK's `Client`. */
export interface McpClientPart<TTransport, TTool> {
  connect(transport: TTransport): Promise<void>;
  listTools(): Promise<{ tools: TTool[] }>;
  callTool(params: { name: string; arguments?: { [key: string]: unknown } }): Promise<unknown>;
  close(): Promise<void>;
}

/** What this file uses of zod. */
interface ZodPart<TSchema> {
  string(): TSchema;
  enum(values: ["celsius", "fahrenheit"]): { optional(): TSchema };
}

/** The SDK's `McpServer`, `Client` and `InMemoryTransport` classes, and zod's `z`, as the test imports them. */
export interface McpParts<TClient extends McpClientPart<TTransport, unknown>, TTransport, TSchema> {
  readonly McpServer: new (info: Implementation) => McpServerPart<TTransport, TSchema>;
  readonly Client: new (info: Implementation) => TClient;
  readonly InMemoryTransport: { createLinkedPair(): [TTransport, TTransport] };
  readonly z: ZodPart<TSchema>;
}

/** A connected client of the demo server, its tool list, and a way to close both. */
export interface DemoServer<TClient> {
  readonly client: TClient;
  readonly tools: unknown[];
  close(): Promise<void>;
}

/** Starts the demo server ("demo": get_weather, take_screenshot, delete_file) and connects a client. */
export async function startDemoServer<TClient extends McpClientPart<TTransport, unknown>, TTransport, TSchema>(
  parts: McpParts<TClient, TTransport, TSchema>,
): Promise<DemoServer<TClient>> {
  const { z } = parts;
  const server = new parts.McpServer({ name: "demo", version: "1.0.0" });
  server.registerTool(
    "get_weather",
    {
      description: "Current weather for a city.",
      inputSchema: { city: z.string(), units: z.enum(["celsius", "fahrenheit"]).optional() },
    },
    ({ city, units }) => ({
      content: [{ type: "text", text: units === "fahrenheit" ? `${String(city)}: 64°F, sunny` : `${String(city)}: 18°C, sunny` }],
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
    ({ path }) => ({ content: [{ type: "text", text: `Permission denied: ${String(path)}` }], isError: true }),
  );

  const [clientTransport, serverTransport] = parts.InMemoryTransport.createLinkedPair();
  const client = new parts.Client({ name: "x-tests", version: "1.0.0" });
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
