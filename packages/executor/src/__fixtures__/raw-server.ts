// A hand-written MCP server speaking raw JSON-RPC over the SDK's in-memory
// transport, for what the SDK's own Server refuses to send: results that are
// not valid CallToolResults, and JSON-RPC error responses to tools/call.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** What the server answers to a `tools/call` of `name`: a raw `result`, or a JSON-RPC `error`. */
export type RawAnswer =
  { readonly result: unknown } | { readonly error: { readonly code: number; readonly message: string } };

export interface RawServer {
  readonly client: Client;
  close(): Promise<void>;
}

export async function startRawServer(answer: (name: string) => RawAnswer): Promise<RawServer> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const send = (message: unknown): void => {
    void serverTransport.send(message as JSONRPCMessage);
  };
  serverTransport.onmessage = (message) => {
    if (!("method" in message) || !("id" in message)) return;
    const { id } = message;
    const params = (message.params ?? {}) as { protocolVersion?: string; name?: string };
    if (message.method === "initialize") {
      send({
        jsonrpc: "2.0",
        id,
        result: {
          protocolVersion: params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "raw", version: "1.0.0" },
        },
      });
    } else if (message.method === "tools/call") {
      send({ jsonrpc: "2.0", id, ...answer(params.name ?? "") });
    } else {
      send({ jsonrpc: "2.0", id, error: { code: -32601, message: `Method not found: ${message.method}` } });
    }
  };
  await serverTransport.start();
  const client = new Client({ name: "executor-test", version: "1.0.0" });
  await client.connect(clientTransport);
  return {
    client,
    close: async () => {
      await client.close();
      await serverTransport.close();
    },
  };
}
