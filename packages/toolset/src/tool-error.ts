/**
 * Every code a {@link ToolError} can carry, grouped by whose fault it is.
 *
 * - the caller's configuration: `invalid-sources`, `invalid-config`, `no-client`;
 * - the model's misbehaviour: `unknown-tool`, `arguments-not-json`,
 *   `arguments-not-object`, `unsupported-call`, `duplicate-call-id`;
 * - the tool or its server: `tool-failed`, `malformed-result`, `timeout`,
 *   `aborted`, `connection-closed`.
 */
export type ToolErrorCode =
  | "invalid-sources"
  | "invalid-config"
  | "no-client"
  | "unknown-tool"
  | "arguments-not-json"
  | "arguments-not-object"
  | "unsupported-call"
  | "duplicate-call-id"
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
  "no-client": "caller",
  "unknown-tool": "model",
  "arguments-not-json": "model",
  "arguments-not-object": "model",
  "unsupported-call": "model",
  "duplicate-call-id": "model",
  "tool-failed": "tool",
  "malformed-result": "tool",
  timeout: "tool",
  aborted: "tool",
  "connection-closed": "tool",
};

/**
 * The one error class of the @x packages. Its `message` is written for the
 * model (it becomes the tool output) and for the developer reading a log.
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
  }
}
