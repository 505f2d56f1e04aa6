// Reads the playground's event stream (`POST /api/events`) from a test, over
// real HTTP with exactly the headers given.
import { request } from "node:http";
import type { PushedEvent } from "../src/shared/api-types";

/** An open event stream: its status and content type, the events so far, and a way to wait for one. */
export interface TestEventStream {
  readonly status: number;
  readonly contentType: string | undefined;
  /** Resolves with the first event (already received or to come) that `match` accepts. */
  next(match?: (event: PushedEvent) => boolean): Promise<PushedEvent>;
  /** The events received so far. */
  seen(): readonly PushedEvent[];
  close(): void;
}

/**
 * Opens the stream with `headers` (and a `{}` JSON body).
 *
 * @example
 * ```ts
 * const stream = await openTestEventStream(port, headers);
 * const first = await stream.next();
 * ```
 */
export function openTestEventStream(port: number, headers: { [name: string]: string }): Promise<TestEventStream> {
  return new Promise((resolve, reject) => {
    const body = "{}";
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/events",
        headers: { ...headers, "content-length": "2" },
        agent: false,
        setHost: false,
      },
      (res) => {
        const events: PushedEvent[] = [];
        const waiting: { match: (event: PushedEvent) => boolean; resolve: (event: PushedEvent) => void }[] = [];
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith("data: ")) {
              const event = JSON.parse(block.slice(6)) as PushedEvent;
              events.push(event);
              for (const waiter of waiting.filter((each) => each.match(event))) {
                waiting.splice(waiting.indexOf(waiter), 1);
                waiter.resolve(event);
              }
            }
            end = buffer.indexOf("\n\n");
          }
        });
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers["content-type"],
          next: (match = () => true) =>
            new Promise((found) => {
              const seen = events.find(match);
              if (seen !== undefined) found(seen);
              else waiting.push({ match, resolve: found });
            }),
          seen: () => [...events],
          close: () => req.destroy(),
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
