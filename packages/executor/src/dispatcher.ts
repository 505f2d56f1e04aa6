import type { McpCallToolResult, RejectedCall, ToolCall, ToolError, Toolset } from "@x/toolset";
import type { McpProgress } from "./mcp-client";
import { now } from "./clock";
import type { ExecutorEvent, ExecutorEventOf, ExecutorEventType, ExecutorHooks } from "./hook-events";

/** Why `approve` did not allow a call: `reason` and `approvalError` as in the `tool-call-denied` event. */
export interface Denial {
  /** The `denied` error the call is answered with. */
  readonly error: ToolError;
  readonly reason?: string;
  readonly approvalError?: unknown;
}

/**
 * How the executor reports events. Chosen once per run: with no hooks it is
 * {@link NOOP_DISPATCHER}, whose methods do nothing, so the hot path never
 * builds an event object nor tests whether anyone listens.
 */
export interface Dispatcher {
  /** `toolset` gives the description, looked up only when a start hook is set. */
  callStart(executionId: string, call: ToolCall, toolset: Toolset, timestamp: number): void;
  /** Whether a `tool-call-progress` hook is set: only then does a call ask for progress to report it. */
  readonly wantsProgress: boolean;
  callProgress(executionId: string, call: ToolCall, progress: McpProgress): void;
  callEnd(
    executionId: string,
    call: ToolCall,
    startTime: number,
    durationMs: number,
    result: McpCallToolResult,
    truncatedBytes: number,
  ): void;
  callError(executionId: string, call: ToolCall, startTime: number, durationMs: number, error: ToolError): void;
  callRejected(executionId: string, rejected: RejectedCall<unknown>): void;
  /** `approve` did not allow `call`. */
  callDenied(executionId: string, call: ToolCall, denial: Denial): void;
  /** Rare events (strict fallbacks, exclusions, turns, model deltas), built by the caller. */
  emit(event: ExecutorEvent): void;
}

const noop = (): void => {};

/** The dispatcher of a run without hooks. */
export const NOOP_DISPATCHER: Dispatcher = Object.freeze({
  callStart: noop,
  wantsProgress: false,
  callProgress: noop,
  callEnd: noop,
  callError: noop,
  callRejected: noop,
  callDenied: noop,
  emit: noop,
});

/** Calls `hook` so that neither a throw nor a rejection reaches the caller. */
export function callSafely<E>(hook: (event: E) => void | PromiseLike<void>, event: E): void {
  try {
    const returned = hook(event);
    if (returned !== undefined && returned !== null && typeof returned.then === "function") {
      // A rejected hook promise is swallowed here rather than becoming an unhandled rejection.
      returned.then(undefined, noop);
    }
  } catch {
    // A hook must never break execution.
  }
}

function callFields(executionId: string, call: ToolCall) {
  return {
    executionId,
    callId: call.callId,
    index: call.index,
    name: call.name,
    server: call.server,
    toolName: call.toolName,
  };
}

/**
 * The dispatcher for `hooks`: {@link NOOP_DISPATCHER} when no hook is set,
 * otherwise one whose methods build a frozen event only for the event types
 * that have a hook. `includeValues` adds argument values and results.
 */
export function createDispatcher(hooks: ExecutorHooks | undefined, includeValues: boolean): Dispatcher {
  if (hooks === undefined) return NOOP_DISPATCHER;
  const start = hooks["tool-call-start"];
  const progress = hooks["tool-call-progress"];
  const end = hooks["tool-call-end"];
  const error = hooks["tool-call-error"];
  const rejected = hooks["tool-call-rejected"];
  const denied = hooks["tool-call-denied"];
  const others = [
    hooks["strict-fallback"],
    hooks["tool-excluded"],
    hooks["turn-start"],
    hooks["turn-end"],
    hooks["model-delta"],
  ];
  if (
    start === undefined &&
    progress === undefined &&
    end === undefined &&
    error === undefined &&
    rejected === undefined &&
    denied === undefined &&
    others.every((h) => h === undefined)
  ) {
    return NOOP_DISPATCHER;
  }
  return {
    callStart:
      start === undefined
        ? noop
        : (executionId, call, toolset, timestamp) => {
            const description = toolset.resolve(call.name)?.tool.description;
            callSafely(
              start,
              Object.freeze({
                type: "tool-call-start" as const,
                timestamp,
                ...callFields(executionId, call),
                ...(description === undefined ? {} : { description }),
                ...(includeValues ? { arguments: call.arguments } : {}),
              }),
            );
          },
    wantsProgress: progress !== undefined,
    callProgress:
      progress === undefined
        ? noop
        : (executionId, call, { progress: value, total, message }) => {
            callSafely(
              progress,
              Object.freeze({
                type: "tool-call-progress" as const,
                timestamp: now(),
                ...callFields(executionId, call),
                progress: value,
                ...(typeof total === "number" ? { total } : {}),
                ...(typeof message === "string" ? { message } : {}),
              }),
            );
          },
    callEnd:
      end === undefined
        ? noop
        : // eslint-disable-next-line max-params -- per call: no event object is built unless a hook is set.
          (executionId, call, startTime, durationMs, result, truncatedBytes) => {
            callSafely(
              end,
              Object.freeze({
                type: "tool-call-end" as const,
                timestamp: startTime + durationMs,
                ...callFields(executionId, call),
                startTime,
                durationMs,
                isError: result.isError === true,
                truncatedBytes,
                ...(includeValues ? { result } : {}),
              }),
            );
          },
    callError:
      error === undefined
        ? noop
        : // eslint-disable-next-line max-params -- per call: no event object is built unless a hook is set.
          (executionId, call, startTime, durationMs, toolError) => {
            callSafely(
              error,
              Object.freeze({
                type: "tool-call-error" as const,
                timestamp: startTime + durationMs,
                ...callFields(executionId, call),
                startTime,
                durationMs,
                error: toolError,
              }),
            );
          },
    callRejected:
      rejected === undefined
        ? noop
        : (executionId, rejection) => {
            callSafely(
              rejected,
              Object.freeze({
                type: "tool-call-rejected" as const,
                timestamp: now(),
                executionId,
                callId: rejection.callId,
                index: rejection.index,
                name: rejection.name,
                error: rejection.error,
              }),
            );
          },
    callDenied:
      denied === undefined
        ? noop
        : (executionId, call, { error: deniedError, reason, approvalError }) => {
            callSafely(
              denied,
              Object.freeze({
                type: "tool-call-denied" as const,
                timestamp: now(),
                ...callFields(executionId, call),
                ...(reason === undefined ? {} : { reason }),
                ...(approvalError === undefined ? {} : { approvalError }),
                error: deniedError,
                ...(includeValues ? { arguments: call.arguments } : {}),
              }),
            );
          },
    emit: (event) => {
      const hook = hooks[event.type] as
        ((event: ExecutorEventOf<ExecutorEventType>) => void | PromiseLike<void>) | undefined;
      if (hook !== undefined) callSafely(hook, Object.freeze(event));
    },
  };
}
