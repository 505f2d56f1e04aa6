// HTTP requests with full control of the headers (fetch would set Host and may
// add Origin): what a hostile page or a DNS-rebinding attack can send.
import { request } from "node:http";

/** An answer: status, headers and body text. */
export interface RawResponse {
  readonly status: number;
  readonly headers: { readonly [name: string]: string | string[] | undefined };
  readonly body: string;
  /** The body as JSON (throws if it is not). */
  json<T = unknown>(): T;
}

/**
 * Sends one request to 127.0.0.1:`port` with exactly `headers` (plus Content-Length for a body).
 *
 * @example
 * ```ts
 * const response = await rawRequest(port, { method: "GET", path: "/api/state", headers: { host: "evil.example" } });
 * ```
 */
export function rawRequest(
  port: number,
  options: {
    method: string;
    path: string;
    headers: { [name: string]: string };
    body?: string;
    /** Aborting it closes the connection before the answer (a page that goes away). */
    signal?: AbortSignal;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: options.method,
        path: options.path,
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { "content-length": Buffer.byteLength(options.body) }),
        },
        // No agent: no default Host header handling beyond what we set.
        agent: false,
        setHost: false,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
