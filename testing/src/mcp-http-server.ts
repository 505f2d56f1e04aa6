// A web-standard MCP handler (`createMcpHandler` of @modelcontextprotocol/server)
// served over real HTTP on 127.0.0.1: node:http carries the handler's `fetch`
// face. A client closing its response aborts the request, as a disconnect
// does in any Node server (the 2026-07-28 cancellation).
import { createServer } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What serves the requests: a handler's web `fetch` face. */
export interface FetchHandler {
  fetch(request: Request): Promise<Response>;
}

/** One HTTP request the server got, its body as text (empty when it had none). */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A running HTTP server: its MCP endpoint and how to stop it. */
export interface McpHttpServer {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: URL;
  /** Ends every open connection and stops listening (the handler is the caller's to close). */
  close(): Promise<void>;
}

/**
 * Serves `handler` at `http://127.0.0.1:<port>/mcp` on a free port, telling
 * `onRequest` of each request before the handler answers it.
 *
 * @example
 * ```ts
 * const handler = createMcpHandler(() => new McpServer({ name: "demo", version: "1.0.0" }));
 * const http = await serveOverHttp(handler, (request) => console.log(request.method, request.body));
 * ```
 */
export async function serveOverHttp(
  handler: FetchHandler,
  onRequest: (request: ReceivedRequest) => void = () => {},
): Promise<McpHttpServer> {
  const server = createServer((request, response) => {
    void readBody(request)
      .then((body) => {
        onRequest({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body });
        return serve(handler, request, response, body);
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Serves one node:http request through the handler's `fetch`; the client going away aborts it. */
async function serve(handler: FetchHandler, request: IncomingMessage, response: ServerResponse, body: string) {
  const gone = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) gone.abort(new Error("the client closed the response"));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = body.length > 0 && request.method !== "GET" && request.method !== "HEAD";
  const answer = await handler.fetch(
    new Request(`http://${request.headers.host ?? "127.0.0.1"}${request.url ?? "/"}`, {
      method: request.method ?? "GET",
      headers,
      ...(hasBody ? { body } : {}),
      signal: gone.signal,
    }),
  );
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body === null) {
    response.end();
    return;
  }
  const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
  gone.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
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
