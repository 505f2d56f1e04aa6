// The page's live events: `POST /api/events` answers with a text/event-stream
// that stays open, and every event published goes to every open stream. It is
// a POST so that the request guard applies to it as to every API request that
// does something: Host, Origin, a JSON body and the token.
import type { ServerResponse } from "node:http";
import type { PushedEvent } from "../shared/api-types";

/** Keeps the open streams and sends them what is published. */
export interface EventHub {
  /** Turns `response` into an event stream; `first` is sent at once (the current state). */
  open(response: ServerResponse, first: PushedEvent, headers: { readonly [name: string]: string }): void;
  publish(event: PushedEvent): void;
  /** Ends every stream (the server is closing). */
  close(): void;
}

/** A comment line now and then keeps proxies and idle timers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * An empty hub. `redact` is applied to every event before it leaves, as to every API answer.
 *
 * @example
 * ```ts
 * const hub = createEventHub((event) => redactor.json(event));
 * hub.publish({ type: "state", state });
 * ```
 */
export function createEventHub(redact: (event: PushedEvent) => unknown): EventHub {
  const streams = new Set<ServerResponse>();
  const send = (response: ServerResponse, event: PushedEvent): void => {
    response.write(`data: ${JSON.stringify(redact(event))}\n\n`);
  };
  const timer = setInterval(() => {
    for (const response of streams) response.write(": keep-alive\n\n");
  }, KEEP_ALIVE_MS);
  timer.unref();
  return {
    open: (response, first, headers) => {
      response.writeHead(200, {
        ...headers,
        "content-type": "text/event-stream; charset=utf-8",
        connection: "keep-alive",
      });
      streams.add(response);
      response.on("close", () => streams.delete(response));
      send(response, first);
    },
    publish: (event) => {
      for (const response of streams) send(response, event);
    },
    close: () => {
      clearInterval(timer);
      for (const response of streams) response.end();
      streams.clear();
    },
  };
}
