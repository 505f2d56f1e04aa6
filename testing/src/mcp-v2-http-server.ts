// A web-standard MCP handler (`createMcpHandler` of @modelcontextprotocol/server)
// served over real HTTP on 127.0.0.1, with every JSON-RPC message the server
// receives logged. A client closing its response stream aborts the request,
// as a disconnect does in any Node server (the 2026-07-28 cancellation).
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { ServerLog } from "./mcp-v2-tool-servers";

/** A running HTTP server: its MCP endpoint and how to stop it. */
export interface McpHttpServer {
  readonly url: URL;
  close(): Promise<void>;
}

/** Serves `handler` at `http://127.0.0.1:<port>/mcp`, logging the messages it receives into `log`. */
export async function serveOverHttp(
  handler: { fetch(request: Request): Promise<Response> },
  log: ServerLog,
): Promise<McpHttpServer> {
  const server = createServer((req, res) => {
    void answer(handler, log, req, res);
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

async function answer(
  handler: { fetch(request: Request): Promise<Response> },
  log: ServerLog,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const gone = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (body.length > 0) record(log, body.toString("utf8"));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const response = await handler.fetch(
    new Request(`http://127.0.0.1${req.url ?? "/"}`, {
      method: req.method ?? "GET",
      headers,
      ...(body.length > 0 ? { body } : {}),
      signal: gone.signal,
    }),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) {
    res.end();
    return;
  }
  const stream = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  gone.signal.addEventListener("abort", () => stream.destroy(), { once: true });
  stream.on("error", () => res.destroy());
  stream.pipe(res);
}

function record(log: ServerLog, text: string): void {
  try {
    const parsed: unknown = JSON.parse(text);
    for (const message of Array.isArray(parsed) ? parsed : [parsed])
      log.messages.push(message as ServerLog["messages"][number]);
  } catch {
    // Not JSON: the handler answers it; nothing to log.
  }
}
