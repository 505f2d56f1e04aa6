/**
 * Every code a {@link ToolError} can carry, grouped by whose fault it is.
 *
 * - the caller's configuration or decision: `invalid-sources` (the sources
 *   given to `buildToolset`), `invalid-options` (an option of any @x
 *   function), `invalid-config` (an `mcpServers` config `@x/servers` cannot
 *   use), `no-client`, `denied` (the user did not allow the call);
 * - the model's misbehaviour: `unknown-tool`, `arguments-not-json`,
 *   `arguments-not-object`, `arguments-not-restorable`, `unsupported-call`,
 *   `duplicate-call-id`, `incomplete-call` (the response was cut off inside
 *   the call);
 * - the tool or its server: `tool-failed`, `malformed-result`, `timeout`,
 *   `aborted`, `connection-closed`.
 */
export type ToolErrorCode =
  | "invalid-sources"
  | "invalid-config"
  | "invalid-options"
  | "no-client"
  | "denied"
  | "already-resumed"
  | "unknown-tool"
  | "arguments-not-json"
  | "arguments-not-object"
  | "arguments-not-restorable"
  | "unsupported-call"
  | "duplicate-call-id"
  | "incomplete-call"
  | "tool-failed"
  | "malformed-result"
  | "timeout"
  | "aborted"
  | "connection-closed";

/** Whose fault a {@link ToolError} is. */
export type ToolErrorFault = "caller" | "model" | "tool";

const faults: { readonly [code in ToolErrorCode]: ToolErrorFault } = {
  "invalid-sources": "caller",
  "invalid-config": "caller",
  "invalid-options": "caller",
  "no-client": "caller",
  denied: "caller",
  "already-resumed": "caller",
  "unknown-tool": "model",
  "arguments-not-json": "model",
  "arguments-not-object": "model",
  "arguments-not-restorable": "model",
  "unsupported-call": "model",
  "duplicate-call-id": "model",
  "incomplete-call": "model",
  "tool-failed": "tool",
  "malformed-result": "tool",
  timeout: "tool",
  aborted: "tool",
  "connection-closed": "tool",
};

// The brand that marks a ToolError across copies of this package: the ESM and
// the CJS build (or two installed versions) each define their own class, so
// `instanceof` fails across them; `Symbol.for` gives every copy the same key.
const TOOL_ERROR = Symbol.for("@x/toolset.ToolError");

/**
 * The one error class of the @x packages. Its `message` is written for the
 * model (it becomes the tool output) and for the developer reading a log.
 * A caller's mistake (a bad option or bad sources) is thrown as a ToolError
 * whose `fault` is `"caller"`, before any work starts; what the model or a
 * tool got wrong becomes an output instead. Recognise one with
 * {@link isToolError}, not `instanceof`.
 *
 * @example
 * ```ts
 * const error = new ToolError("unknown-tool", 'No tool is named "serach". Available tools: search.');
 * error.fault; // "model"
 * ```
 */
export class ToolError extends Error {
  override readonly name = "ToolError" as const;
  /** What went wrong, as a stable string. */
  readonly code: ToolErrorCode;
  /** Whose fault it is: the caller's configuration, the model, or the tool and its server. */
  readonly fault: ToolErrorFault;

  /**
   * @param code - what went wrong
   * @param message - what, where, and what to do about it
   * @param options - the underlying `cause`, if any
   */
  constructor(code: ToolErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.fault = faults[code];
    // Not enumerable: it stays out of logs, snapshots and deep equality.
    Object.defineProperty(this, TOOL_ERROR, { value: true });
  }
}

/**
 * Whether `value` is a {@link ToolError} of any copy of this package (its
 * ESM or CJS build, another installed version), by its `Symbol.for` brand.
 *
 * @param value - anything caught or received
 * @returns `true` for a ToolError
 * @example
 * ```ts
 * try {
 *   buildToolset(sources, { separator: "/" });
 * } catch (error) {
 *   if (isToolError(error) && error.fault === "caller") console.error(error.code, error.message);
 * }
 * ```
 */
export function isToolError(value: unknown): value is ToolError {
  return typeof value === "object" && value !== null && (value as { [TOOL_ERROR]?: unknown })[TOOL_ERROR] === true;
}
