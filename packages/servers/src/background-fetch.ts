// The fetch the HTTP transports are given. A GET is the stream a server talks
// back on when it likes (Streamable HTTP's optional GET stream, HTTP+SSE's
// event stream): waiting on it is not work, so its socket does not keep this
// process alive, and a script that forgets close() still ends. Node's own
// fetch keeps every socket with a response under way alive and has no way to
// say otherwise, so a GET goes through node:http; every other request (a
// POST: a request of ours that waits for its answer) goes through fetch.
import { request as httpRequest } from "node:http";
import type { IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";

function responseOf(message: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const status = message.statusCode ?? 500;
  const empty = status === 204 || status === 205 || status === 304;
  if (empty) message.resume();
  const body = empty ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: message.statusMessage ?? "", headers });
}

/**
 * `fetch`, except that a GET's socket does not keep the process alive.
 *
 * @param input - the URL
 * @param init - method, headers and signal (a GET has no body)
 * @returns the response, its body streamed
 */
export function backgroundFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET") return fetch(input, init);
  const url = new URL(input);
  const signal = init.signal ?? undefined;
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      return;
    }
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      { method, headers: Object.fromEntries(new Headers(init.headers)), agent: false },
      (message) => {
        try {
          resolve(responseOf(message));
        } catch (error) {
          message.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
    request.on("socket", (socket) => socket.unref());
    request.on("error", reject);
    signal?.addEventListener("abort", () => request.destroy(signal.reason as Error), { once: true });
    request.end();
  });
}
