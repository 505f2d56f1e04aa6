import { toCallToolResult } from "@x/toolset";
import type { ToolCall, ToolOutcome } from "@x/toolset";
import { abortedError, callFailure, timeoutError } from "./call-errors";
import { callMcpTool } from "./mcp-client";
import type { CallToolOptions, McpProgress, McpToolClient } from "./mcp-client";

/** How each call of a round is bounded. */
export interface CallLimits {
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  /** The run's signal. */
  readonly signal: AbortSignal | undefined;
  /** Passed each progress report while the call runs; set only when someone listens or the timer restarts on it. */
  readonly onProgress: ((call: ToolCall, progress: McpProgress) => void) | undefined;
}

/** A call's deadline as a signal, restarted on each progress report when asked to. */
interface Deadline {
  readonly signal: AbortSignal;
  restart(): void;
  dispose(): void;
}

function deadline(timeoutMs: number, restartable: boolean): Deadline {
  if (!restartable) return { signal: AbortSignal.timeout(timeoutMs), restart: () => {}, dispose: () => {} };
  const controller = new AbortController();
  const expire = (): void => controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, "TimeoutError"));
  let timer = setTimeout(expire, timeoutMs);
  return {
    signal: controller.signal,
    restart: () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
    },
    dispose: () => clearTimeout(timer),
  };
}

/**
 * Runs `call` on `client` and resolves with its outcome: the checked MCP
 * result, or the error that explains what happened. Never rejects.
 *
 * The call's deadline (`timeoutMs`) and the run's signal are one
 * `AbortSignal` handed to the client, so the SDK cancels the request
 * (`notifications/cancelled`); the call is also answered here the moment
 * that signal aborts, so a client that ignores it is still answered on time.
 * Whatever the abandoned request does later is ignored.
 */
export function runCall(client: McpToolClient, call: ToolCall, limits: CallLimits): Promise<ToolOutcome> {
  const { timeoutMs, resetTimeoutOnProgress, onProgress } = limits;
  const timer = timeoutMs === undefined ? undefined : deadline(timeoutMs, resetTimeoutOnProgress);
  const signals = [limits.signal, timer?.signal].filter((signal) => signal !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const stopped = (): ToolOutcome =>
    timer?.signal.aborted === true
      ? timeoutError(call, timeoutMs, undefined, resetTimeoutOnProgress)
      : abortedError(call, true);
  if (signal?.aborted === true) {
    timer?.dispose();
    return Promise.resolve(timer?.signal.aborted === true ? stopped() : abortedError(call, false));
  }
  return new Promise<ToolOutcome>((resolve) => {
    let done = false;
    const settle = (outcome: ToolOutcome): void => {
      if (done) return;
      done = true;
      timer?.dispose();
      signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const onAbort = (): void => settle(stopped());
    signal?.addEventListener("abort", onAbort, { once: true });
    const options: CallToolOptions = {};
    if (onProgress !== undefined) {
      options.onprogress = (progress) => {
        if (done) return;
        if (resetTimeoutOnProgress) timer?.restart();
        onProgress(call, progress);
      };
    }
    if (signal !== undefined) options.signal = signal;
    if (timeoutMs !== undefined) options.timeout = timeoutMs;
    if (resetTimeoutOnProgress) options.resetTimeoutOnProgress = true;
    void request(client, call, options).then(settle);
  });
}

/** Sends the request and resolves with its checked outcome; a client that throws synchronously resolves too. */
function request(client: McpToolClient, call: ToolCall, options: CallToolOptions): Promise<ToolOutcome> {
  let pending: PromiseLike<unknown>;
  try {
    pending = callMcpTool(client, { name: call.toolName, arguments: call.arguments }, options);
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
