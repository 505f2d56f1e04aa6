import { isToolError, toCallToolResult } from "@x/toolset";
import type { ToolCall, ToolOutcome } from "@x/toolset";
import { abortedError, callFailure, timeoutError } from "./call-errors";
import type { McpProgress, McpToolClient } from "./mcp-client";
import { callMcpTool, resumeMcpToolCall } from "./mcp/call-mcp-tool";
import type { CallMcpToolOptions, McpCallOutcome, McpToolDefinition, PausedMcpCall } from "./mcp/call-mcp-tool";
import type { ElicitationRecord, ElicitFunction } from "./mcp/elicitation-request";

/** A call that waits for a person's answer to its tool's request for input (protocol 2026-07-28). */
export interface PausedForInput {
  readonly paused: PausedMcpCall;
}

/** How a call ended: its outcome, or paused for input. */
export type CallEnd = ToolOutcome | PausedForInput;

/** Whether a call's end is a pause for input. */
export const isPaused = (end: CallEnd): end is PausedForInput =>
  typeof end === "object" && end !== null && "paused" in end && !("content" in end);

/** A call paused for input, resumed: the stored call and the answers by request key. */
export interface ResumedInput {
  readonly paused: PausedMcpCall;
  readonly answers: { readonly [key: string]: unknown };
}

/** How each call of a round is bounded. */
export interface CallLimits {
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  /** The run's signal. */
  readonly signal: AbortSignal | undefined;
  /** Passed each progress report while the call runs; set only when someone listens or the timer restarts on it. */
  readonly onProgress: ((call: ToolCall, progress: McpProgress) => void) | undefined;
  /** Answers a tool's requests for input (declined at once without it). */
  readonly elicit: ElicitFunction | undefined;
  /** Told each request for input and how it was answered. */
  readonly onElicitation: (call: ToolCall, record: ElicitationRecord) => void;
  /** The tool's `tools/list` entry: whether it must run as a task. */
  readonly tool: (call: ToolCall) => McpToolDefinition | undefined;
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
export function runCall(
  client: McpToolClient,
  call: ToolCall,
  limits: CallLimits,
  resumed?: ResumedInput,
): Promise<CallEnd> {
  const { timeoutMs, resetTimeoutOnProgress, onProgress } = limits;
  if (
    timeoutMs === undefined &&
    limits.signal === undefined &&
    onProgress === undefined &&
    limits.elicit === undefined
  ) {
    // Nothing can stop the call or needs to hear from it: the request alone.
    const options: CallMcpToolOptions = {
      onElicitation: (record) => limits.onElicitation(call, record),
      tool: limits.tool(call),
    };
    return request(client, call, options, resumed);
  }
  const timer = timeoutMs === undefined ? undefined : deadline(timeoutMs, resetTimeoutOnProgress);
  const signals = [limits.signal, timer?.signal].filter((signal) => signal !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const stopped = (): CallEnd =>
    timer?.signal.aborted === true
      ? timeoutError(call, timeoutMs, undefined, resetTimeoutOnProgress)
      : abortedError(call, true);
  if (signal?.aborted === true) {
    timer?.dispose();
    return Promise.resolve(timer?.signal.aborted === true ? stopped() : abortedError(call, false));
  }
  return new Promise<CallEnd>((resolve) => {
    let done = false;
    const settle = (outcome: CallEnd): void => {
      if (done) return;
      done = true;
      timer?.dispose();
      signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const onAbort = (): void => settle(stopped());
    signal?.addEventListener("abort", onAbort, { once: true });
    const options: CallMcpToolOptions = {
      signal,
      timeoutMs,
      resetTimeoutOnProgress,
      onProgress:
        onProgress === undefined
          ? undefined
          : (progress: McpProgress) => {
              if (done) return;
              if (resetTimeoutOnProgress) timer?.restart();
              onProgress(call, progress);
            },
      elicit: limits.elicit,
      onElicitation: (record) => limits.onElicitation(call, record),
      tool: limits.tool(call),
    };
    void request(client, call, options, resumed).then(settle);
  });
}

/** Runs (or resumes) the call and resolves with how it ended; a client that throws synchronously resolves too. */
async function request(
  client: McpToolClient,
  call: ToolCall,
  options: CallMcpToolOptions,
  resumed: ResumedInput | undefined,
): Promise<CallEnd> {
  try {
    const mcpCall = { server: call.server, callId: call.callId, name: call.toolName, arguments: call.arguments };
    const ended: McpCallOutcome =
      resumed === undefined
        ? await callMcpTool(client, mcpCall, options)
        : await resumeMcpToolCall(client, resumed.paused, resumed.answers, options);
    if (ended.status === "paused") return { paused: ended.paused };
    return withNotes(validated(call, ended.result), ended.notes);
  } catch (error) {
    return callFailure(call, error);
  }
}

/** The result with the notes about its requests for input after its content, for the model to read. */
function withNotes(outcome: ToolOutcome, notes: readonly string[]): ToolOutcome {
  if (notes.length === 0 || isToolError(outcome)) return outcome;
  return { ...outcome, content: [...outcome.content, ...notes.map((text) => ({ type: "text" as const, text }))] };
}

function validated(call: ToolCall, value: unknown): ToolOutcome {
  try {
    return toCallToolResult(value);
  } catch (error) {
    return callFailure(call, error);
  }
}
