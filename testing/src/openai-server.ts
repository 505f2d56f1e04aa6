// A local stand-in for the OpenAI API on 127.0.0.1 (node:http): it records
// every request body and answers with whatever the test's handler decides:
// a JSON body, or a stream of server-sent events as the API streams them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A JSON body. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * What the handler answers: a status and a JSON body, or (for a request with
 * `stream: true`) the stream's events, sent as server-sent events (`event:`
 * its type, `data:` its JSON, then `data: [DONE]`, as OpenAI sends them).
 */
export type Reply =
  { readonly status: number; readonly body: Json } | { readonly status: 200; readonly events: readonly Json[] };

/** One request the server received and its reply. */
export interface Exchange {
  readonly path: string;
  readonly request: Json;
  readonly status: number;
  /** The JSON body, or the list of events streamed. */
  readonly response: Json;
}

/** The running server: its `baseURL` for the openai client, every exchange so far, and `close`. */
export interface OpenAiServer {
  readonly baseURL: string;
  readonly exchanges: Exchange[];
  close(): Promise<void>;
}

/** OpenAI's error body for a 400. */
export const invalidRequest = (message: string, param: string | null = null): Reply => ({
  status: 400,
  body: { error: { message, type: "invalid_request_error", param, code: null } },
});

const serverSentEvent = (event: Json): string => {
  const type = typeof event === "object" && event !== null && !Array.isArray(event) ? event.type : undefined;
  return `${typeof type === "string" ? `event: ${type}\n` : ""}data: ${JSON.stringify(event)}\n\n`;
};

/** Starts the server; `handle` gets each request's path and parsed body. */
export async function startOpenAiServer(handle: (path: string, body: Json) => Reply): Promise<OpenAiServer> {
  const exchanges: Exchange[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json;
      const reply = handle(path, body);
      if ("events" in reply) {
        exchanges.push({ path, request: body, status: reply.status, response: [...reply.events] });
        response.writeHead(reply.status, { "content-type": "text/event-stream" });
        response.end(reply.events.map(serverSentEvent).join("") + "data: [DONE]\n\n");
        return;
      }
      exchanges.push({ path, request: body, status: reply.status, response: reply.body });
      response.writeHead(reply.status, { "content-type": "application/json" });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    exchanges,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
