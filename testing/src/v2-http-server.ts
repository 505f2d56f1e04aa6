// The v2 demo server over Streamable HTTP on 127.0.0.1, as the SDK serves
// MCP 2026-07-28: `createMcpHandler`, stateless (a fresh server per request,
// `server/discover` instead of `initialize`, change notifications on
// `subscriptions/listen` streams), and 2025-era requests served statelessly
// from the same factory. node:http carries the handler's web `fetch` face.
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { McpHttpHandler } from "@modelcontextprotocol/server";
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

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function rpcMethodOf(body: string): string | undefined {
  try {
    const message = JSON.parse(body) as { method?: unknown };
    return typeof message.method === "string" ? message.method : undefined;
  } catch {
    return undefined;
  }
}

/** Serves one node:http request through the handler's `fetch`; the client going away aborts it (cancellation). */
async function serve(handler: McpHttpHandler, request: IncomingMessage, response: ServerResponse, body: string) {
  const aborted = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) aborted.abort(new Error("the client closed the response"));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.method !== "DELETE";
  const answer = await handler.fetch(
    new Request(`http://${request.headers.host ?? "127.0.0.1"}${request.url ?? "/"}`, {
      method: request.method ?? "GET",
      headers,
      ...(hasBody ? { body } : {}),
      signal: aborted.signal,
    }),
  );
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body === null) {
    response.end();
    return;
  }
  const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
  aborted.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      response.write(value);
    }
  } catch {
    // The client went away: the stream was cancelled.
  }
  response.end();
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
  const http = createServer((request, response) => {
    void readBody(request).then((body) => {
      requests.push({
        method: request.method ?? "",
        path: request.url ?? "",
        rpcMethod: rpcMethodOf(body),
        authorization: request.headers.authorization,
      });
      return serve(handler, request, response, body).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    demo,
    requests,
    addTool: (name) => {
      demo.addTool(name);
      handler.notify.toolsChanged();
    },
    close: async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
