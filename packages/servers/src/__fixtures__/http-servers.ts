// MCP servers of the 2025 era on 127.0.0.1, built on the v1 SDK (the tests
// that prove such servers still work): Streamable HTTP (stateless: a fresh
// server and transport per request), the older HTTP+SSE only, and one that
// answers every request 401. The 2026-07-28 server is @x/testing's.
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createCalculatorV1 as createCalculator } from "./calculator-server";

/** A running test server. */
export interface TestHttpServer {
  readonly url: string;
  /** What each request asked for: method, path and its authorization header. */
  readonly requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

async function listen(http: Server, path: string, requests: TestHttpServer["requests"]): Promise<TestHttpServer> {
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** The calculator over Streamable HTTP at /mcp. */
export function startStreamableServer(): Promise<TestHttpServer> {
  const requests: TestHttpServer["requests"] = [];
  const http = createServer((request, response) => {
    requests.push({
      method: request.method ?? "",
      path: request.url ?? "",
      authorization: request.headers.authorization,
    });
    const transport = new StreamableHTTPServerTransport({});
    const server = createCalculator();
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  return listen(http, "/mcp", requests);
}

/** The calculator over HTTP+SSE only (GET /sse, POST /messages): a POST to /sse is 405, as old servers answer. */
export function startSseServer(): Promise<TestHttpServer> {
  const requests: TestHttpServer["requests"] = [];
  const sessions = new Map<string, SSEServerTransport>();
  const http = createServer((request, response) => {
    requests.push({
      method: request.method ?? "",
      path: request.url ?? "",
      authorization: request.headers.authorization,
    });
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === "/sse") {
      const transport = new SSEServerTransport("/messages", response);
      sessions.set(transport.sessionId, transport);
      response.on("close", () => sessions.delete(transport.sessionId));
      void createCalculator().connect(transport);
      return;
    }
    const session = sessions.get(url.searchParams.get("sessionId") ?? "");
    if (request.method === "POST" && url.pathname === "/messages" && session !== undefined) {
      void session.handlePostMessage(request, response);
      return;
    }
    response.writeHead(405).end("Method Not Allowed");
  });
  return listen(http, "/sse", requests);
}

/** Answers everything 401 (as a server whose token is missing or wrong). */
export function startUnauthorizedServer(): Promise<TestHttpServer> {
  const requests: TestHttpServer["requests"] = [];
  const http = createServer((request, response) => {
    requests.push({
      method: request.method ?? "",
      path: request.url ?? "",
      authorization: request.headers.authorization,
    });
    response.writeHead(401, { "content-type": "text/plain" }).end("Unauthorized: bad token");
  });
  return listen(http, "/mcp", requests);
}
