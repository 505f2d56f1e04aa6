// The errors a call can end with, worded for the model (they become its tool
// output after the error prefix) and for the developer reading a hook event.
// They name the tool by its exposed name: the one the model knows.
import { ToolError } from "@x/toolset";
import type { ToolCall } from "@x/toolset";

// The MCP SDK's own error codes, matched structurally so the SDK stays a dev dependency: v1's
// numbers (ErrorCode.ConnectionClosed, ErrorCode.RequestTimeout) and v2's strings (SdkErrorCode,
// core-internal/src/errors/sdkErrors.ts of @modelcontextprotocol/core 2.4.0).
const closed = (code: unknown): boolean => code === -32000 || code === "CONNECTION_CLOSED";
const timedOut = (code: unknown): boolean => code === -32001 || code === "REQUEST_TIMEOUT";

const unknownEffects = "Its effects, if any, are unknown.";

/**
 * The call outlived `timeoutMs` (since its last progress report, with `resetTimeoutOnProgress`); its MCP request was
 * cancelled.
 */
export function timeoutError(
  call: ToolCall,
  timeoutMs: number | undefined,
  cause?: unknown,
  sinceProgress = false,
): ToolError {
  const within = timeoutMs === undefined ? "in time" : `within ${timeoutMs} ms`;
  const what = sinceProgress ? "answer or report progress" : "answer";
  return new ToolError(
    "timeout",
    `The tool "${call.name}" did not ${what} ${within} and was cancelled. ${unknownEffects}`,
    {
      cause,
    },
  );
}

/** The run's signal aborted the call (or it was aborted before it started). */
export function abortedError(call: ToolCall, started: boolean): ToolError {
  return new ToolError(
    "aborted",
    started
      ? `The call to the tool "${call.name}" was cancelled before it finished, because the run was stopped. ` +
          `${unknownEffects}`
      : `The tool "${call.name}" was not run, because the run was stopped.`,
  );
}

/** No client is configured for the call's server. */
export function noClientError(call: ToolCall): ToolError {
  return new ToolError(
    "no-client",
    `The tool "${call.name}" cannot run: no MCP client is configured for its server "${call.server}".`,
  );
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

interface ErrorLike {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly data?: unknown;
  readonly issues?: unknown;
}

/**
 * What a `callTool` rejection means: the SDK's connection-closed (before
 * the request was sent: not run; while it was in flight: effects unknown) and
 * request-timeout errors, a result that failed the SDK's own result schema
 * (a zod error with `issues`), and anything else as `tool-failed` with the
 * server's message.
 */
export function callFailure(call: ToolCall, error: unknown): ToolError {
  if (typeof error === "object" && error !== null) {
    const { code, message, data, issues } = error as ErrorLike;
    const text = typeof message === "string" ? message : "";
    // "Not connected": the SDK refused to send the request (the connection had closed already), so nothing ran.
    if (text === "Not connected" || code === "NOT_CONNECTED") {
      return new ToolError(
        "connection-closed",
        `The tool "${call.name}" was not run: the connection to its MCP server had closed before the call was sent.`,
        { cause: error },
      );
    }
    // "Connection closed": the request was sent and the connection closed while it was in flight.
    if (closed(code) && text.includes("Connection closed")) {
      return new ToolError(
        "connection-closed",
        `The connection to the MCP server of the tool "${call.name}" closed before it answered. ${unknownEffects}`,
        { cause: error },
      );
    }
    if (timedOut(code) && text.includes("Request timed out")) {
      const timeout = (data as { timeout?: unknown } | undefined)?.timeout;
      return timeoutError(call, typeof timeout === "number" ? timeout : undefined, error);
    }
    if (Array.isArray(issues)) {
      const first = issues[0] as { path?: unknown; message?: unknown } | undefined;
      const where = Array.isArray(first?.path) && first.path.length > 0 ? ` at ${first.path.join(".")}` : "";
      const what = typeof first?.message === "string" ? `: ${first.message}` : "";
      return new ToolError("malformed-result", `The tool "${call.name}" returned a malformed result${where}${what}.`, {
        cause: error,
      });
    }
  }
  return new ToolError("tool-failed", `The tool "${call.name}" failed: ${describe(error)}`, { cause: error });
}
