// A real MCP server (the SDK's McpServer, in-memory transport) whose tools
// have no strict form as they are: an open map of labels (sent to the model
// as key/value entries), free-form values (sent as JSON text) and optional
// properties (sent as nullable). It records the arguments each call reached
// it with, so a test sees whether they were restored.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { buildToolset } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import { z } from "zod";

export interface EncodedServer {
  readonly client: Client;
  /** Server "enc": `enc__label` and `enc__store`. */
  readonly toolset: Toolset;
  /** The arguments of every call the server ran, by call order: [tool, arguments]. */
  readonly received: [tool: string, args: unknown][];
  close(): Promise<void>;
}

/** Starts the server: `label { resource, labels: map of strings, note? }`, `store { key, value: any, meta?: map }`. */
export async function startEncodedServer(): Promise<EncodedServer> {
  const server = new McpServer({ name: "enc", version: "1.0.0" });
  const received: [string, unknown][] = [];
  server.registerTool(
    "label",
    {
      description: "Labels a resource.",
      inputSchema: { resource: z.string(), labels: z.record(z.string(), z.string()), note: z.string().optional() },
    },
    (args) => {
      received.push(["label", args]);
      return { content: [{ type: "text", text: `labelled ${args.resource}` }] };
    },
  );
  server.registerTool(
    "store",
    {
      description: "Stores a value.",
      inputSchema: { key: z.string(), value: z.unknown(), meta: z.record(z.string(), z.unknown()).optional() },
    },
    (args) => {
      received.push(["store", args]);
      return { content: [{ type: "text", text: `stored ${args.key}` }] };
    },
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "executor-test", version: "1.0.0" });
  await client.connect(clientTransport);
  return {
    client,
    toolset: buildToolset({ enc: (await client.listTools()).tools }).toolset,
    received,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
