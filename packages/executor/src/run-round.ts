import { isToolError } from "@x/toolset";
import type { RejectedCall, ToolCall, ToolError, ToolOutcome, ToolSearchAnswer, Toolset } from "@x/toolset";
import { renderResult } from "@x/toolset/adapter";
import { abortedError, noClientError } from "./call-errors";
import { now } from "./clock";
import type { Dispatcher } from "./dispatcher";
import type { RoundSettings } from "./execute-options";
import { createLimiter } from "./limiter";
import { findClient } from "./mcp-client";
import type { McpClients } from "./mcp-client";
import { RoundAbort } from "./round-abort";
import { runCall } from "./run-call";
import type { CallLimits } from "./run-call";

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
      /** The call was not run: unknown tool, bad arguments, an unsupported or duplicate call. */
      readonly kind: "rejected";
      readonly callId: string;
      readonly index: number;
      readonly rejection: RejectedCall<TOutput>;
      readonly outcome: ToolError;
      readonly output: TOutput;
      readonly durationMs: 0;
      readonly truncatedBytes: 0;
    };

/** The answers to one response's calls. */
export interface ExecuteResult<TOutput> {
  /** One item per call id, in the order the model issued the calls: append them to the next request's input. */
  readonly outputs: TOutput[];
  /** One entry per call and per rejection, in the same order (paused calls have none). */
  readonly outcomes: CallOutcome<TOutput>[];
  /**
   * The tool searches the adapter answered itself (with `toolSearch`), in
   * the same order; their answers are among `outputs`. Nothing ran on a server.
   */
  readonly searches: ToolSearchAnswer<TOutput>[];
  /**
   * With `approve`: the calls it answered `"pause"` for, in the model's
   * order, neither run nor answered: their answers are still owed.
   */
  readonly pending?: ToolCall[];
}

/** What a round runs in: the checked options, the toolset and its clients, and the run's dispatcher. */
export interface RoundContext<TResponse, TOutput> {
  readonly settings: RoundSettings<TResponse, TOutput>;
  readonly toolset: Toolset;
  readonly clients: McpClients;
  readonly dispatcher: Dispatcher;
}

/** One round's calls, under the round's execution id. */
export interface RoundCalls<TOutput> {
  readonly executionId: string;
  /** The calls to run, in the model's order. */
  readonly calls: readonly ToolCall[];
  /** Outcomes made already (rejections, denials), merged with the calls' in the model's order. */
  readonly answered: readonly CallOutcome<TOutput>[];
  /** The tool searches the adapter answered; their answers take their place among the outputs. */
  readonly searches: readonly ToolSearchAnswer<TOutput>[];
}

/** What every call of a round shares. */
interface CallContext<TOutput> extends RoundContext<unknown, TOutput> {
  readonly executionId: string;
  readonly abort: RoundAbort | undefined;
  /** Set when a call needs more than a plain request: a timeout, the run's signal or progress. */
  readonly limits: CallLimits | undefined;
  /** Set once an answer could not be made (a broken adapter): the round has rejected, and no further call runs. */
  failed: boolean;
}

/**
 * Runs the calls of one round, at most `concurrency` at once, started in the
 * model's order, and collects every outcome in that order, the answered
 * calls' among them; the outputs have the tool searches' answers in their
 * place too. Rejects only when the adapter's `renderedOutput` throws.
 */
export function runRound<TOutput>(
  round: RoundCalls<TOutput>,
  context: RoundContext<unknown, TOutput>,
): Promise<ExecuteResult<TOutput>> {
  const { calls, answered, searches, executionId } = round;
  const { timeoutMs, resetTimeoutOnProgress, signal, concurrency } = context.settings;
  const abort = signal === undefined ? undefined : new RoundAbort(signal);
  const { dispatcher } = context;
  const onProgress = dispatcher.wantsProgress
    ? (call: ToolCall, progress: Parameters<Dispatcher["callProgress"]>[2]): void =>
        dispatcher.callProgress(executionId, call, progress)
    : undefined;
  const limits =
    timeoutMs === undefined && abort === undefined && !resetTimeoutOnProgress && onProgress === undefined
      ? undefined
      : { timeoutMs, resetTimeoutOnProgress, abort, onProgress };
  // Field by field, not by spreading `context`: in this hot path V8 copies a spread object several times slower.
  const callContext: CallContext<TOutput> = {
    settings: context.settings,
    toolset: context.toolset,
    clients: context.clients,
    dispatcher,
    executionId,
    abort,
    limits,
    failed: false,
  };
  // Every call fits at once (the common case): no queue to keep.
  const limit = calls.length <= concurrency ? undefined : createLimiter(concurrency);
  const running = calls.map((call) =>
    limit === undefined ? answerCall(call, callContext) : limit(() => answerCall(call, callContext)),
  );
  return Promise.all(running).then(
    (outcomes) => {
      abort?.dispose();
      // Answered calls, searches and calls each come in index order; together they take the model's order.
      const byIndex = (a: { index: number }, b: { index: number }): number => a.index - b.index;
      const all = answered.length === 0 ? outcomes : [...answered, ...outcomes].sort(byIndex);
      const outputs = (searches.length === 0 ? all : [...all, ...searches].sort(byIndex)).map((entry) => entry.output);
      return { outputs, outcomes: all, searches: [...searches] };
    },
    (error: unknown) => {
      abort?.dispose();
      throw error;
    },
  );
}

/** Runs one call (unless the run was aborted or no client serves it), then reports it and makes its answer. */
function answerCall<TOutput>(call: ToolCall, context: CallContext<TOutput>): Promise<CallOutcome<TOutput>> {
  const startTime = now();
  context.dispatcher.callStart(context.executionId, call, context.toolset, startTime);
  const client = findClient(context.clients, call.server);
  if (context.abort?.aborted === true || context.failed) {
    return Promise.resolve(abortedError(call, false)).then((outcome) => answer(call, context, startTime, outcome));
  }
  if (client === undefined)
    return Promise.resolve(noClientError(call)).then((outcome) => answer(call, context, startTime, outcome));
  return runCall(client, call, context.limits).then((outcome) => answer(call, context, startTime, outcome));
}

/** Reports the call's end and makes its answer from its outcome, rendered once. */
function answer<TOutput>(
  call: ToolCall,
  context: CallContext<TOutput>,
  startTime: number,
  outcome: ToolOutcome,
): CallOutcome<TOutput> {
  const { settings, dispatcher, executionId } = context;
  const durationMs = now() - startTime;
  const rendered = renderResult(outcome, settings.render);
  if (isToolError(outcome)) {
    dispatcher.callError(executionId, call, startTime, durationMs, outcome);
  } else {
    dispatcher.callEnd(executionId, call, startTime, durationMs, outcome, rendered.truncatedBytes);
  }
  let output: TOutput;
  try {
    output = settings.adapter.renderedOutput(call.callId, rendered);
  } catch (error) {
    // A broken adapter: the round rejects with its error, and no call still queued runs.
    context.failed = true;
    throw error;
  }
  return {
    kind: "call",
    callId: call.callId,
    index: call.index,
    call,
    outcome,
    output,
    durationMs,
    truncatedBytes: rendered.truncatedBytes,
  };
}

/** The outcome entry of a call the adapter rejected. */
export function rejectedOutcome<TOutput>(rejection: RejectedCall<TOutput>): CallOutcome<TOutput> {
  return {
    kind: "rejected",
    callId: rejection.callId,
    index: rejection.index,
    rejection,
    outcome: rejection.error,
    output: rejection.output,
    durationMs: 0,
    truncatedBytes: 0,
  };
}
