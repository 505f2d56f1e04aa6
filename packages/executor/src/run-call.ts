import { toCallToolResult } from "@x/toolset";
import type { ToolCall, ToolOutcome } from "@x/toolset";
import { abortedError, callFailure, timeoutError } from "./call-errors";
import type { CallToolOptions, McpProgress, McpToolClient } from "./mcp-client";
import type { RoundAbort } from "./round-abort";

/** How each call of a round is bounded: set once per round. */
export interface CallLimits {
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  readonly abort: RoundAbort | undefined;
  /** Passed each progress report while the call runs; set only when someone listens. */
  readonly onProgress: ((call: ToolCall, progress: McpProgress) => void) | undefined;
}

/**
 * Runs `call` on `client` and resolves with its outcome: the checked MCP
 * result, or the error that explains what happened. Never rejects, and never
 * resolves synchronously.
 *
 * Without limits (no timeout, no signal, no progress: the default) this is
 * the request alone. With them, a timeout or an abort cancels the MCP request
 * itself through the request options (`signal`, and `timeout` so the SDK's
 * 60 s default does not cut a longer limit short): the SDK then sends
 * `notifications/cancelled`, and the promise resolves right after, so that a
 * concurrency slot is freed, and the next request sent, only once the
 * cancellation is on its way; that holds even if the client ignores its
 * options. Whatever the abandoned request does later is observed and
 * ignored. Whether the server stops is not observable: the SDK drops a
 * response that arrives after the cancellation.
 *
 * Progress is asked for (`onprogress`) only when someone listens or
 * `resetTimeoutOnProgress` needs it; each report then restarts the timer here
 * too, so a client that ignores the option is not cut off either. No report
 * is passed on once the call has its outcome.
 *
 * @param client - the call's server's client
 * @param call - the call to run
 * @param limits - the round's limits, or `undefined` when there are none
 * @returns the outcome
 */
export function runCall(client: McpToolClient, call: ToolCall, limits: CallLimits | undefined): Promise<ToolOutcome> {
  if (limits === undefined) return request(client, call, undefined);
  const { timeoutMs, resetTimeoutOnProgress, abort, onProgress } = limits;
  return new Promise<ToolOutcome>((resolve) => {
    const controller = new AbortController();
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: ToolOutcome): void => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      abort?.inFlight.delete(cancel);
      resolve(outcome);
    };
    // The request is cancelled BEFORE the call settles: settling frees the
    // call's concurrency slot, and the server must receive this cancellation
    // before the next queued request.
    const cancel = (): void => {
      if (done) return;
      controller.abort("The run was aborted.");
      settle(abortedError(call, true));
    };
    const expire = (): void => {
      if (done) return;
      controller.abort(`No answer within ${timeoutMs} ms.`);
      settle(timeoutError(call, timeoutMs, undefined, resetTimeoutOnProgress));
    };
    abort?.inFlight.add(cancel);
    if (timeoutMs !== undefined) timer = setTimeout(expire, timeoutMs);
    const options: CallToolOptions = { signal: controller.signal };
    if (timeoutMs !== undefined) options.timeout = timeoutMs;
    if (onProgress !== undefined || resetTimeoutOnProgress) {
      options.onprogress = (progress) => {
        if (done) return;
        if (resetTimeoutOnProgress && timer !== undefined) {
          clearTimeout(timer);
          timer = setTimeout(expire, timeoutMs);
        }
        onProgress?.(call, progress);
      };
      if (resetTimeoutOnProgress) options.resetTimeoutOnProgress = true;
    }
    void request(client, call, options).then(settle);
  });
}

/**
 * Sends the request and resolves with its checked outcome. A client that
 * throws synchronously resolves like any other failure, in a later
 * microtask: callers never see a synchronous answer.
 */
function request(client: McpToolClient, call: ToolCall, options: CallToolOptions | undefined): Promise<ToolOutcome> {
  let pending: PromiseLike<unknown>;
  try {
    pending = client.callTool({ name: call.toolName, arguments: call.arguments }, undefined, options);
  } catch (error) {
    return Promise.resolve(callFailure(call, error));
  }
  return Promise.resolve(pending).then(
    (value) => validated(call, value),
    (error: unknown) => callFailure(call, error),
  );
}

function validated(call: ToolCall, value: unknown): ToolOutcome {
  try {
    return toCallToolResult(value);
  } catch (error) {
    return callFailure(call, error);
  }
}
