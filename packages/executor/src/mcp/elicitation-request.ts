// What a tool asks when it needs the user's input (MCP elicitation), and the
// answers an `elicit` function gives. Shapes: the 2026-07-28 specification,
// https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation

/** A value of a form field: text, a number, a yes/no, or the chosen options of a multi-select. */
export type ElicitationValue = string | number | boolean | string[];

/**
 * One field of an elicitation form: a flat primitive (string, number or
 * integer, boolean), a single-select enum, or a multi-select array of enum
 * values. Keywords outside this subset are not read.
 */
export interface ElicitationField {
  readonly type: "string" | "number" | "integer" | "boolean" | "array";
  readonly title?: string;
  readonly description?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: "email" | "uri" | "date" | "date-time";
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly oneOf?: readonly { readonly const: string; readonly title?: string }[];
  readonly items?: {
    readonly type?: "string";
    readonly enum?: readonly string[];
    readonly anyOf?: readonly { readonly const: string; readonly title?: string }[];
  };
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly default?: ElicitationValue;
}

/** The form a tool asks to be filled: a flat object of {@link ElicitationField}s. */
export interface ElicitationSchema {
  readonly type: "object";
  readonly properties: { readonly [name: string]: ElicitationField };
  readonly required?: readonly string[];
}

interface RequestOrigin {
  /** The server whose tool asks. */
  readonly server: string;
  /** The tool, by its name on that server. */
  readonly tool: string;
  /** The call it asks during. */
  readonly callId: string;
  /** Why the tool asks, in the server's words (show it with the server's name: it is not ours). */
  readonly message: string;
}

/**
 * What a tool asks for: a form to fill (`mode: "form"`), or a page to open
 * outside this client (`mode: "url"`: show the full URL, open it only with
 * the user's consent; the data entered there never passes through here).
 */
export type ElicitationRequest =
  | (RequestOrigin & { readonly mode: "form"; readonly requestedSchema: ElicitationSchema })
  | (RequestOrigin & { readonly mode: "url"; readonly url: string });

/**
 * MCP's own elicitation result: `accept` with the form's `content` (no
 * content in URL mode), `decline` (the user said no) or `cancel` (dismissed
 * without a choice).
 */
export type ElicitResult =
  | { readonly action: "accept"; readonly content?: { readonly [name: string]: ElicitationValue } }
  | { readonly action: "decline" }
  | { readonly action: "cancel" };

/**
 * An answer of `elicit`: MCP's result, or `"pause"` to stop the run until a
 * person answers (possible where the server lets the call be retried later:
 * protocol 2026-07-28).
 */
export type ElicitationAnswer = ElicitResult | "pause";

/**
 * Answers a tool's request for input, synchronously or as a promise. Its
 * `signal` aborts when the call is cancelled or times out: close the form
 * then. An accepted form's content is checked against the requested schema
 * before it goes back; a throw, a rejection or an answer that does not fit
 * fails that call only.
 *
 * @example
 * ```ts
 * const elicit: ElicitFunction = (request) =>
 *   request.mode === "form" && request.message.startsWith("Confirm")
 *     ? { action: "accept", content: { confirm: true } }
 *     : { action: "decline" };
 * ```
 */
export type ElicitFunction = (
  request: ElicitationRequest,
  context: { readonly signal: AbortSignal },
) => ElicitationAnswer | PromiseLike<ElicitationAnswer>;

/** Who answered a request, and how: what the executor reports as a `tool-call-elicitation` event. */
export interface ElicitationRecord {
  readonly request: ElicitationRequest;
  /**
   * What went back to the server: the answer's action; `"pause"` when the run
   * pauses; `"invalid"` when `elicit` failed or answered something that does
   * not fit (the call fails).
   */
  readonly action: "accept" | "decline" | "cancel" | "pause" | "invalid";
  /** The accepted content (values the user typed: report them only when asked to). */
  readonly content?: { readonly [name: string]: ElicitationValue };
  /** Why the request was answered without `elicit`, worded for the model (also in the call's notes). */
  readonly note?: string;
}

/**
 * Reads the params of an `elicitation/create` request (a server's request,
 * or an embedded input request) into the request `elicit` is given, or says
 * why it cannot be shown.
 */
export function readElicitationRequest(
  params: unknown,
  origin: Omit<RequestOrigin, "message">,
): { readonly request: ElicitationRequest } | { readonly problem: string } {
  if (typeof params !== "object" || params === null) return { problem: "it carried no parameters" };
  const { mode, message, url, requestedSchema } = params as {
    mode?: unknown;
    message?: unknown;
    url?: unknown;
    requestedSchema?: unknown;
  };
  if (typeof message !== "string") return { problem: "it carried no message" };
  if (mode === "url") {
    return typeof url === "string" ? { request: { ...origin, message, mode: "url", url } } : { problem: "no URL" };
  }
  if (mode !== undefined && mode !== "form") return { problem: `its mode ${JSON.stringify(mode)} is unknown` };
  const problem = schemaProblem(requestedSchema);
  if (problem !== undefined) return { problem };
  return { request: { ...origin, message, mode: "form", requestedSchema: requestedSchema as ElicitationSchema } };
}

const FIELD_TYPES = new Set(["string", "number", "integer", "boolean", "array"]);

// The spec's form subset: a flat object whose properties are primitives or enum selections.
function schemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null) return "its form has no schema";
  const { type, properties, required } = schema as { type?: unknown; properties?: unknown; required?: unknown };
  if (type !== "object" || typeof properties !== "object" || properties === null || Array.isArray(properties)) {
    return "its form is not a flat object of fields";
  }
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === "string"))) {
    return "its form's required list is not a list of names";
  }
  for (const [name, field] of Object.entries(properties)) {
    const fieldType: unknown = typeof field === "object" && field !== null ? (field as { type?: unknown }).type : null;
    if (typeof fieldType !== "string" || !FIELD_TYPES.has(fieldType)) {
      return `its form's field ${JSON.stringify(name)} is not a text, number, yes/no or choice field`;
    }
  }
  return undefined;
}
