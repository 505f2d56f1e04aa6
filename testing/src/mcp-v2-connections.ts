// Connected client and server pairs of each MCP SDK generation and protocol
// era, on the tool set of mcp-v2-tool-servers.ts. Every client declares the
// elicitation capability (form and URL) unless asked not to.
import { Client as V2Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport as V1InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpHandler, InMemoryTransport as V2InMemoryTransport } from "@modelcontextprotocol/server";
import { serveOverHttp } from "./mcp-http-server";
import { serverLog, v1ToolServer, v2ToolServer } from "./mcp-v2-tool-servers";
import type { ServerLog } from "./mcp-v2-tool-servers";

/** A connected client, what its server saw, and a way to close both. */
export interface ToolConnection<TClient> {
  readonly client: TClient;
  readonly log: ServerLog;
  close(): Promise<void>;
}

/** Options of the pairs: `elicitation: false` leaves the capability out. */
export interface ConnectionOptions {
  readonly elicitation?: boolean;
}

const CLIENT_INFO = { name: "x-tests", version: "1.0.0" };

function capabilities(options: ConnectionOptions): {
  elicitation?: { form: { [key: string]: never }; url: { [key: string]: never } };
} {
  return options.elicitation === false ? {} : { elicitation: { form: {}, url: {} } };
}

// Logs the JSON-RPC messages of an HTTP request's body (one, or a batch).
function logBody(body: string, log: ServerLog): void {
  try {
    const parsed: unknown = JSON.parse(body);
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) log.messages.push(message as never);
  } catch {
    // Not JSON (or no body): the handler answers it; nothing to log.
  }
}

// Logs what reaches the server end of an in-memory pair (set after the server connected).
function logMessages(
  transport: { onmessage?: ((message: never, extra?: never) => void) | undefined },
  log: ServerLog,
): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    log.messages.push(message);
    deliver?.(message, extra);
  };
}

/** A v1 client and a v1 server over v1's in-memory transport (protocol 2025-11-25). */
export async function v1InMemory(options: ConnectionOptions = {}): Promise<ToolConnection<V1Client>> {
  const log = serverLog();
  const server = v1ToolServer(log);
  const [clientTransport, serverTransport] = V1InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  logMessages(serverTransport, log);
  const client = new V1Client(CLIENT_INFO, { capabilities: capabilities(options) });
  await client.connect(clientTransport);
  return { client, log, close: () => client.close() };
}

/** A v2 client and a v2 server over v2's in-memory transport (which pairs legacy-era instances: 2025-11-25). */
export async function v2InMemory(options: ConnectionOptions = {}): Promise<ToolConnection<V2Client>> {
  const log = serverLog();
  const server = v2ToolServer(log);
  const [clientTransport, serverTransport] = V2InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  logMessages(serverTransport, log);
  const client = new V2Client(CLIENT_INFO, { capabilities: capabilities(options) });
  await client.connect(clientTransport);
  return { client, log, close: () => client.close() };
}

/**
 * A v2 client negotiating the newest revision (`versionNegotiation: "auto"`)
 * with a v2 `createMcpHandler` over real Streamable HTTP: stateless, protocol
 * 2026-07-28.
 */
export async function v2OverHttp(options: ConnectionOptions = {}): Promise<ToolConnection<V2Client>> {
  const log = serverLog();
  const handler = createMcpHandler(() => v2ToolServer(log));
  const http = await serveOverHttp(handler, (request) => logBody(request.body, log));
  const client = new V2Client(CLIENT_INFO, {
    capabilities: capabilities(options),
    versionNegotiation: { mode: "auto" },
  });
  await client.connect(new StreamableHTTPClientTransport(http.url));
  return {
    client,
    log,
    close: async () => {
      await client.close();
      await handler.close();
      await http.close();
    },
  };
}

/** A v1 client with the same v2 handler over HTTP: served statelessly at protocol 2025-11-25. */
export async function v1OverHttp(options: ConnectionOptions = {}): Promise<ToolConnection<V1Client>> {
  const log = serverLog();
  const handler = createMcpHandler(() => v2ToolServer(log));
  const http = await serveOverHttp(handler, (request) => logBody(request.body, log));
  const client = new V1Client(CLIENT_INFO, { capabilities: capabilities(options) });
  await client.connect(new V1HttpTransport(http.url));
  return {
    client,
    log,
    close: async () => {
      await client.close();
      await handler.close();
      await http.close();
    },
  };
}
