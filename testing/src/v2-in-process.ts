// The v2 demo server in this process, two ways: a v2 `Client` connected to
// `createMcpHandler`'s web `fetch` face with no socket (MCP 2026-07-28: the
// SDK's "Test a server" guide), and a v2 `Client` on the SDK's in-memory
// pair (2025 era only: the pair carries no 2026-07-28 traffic).
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ClientOptions } from "@modelcontextprotocol/client";
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { McpHttpHandler } from "@modelcontextprotocol/server";
import { createV2DemoServer } from "./v2-demo-server";
import type { V2DemoServer, V2DemoServerOptions } from "./v2-demo-server";

/** A connected v2 client of the demo server, and a way to close both. */
export interface V2InProcess {
  readonly client: Client;
  readonly demo: V2DemoServer;
  /** The handler (2026-07-28), when the client is connected through it. */
  readonly handler: McpHttpHandler | undefined;
  close(): Promise<void>;
}

/** Options of the in-process connections: the demo server's, and the client's (capabilities, …). */
export interface V2InProcessOptions extends V2DemoServerOptions {
  readonly client?: ClientOptions;
}

/**
 * A v2 client connected in this process to the demo server at MCP 2026-07-28
 * (`server/discover`, no `initialize`), through `createMcpHandler`.
 *
 * @example
 * ```ts
 * const { client, close } = await connectV2InProcess();
 * client.getProtocolEra(); // "modern"
 * ```
 */
export async function connectV2InProcess(options: V2InProcessOptions = {}): Promise<V2InProcess> {
  const demo = createV2DemoServer(options);
  const handler = createMcpHandler(demo.create);
  const transport = new StreamableHTTPClientTransport(new URL("http://in-process.test/mcp"), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  const client = new Client(
    { name: "x-tests", version: "1.0.0" },
    { ...options.client, versionNegotiation: { mode: "auto" } },
  );
  await client.connect(transport);
  return {
    client,
    demo,
    handler,
    close: async () => {
      await client.close();
      await handler.close();
    },
  };
}

/**
 * A v2 client connected in this process to one demo `McpServer` over the
 * SDK's in-memory pair, at the 2025 era (`initialize`).
 *
 * @example
 * ```ts
 * const { client, close } = await connectV2InMemory();
 * client.getProtocolEra(); // "legacy"
 * ```
 */
export async function connectV2InMemory(options: V2InProcessOptions = {}): Promise<V2InProcess> {
  const demo = createV2DemoServer(options);
  const server = demo.create();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "x-tests", version: "1.0.0" }, options.client);
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    demo,
    handler: undefined,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
