// A local stand-in for the Anthropic Messages API on 127.0.0.1 (node:http),
// for the official `@anthropic-ai/sdk` client (`baseURL`): every request is
// checked as the API checks it (`refuseMessagesRequest`), recorded, and, when
// the API would take it, answered by the test's handler: a `Message`, or its
// stream of server-sent events.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { refuseMessagesRequest } from "./anthropic-request";
import type { Json } from "./openai-server";

/** What the handler answers: a status and a JSON body, or (for `stream: true`) the events to stream. */
export type AnthropicReply =
  { readonly status: number; readonly body: Json } | { readonly status: 200; readonly events: readonly Json[] };

/** One request the server received and its reply. */
export interface AnthropicExchange {
  readonly request: Json;
  readonly status: number;
  /** The JSON body, or the list of events streamed. */
  readonly response: Json;
}

/** The running stand-in: its `baseURL` for the client, every exchange so far, and `close`. */
export interface AnthropicServer {
  readonly baseURL: string;
  readonly exchanges: AnthropicExchange[];
  close(): Promise<void>;
}

/** The API's error body (https://platform.claude.com/docs/en/api/errors). */
export const anthropicError = (status: number, type: string, message: string): AnthropicReply => ({
  status,
  body: { type: "error", error: { type, message }, request_id: "req_standin" },
});

/** A 400 `invalid_request_error`. */
export const invalidMessagesRequest = (message: string): AnthropicReply =>
  anthropicError(400, "invalid_request_error", message);

// As the API streams them: `event:` the type, `data:` the JSON (no `[DONE]`).
const serverSentEvent = (event: Json): string => {
  const type = typeof event === "object" && event !== null && !Array.isArray(event) ? event.type : undefined;
  return `event: ${typeof type === "string" ? type : "message"}\ndata: ${JSON.stringify(event)}\n\n`;
};

/** Starts the stand-in; `handle` gets each request the API would take. */
export async function startAnthropicServer(handle: (body: Json) => AnthropicReply): Promise<AnthropicServer> {
  const exchanges: AnthropicExchange[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json;
      const reply =
        request.url !== "/v1/messages"
          ? anthropicError(404, "not_found_error", `No route ${request.url ?? ""}.`)
          : (refuseMessagesRequest(body) ?? handle(body));
      if ("events" in reply) {
        exchanges.push({ request: body, status: reply.status, response: [...reply.events] });
        response.writeHead(reply.status, { "content-type": "text/event-stream" });
        response.end(reply.events.map(serverSentEvent).join(""));
        return;
      }
      exchanges.push({ request: body, status: reply.status, response: reply.body });
      response.writeHead(reply.status, { "content-type": "application/json", "request-id": "req_standin" });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    exchanges,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A reply `Message` with the given content and stop reason (the other fields as the API fills them). */
export function anthropicMessage(content: Json[], stopReason: string, id = "msg_standin"): { [key: string]: Json } {
  return {
    id,
    type: "message",
    role: "assistant",
    model: "claude-standin",
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: null, cache_read_input_tokens: null },
  };
}

/**
 * The stream of events the API sends for `message`: `message_start` (no
 * content, no stop reason), per block `content_block_start` / deltas (text
 * in two pieces, `input` as JSON text in pieces of `pieceSize` characters) /
 * `content_block_stop`, `message_delta` with the stop reason, `message_stop`.
 */
export function messageEvents(message: { [key: string]: Json }, pieceSize = 7): Json[] {
  const content = Array.isArray(message.content) ? message.content : [];
  const events: Json[] = [
    { type: "message_start", message: { ...message, content: [], stop_reason: null, stop_sequence: null } },
  ];
  content.forEach((block, index) => {
    if (typeof block !== "object" || block === null || Array.isArray(block)) return;
    if (block.type === "text" && typeof block.text === "string") {
      events.push({ type: "content_block_start", index, content_block: { type: "text", text: "", citations: null } });
      const half = Math.ceil(block.text.length / 2);
      for (const piece of [block.text.slice(0, half), block.text.slice(half)]) {
        events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text: piece } });
      }
    } else if (block.type === "tool_use" || block.type === "server_tool_use") {
      events.push({ type: "content_block_start", index, content_block: { ...block, input: {} } });
      const json = JSON.stringify(block.input);
      for (let at = 0; at < json.length; at += pieceSize) {
        const partial = json.slice(at, at + pieceSize);
        events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: partial } });
      }
    } else {
      events.push({ type: "content_block_start", index, content_block: block });
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push(
    {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason ?? null, stop_sequence: null, stop_details: null, container: null },
      usage: {
        output_tokens: 12,
        input_tokens: null,
        cache_creation_input_tokens: null,
        cache_read_input_tokens: null,
      },
    },
    { type: "message_stop" },
  );
  return events;
}
