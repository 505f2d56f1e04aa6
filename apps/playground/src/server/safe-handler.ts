// A request listener no exception can get out of. Node ends the process on an
// uncaught exception, and the MCP servers go with it: one bad request (or a
// bug in one handler) must cost that request, never the playground.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

/** A request handler: may throw, or return a promise that rejects. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** Answers a request whose handler failed (logs it, sends an error). May throw: the listener catches that too. */
export type FailureHandler = (error: unknown, request: IncomingMessage, response: ServerResponse) => void;

/**
 * `handler` as a request listener that never throws and never leaves a
 * rejected promise: an exception, thrown or rejected, goes to `onFailure`;
 * when `onFailure` throws as well, the request is answered with a bare 500
 * (or, once the headers are out, its connection is closed).
 *
 * @param handler - does the work
 * @param onFailure - answers a failed request (a 500 with a message, say)
 * @returns a listener for `http.createServer`
 * @example
 * ```ts
 * createServer(safeHandler(route, (error, request, response) => response.writeHead(500).end()));
 * ```
 */
export function safeHandler(handler: Handler, onFailure: FailureHandler): RequestListener {
  return (request, response) => {
    const fail = (error: unknown): void => {
      try {
        onFailure(error, request, response);
      } catch {
        lastResort(response);
      }
    };
    try {
      const done = handler(request, response);
      if (done !== undefined) done.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

function lastResort(response: ServerResponse): void {
  try {
    if (response.headersSent) response.destroy();
    else response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Internal error.\n");
  } catch {
    response.destroy();
  }
}
