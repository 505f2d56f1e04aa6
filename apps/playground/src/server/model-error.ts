// A failed model request as the page shows it: the HTTP status and the API's
// own message. Each official client wraps it its own way: `openai` keeps the
// error object of the body in `error`, `@anthropic-ai/sdk` the whole body
// (`{ type: "error", error: { message } }`), `@google/genai` puts the body's
// JSON text in its message; the scripted model's refusals carry both plainly.

const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `message` of an API error body: `{ message }`, `{ error: { message } }`. */
function bodyMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body["message"] === "string") return body["message"];
  return bodyMessage(body["error"]);
}

/** The body's message inside a client's message text (`got status: 400 Bad Request. {"error": …}`). */
function messageInText(text: string): string | undefined {
  const start = text.indexOf("{");
  if (start === -1) return undefined;
  try {
    return bodyMessage(JSON.parse(text.slice(start)));
  } catch {
    return undefined;
  }
}

/**
 * What a model request's failure says: its HTTP status (`null` when it never
 * got one: a network error) and the API's own message, without the status the
 * clients put in front of it.
 *
 * @example
 * ```ts
 * modelErrorOf(new OpenAI.APIError(401, { message: "Incorrect API key" }, undefined, headers));
 * // { status: 401, message: "Incorrect API key" }
 * ```
 */
export function modelErrorOf(error: unknown): { status: number | null; message: string } {
  if (!(error instanceof Error)) return { status: null, message: String(error) };
  const status = "status" in error && typeof error.status === "number" ? error.status : null;
  if (status === null) return { status, message: error.message };
  const body = "error" in error ? bodyMessage(error.error) : undefined;
  return { status, message: body ?? messageInText(error.message) ?? error.message };
}
