import { toCallToolResult } from "@x/toolset";
import type { ToolCall, ToolOutcome } from "@x/toolset";
import { abortedError, callFailure, timeoutError } from "./call-errors";
import type { CallToolOptions, McpProgress, McpToolClient } from "./mcp-client";

/**
 * The run's abort signal, listened to once per round (not once per call:
 * a hundred listeners on one signal would trip Node's leak warning and leak
 * for real when the caller reuses the signal). Each call in flight registers
 * its canceller here.
 */
export class RoundAbort {
  readonly inFlight: Set<() => void> = new Set();
  private readonly signal: AbortSignal;
  private readonly onAbort = (): void => {
    for (const cancel of [...this.inFlight]) cancel();
  };

  constructor(signal: AbortSignal) {
    this.signal = signal;
    signal.addEventListener("abort", this.onAbort, { once: true });
  }

  get aborted(): boolean {
    return this.signal.aborted;
  }

  dispose(): void {
    this.signal.removeEventListener("abort", this.onAbort);
  }
}

function validated(call: ToolCall, value: unknown): ToolOutcome {
  try {
    return toCallToolResult(value);
  } catch (error) {
    return callFailure(call, error);
  }
}

/**
 * Where a call's outcome goes: `answer(position, startTime, outcome)`, the
 * round's own method, so that a call needs no callback of its own beyond the
 * two its request's `then` takes.
 */
export interface CallAnswerer {
  answer(position: number, startTime: number, outcome: ToolOutcome): void;
}

/** How each call of a round is bounded: set once per round. */
export interface CallLimits {
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  readonly round: RoundAbort | undefined;
}

/**
 * Runs `call` on `client` under `limits` and hands its outcome to
 * `to.answer(position, startTime, outcome)`, exactly once and never
 * synchronously: the checked MCP result, or the error that explains what
 * happened. Nothing it does can reject. (A call without limits goes straight
 * to {@link request}.)
 *
 * A timeout or an abort cancels the MCP request itself through the request
 * options (`signal`, and `timeout` so the SDK's 60 s default does not cut a
 * longer limit short): the SDK then sends `notifications/cancelled`. The call
 * is answered right after (so its concurrency slot is freed, and the next
 * request sent, only once the cancellation is on its way), even if the
 * client ignores its options, and whatever the abandoned request does later
 * is observed and ignored. Whether the server stops is not observable: the
 * SDK drops a response that arrives after the cancellation.
 *
 * Progress is asked for (`onprogress`) only when someone listens
 * (`onProgress`) or `resetTimeoutOnProgress` needs it; each report then
 * restarts the timer here too, so a client that ignores the option is not
 * cut off either. No report is passed on once the call is answered.
 */
export function runCall(
  client: McpToolClient,
  call: ToolCall,
  limits: CallLimits,
  to: CallAnswerer,
  position: number,
  startTime: number,
  onProgress?: (progress: McpProgress) => void,
): void {
  const { timeoutMs, resetTimeoutOnProgress, round } = limits;
  const wantsProgress = onProgress !== undefined || resetTimeoutOnProgress;
  const controller = new AbortController();
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = (outcome: ToolOutcome): void => {
    if (done) return;
    done = true;
    if (timer !== undefined) clearTimeout(timer);
    round?.inFlight.delete(cancel);
    to.answer(position, startTime, outcome);
  };
  // The request is cancelled BEFORE the call is answered: answering frees the
  // call's concurrency slot and may send the next queued request at once, and
  // the server must receive this cancellation first.
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
  round?.inFlight.add(cancel);
  if (timeoutMs !== undefined) timer = setTimeout(expire, timeoutMs);
  const options: CallToolOptions = { signal: controller.signal };
  if (timeoutMs !== undefined) options.timeout = timeoutMs;
  if (wantsProgress) {
    options.onprogress = (progress) => {
      if (done) return;
      if (resetTimeoutOnProgress && timer !== undefined) {
        clearTimeout(timer);
        timer = setTimeout(expire, timeoutMs);
      }
      onProgress?.(progress);
    };
    if (resetTimeoutOnProgress) options.resetTimeoutOnProgress = true;
  }
  request(client, call, options, { answer: (_position, _startTime, outcome) => settle(outcome) }, position, startTime);
}

/**
 * Sends the request; `to.answer(position, startTime, …)` gets its outcome in
 * a later microtask. Whatever the request does after a timeout or an abort
 * answered the call is still observed here (and ignored by `runCall`'s
 * settle), so no rejection goes unhandled. Without options (no timeout, no
 * signal, no progress: the default) this is the whole of a call: no
 * controller, no timer, one promise of our own.
 */
export function request(
  client: McpToolClient,
  call: ToolCall,
  options: CallToolOptions | undefined,
  to: CallAnswerer,
  position: number,
  startTime: number,
): void {
  let pending: PromiseLike<unknown>;
  try {
    pending = client.callTool({ name: call.toolName, arguments: call.arguments }, undefined, options);
  } catch (error) {
    // Answered in a microtask like any other failure, so callers never see a synchronous answer.
    queueMicrotask(() => to.answer(position, startTime, callFailure(call, error)));
    return;
  }
  void Promise.resolve(pending).then(
    (value) => to.answer(position, startTime, validated(call, value)),
    (error: unknown) => to.answer(position, startTime, callFailure(call, error)),
  );
}
