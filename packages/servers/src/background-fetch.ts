// The fetch the HTTP transports are given. Some requests open a stream a
// server talks back on when it likes: a GET (Streamable HTTP's optional GET
// stream of the 2025 era, HTTP+SSE's event stream) and a 2026-07-28
// `subscriptions/listen` POST. Waiting on them is not work, so their sockets
// do not keep this process alive, and a script that forgets close() still
// ends. Node's own fetch keeps every socket with a response under way alive
// and has no way to say otherwise, so those go through node:http; every other
// request (one of ours that waits for its answer) goes through fetch.
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

/** Whether a request opens a stream the server talks on when it likes: a GET, or a `subscriptions/listen`. */
function opensStandingStream(method: string, body: RequestInit["body"]): boolean {
  if (method === "GET") return true;
  if (method !== "POST" || typeof body !== "string" || !body.includes('"subscriptions/listen"')) return false;
  try {
    const message = JSON.parse(body) as { method?: unknown };
    return message.method === "subscriptions/listen";
  } catch {
    return false;
  }
}

/**
 * `fetch`, except that a request opening a standing stream (a GET, a `subscriptions/listen`) does not keep the
 * process alive.
 *
 * @param input - the URL
 * @param init - method, headers, body and signal
 * @returns the response, its body streamed
 */
export function backgroundFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  if (!opensStandingStream(method, init.body)) return fetch(input, init);
  const body = typeof init.body === "string" ? init.body : undefined;
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
    request.end(body);
  });
}
