// The demo MCP server over Streamable HTTP on 127.0.0.1, stateless (a fresh
// server and transport per request), for the tests of `url` servers.
import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createDemoServer } from "../src/demo-server/demo-server";

/** A running HTTP demo server. */
export interface HttpDemoServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT/mcp` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the demo server (or the one `create` makes) over Streamable HTTP.
 * `refuse` may turn a request away: it returns why (answered 401 with that
 * text), or `undefined` to serve it.
 *
 * @example
 * ```ts
 * const server = await startHttpDemoServer();
 * // … { "url": server.url } …
 * await server.close();
 * ```
 */
export async function startHttpDemoServer(
  refuse: (request: IncomingMessage) => string | undefined = () => undefined,
  create: () => McpServer = createDemoServer,
): Promise<HttpDemoServer> {
  const http = createServer((request, response) => {
    const refusal = refuse(request);
    if (refusal !== undefined) {
      response.writeHead(401).end(refusal);
      return;
    }
    const transport = new StreamableHTTPServerTransport({});
    const server = create();
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
