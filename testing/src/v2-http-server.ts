// The v2 demo server over Streamable HTTP on 127.0.0.1, as the SDK serves
// MCP 2026-07-28: `createMcpHandler`, stateless (a fresh server per request,
// `server/discover` instead of `initialize`, change notifications on
// `subscriptions/listen` streams), and 2025-era requests served statelessly
// from the same factory. node:http carries the handler's web `fetch` face.
import { createMcpHandler } from "@modelcontextprotocol/server";
import { serveOverHttp } from "./mcp-http-server";
import { createV2DemoServer } from "./v2-demo-server";
import type { V2DemoServer, V2DemoServerOptions } from "./v2-demo-server";

/** One HTTP request the server got: its method, path, JSON-RPC method (of a POST) and authorization header. */
export interface V2HttpRequest {
  readonly method: string;
  readonly path: string;
  readonly rpcMethod: string | undefined;
  readonly authorization: string | undefined;
}

/** The running server. */
export interface V2HttpServer {
  /** Its MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  readonly demo: V2DemoServer;
  readonly requests: V2HttpRequest[];
  /** Adds a tool and tells every open `subscriptions/listen` stream that the tools changed. */
  addTool(name: string): void;
  /** Ends every open stream and stops listening. */
  close(): Promise<void>;
}

function rpcMethodOf(body: string): string | undefined {
  try {
    const message = JSON.parse(body) as { method?: unknown };
    return typeof message.method === "string" ? message.method : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the v2 demo server over Streamable HTTP at `/mcp` on a free port of 127.0.0.1.
 *
 * @example
 * ```ts
 * const server = await startV2HttpServer();
 * await using servers = await connectServers({ demo: { url: server.url } });
 * ```
 */
export async function startV2HttpServer(options: V2DemoServerOptions = {}): Promise<V2HttpServer> {
  const demo = createV2DemoServer(options);
  const handler = createMcpHandler(demo.create);
  const requests: V2HttpRequest[] = [];
  const http = await serveOverHttp(handler, ({ method, path, headers, body }) =>
    requests.push({ method, path, rpcMethod: rpcMethodOf(body), authorization: headers.authorization }),
  );
  return {
    url: http.url.href,
    demo,
    requests,
    addTool: (name) => {
      demo.addTool(name);
      handler.notify.toolsChanged();
    },
    close: async () => {
      await handler.close();
      await http.close();
    },
  };
}
