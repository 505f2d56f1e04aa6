// Reads a request's JSON body, with a size cap.
import type { IncomingMessage } from "node:http";

/** The largest body the API reads. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body the API cannot read; `status` is what to answer. */
export class BodyError extends Error {
  override readonly name = "BodyError";
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The parsed JSON body of `request`.
 *
 * @example
 * ```ts
 * const body = await readJsonBody(request);
 * ```
 */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new BodyError(400, "The request body is not JSON.");
  }
}
