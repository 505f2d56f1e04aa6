import { isToolError } from "@x/toolset";
import type { PreparedTools, RejectedCall, ToolCall, ToolError, ToolOutcome } from "@x/toolset";
import { renderResult } from "@x/toolset/adapter";
import type { Rejection } from "@x/toolset/adapter";
import { now } from "./clock";
import type { Emit } from "./emit";
import type { RoundSettings } from "./execute-options";

/** What became of one call of the response. */
export type CallOutcome<TOutput> =
  | {
      /** The call ran (or was due to run: `no-client`, `aborted` before it started). */
      readonly kind: "call";
      readonly callId: string;
      readonly index: number;
      readonly call: ToolCall;
      /** The MCP result as the server sent it (checked, before any cut), or the error. */
      readonly outcome: ToolOutcome;
      /** The item answering the call, as the model receives it. */
      readonly output: TOutput;
      readonly durationMs: number;
      /** UTF-8 bytes of text cut by `maxOutputBytes` (0 when nothing was cut). */
      readonly truncatedBytes: number;
    }
  | {
      /** `approve` did not allow the call: it was not run, and is answered with a `denied` error. */
      readonly kind: "denied";
      readonly callId: string;
      readonly index: number;
      readonly call: ToolCall;
      readonly outcome: ToolError;
      readonly output: TOutput;
      readonly durationMs: 0;
      readonly truncatedBytes: 0;
    }
  | {
      /** The call was not run: unknown tool, bad arguments, an unsupported or duplicate call, a tool gone. */
      readonly kind: "rejected";
      readonly callId: string;
      readonly index: number;
      readonly rejection: RejectedCall<TOutput>;
      readonly outcome: ToolError;
      readonly output: TOutput;
      readonly durationMs: 0;
      readonly truncatedBytes: 0;
    };

/** How a call ended, before it is answered. */
export type CallEnding =
  | { readonly kind: "ran"; readonly outcome: ToolOutcome; readonly startTime: number }
  | { readonly kind: "denied"; readonly error: ToolError; readonly reason?: string; readonly approvalError?: unknown }
  | { readonly kind: "rejected"; readonly error: ToolError };

/** What answering a call needs: the prepared tools' adapter, the render settings, the round's id and emit. */
export interface AnswerContext<TOutput> {
  readonly prepared: PreparedTools<unknown, unknown, TOutput>;
  readonly settings: RoundSettings;
  readonly emit: Emit;
  readonly executionId: string;
}

/** The fields every event about one call carries. */
export const callFields = (
  executionId: string,
  call: ToolCall,
): {
  executionId: string;
  callId: string;
  index: number;
  name: string;
  server: string;
  toolName: string;
} => ({
  executionId,
  callId: call.callId,
  index: call.index,
  name: call.name,
  server: call.server,
  toolName: call.toolName,
});

/**
 * Answers one call, however it ended: renders its result or error once, has
 * the adapter map it to the API's answer, and emits the event that says how
 * it ended (`tool-call-end`, `tool-call-error`, `tool-call-denied`,
 * `tool-call-rejected`). The one place a call's answer is made.
 */
export function answerCall<TOutput>(
  call: ToolCall | Rejection,
  ending: CallEnding,
  context: AnswerContext<TOutput>,
): CallOutcome<TOutput> {
  const { prepared, settings, emit, executionId } = context;
  const outcome = ending.kind === "ran" ? ending.outcome : ending.error;
  const rendered = renderResult(outcome, settings.render);
  const output = prepared.adapter.renderedOutput(call, rendered);
  const timestamp = now();
  switch (ending.kind) {
    case "rejected": {
      const rejection: RejectedCall<TOutput> = { ...(call as Rejection), error: ending.error, output };
      emit?.({
        type: "tool-call-rejected",
        timestamp,
        executionId,
        callId: call.callId,
        index: call.index,
        name: call.name,
        error: ending.error,
      });
      const { callId, index } = call;
      return {
        kind: "rejected",
        callId,
        index,
        rejection,
        outcome: ending.error,
        output,
        durationMs: 0,
        truncatedBytes: 0,
      };
    }
    case "denied": {
      const ran = call as ToolCall;
      emit?.({
        type: "tool-call-denied",
        timestamp,
        ...callFields(executionId, ran),
        ...(ending.reason === undefined ? {} : { reason: ending.reason }),
        ...(ending.approvalError === undefined ? {} : { approvalError: ending.approvalError }),
        error: ending.error,
        ...(settings.includeValues ? { arguments: ran.arguments } : {}),
      });
      const { callId, index } = ran;
      return {
        kind: "denied",
        callId,
        index,
        call: ran,
        outcome: ending.error,
        output,
        durationMs: 0,
        truncatedBytes: 0,
      };
    }
    case "ran": {
      const ran = call as ToolCall;
      const { startTime } = ending;
      const durationMs = timestamp - startTime;
      if (emit !== undefined) {
        const timing = { timestamp, ...callFields(executionId, ran), startTime, durationMs };
        if (isToolError(outcome)) {
          emit({ type: "tool-call-error", ...timing, error: outcome });
        } else {
          emit({
            type: "tool-call-end",
            ...timing,
            isError: outcome.isError === true,
            truncatedBytes: rendered.truncatedBytes,
            ...(settings.includeValues ? { result: outcome } : {}),
          });
        }
      }
      const { callId, index } = ran;
      return {
        kind: "call",
        callId,
        index,
        call: ran,
        outcome,
        output,
        durationMs,
        truncatedBytes: rendered.truncatedBytes,
      };
    }
    default: {
      const _exhaustive: never = ending;
      return _exhaustive;
    }
  }
}
