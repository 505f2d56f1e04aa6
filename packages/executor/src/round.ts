import { ToolError } from "@x/toolset";
import type { Adapter, OutputOptions, RejectedCall, ToolCall, ToolOutcome, Toolset } from "@x/toolset";
import { abortedError, noClientError } from "./call-errors";
import { now } from "./clock";
import type { Dispatcher } from "./dispatcher";
import type { CallOutcome, ExecuteResult, RoundSettings } from "./execute-options";
import { findClient } from "./mcp-client";
import type { McpClients, McpProgress, McpToolClient } from "./mcp-client";
import { request, RoundAbort, runCall } from "./run-call";
import type { CallLimits } from "./run-call";
import { truncateResult } from "./truncate-result";

/**
 * One round in flight: its calls started in index order, with at most
 * `concurrency` started and not yet answered at any time, each answered
 * exactly once, and the round's promise settled when the last is answered.
 *
 * State lives in fields and work in methods, rather than in closures made per
 * round: with the SDK's work around it, the executor's code runs cold, and
 * what it costs per call grows with every object it allocates and touches
 * (see bench/). A call without timeout, signal or progress (the default)
 * costs two callbacks and the promise of its `then`.
 */
export class Round<TResponse, TOutput> {
  private readonly calls: readonly ToolCall[];
  private readonly answered: CallOutcome<TOutput>[];
  private readonly rejected: CallOutcome<TOutput>[] | undefined;
  private readonly adapter: Adapter<unknown, TResponse, TOutput, unknown>;
  private readonly output: OutputOptions | undefined;
  private readonly maxOutputBytes: number;
  private readonly concurrency: number;
  private readonly toolset: Toolset;
  private readonly clients: McpClients;
  private readonly dispatcher: Dispatcher;
  private readonly executionId: string;
  /** Set when a call needs more than a plain request: a timeout, the run's signal or progress. */
  private readonly limits: CallLimits | undefined;
  private readonly abort: RoundAbort | undefined;
  private next = 0;
  private running = 0;
  private finished = 0;
  private pumping = false;
  private resolve: (result: ExecuteResult<TOutput>) => void = noop;
  private reject: (error: unknown) => void = noop;

  constructor(
    calls: readonly ToolCall[],
    rejected: CallOutcome<TOutput>[] | undefined,
    toolset: Toolset,
    clients: McpClients,
    settings: RoundSettings<TResponse, TOutput>,
    dispatcher: Dispatcher,
    executionId: string,
  ) {
    this.calls = calls;
    this.answered = new Array<CallOutcome<TOutput>>(calls.length);
    this.rejected = rejected;
    this.adapter = settings.adapter;
    this.output = settings.output;
    this.maxOutputBytes = settings.maxOutputBytes;
    this.concurrency = settings.concurrency;
    this.toolset = toolset;
    this.clients = clients;
    this.dispatcher = dispatcher;
    this.executionId = executionId;
    const { timeoutMs, resetTimeoutOnProgress, signal } = settings;
    this.abort = signal === undefined ? undefined : new RoundAbort(signal);
    this.limits =
      timeoutMs === undefined && this.abort === undefined && !resetTimeoutOnProgress && !dispatcher.wantsProgress
        ? undefined
        : { timeoutMs, resetTimeoutOnProgress, round: this.abort };
  }

  /** Starts the calls; the promise resolves when every call is answered, and rejects only when the adapter's `toolOutput` throws. */
  run(): Promise<ExecuteResult<TOutput>> {
    return new Promise<ExecuteResult<TOutput>>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.pump();
    });
  }

  /**
   * Starts queued calls while slots are free. A call answered synchronously
   * (no client, already aborted) is counted without recursion, so a long run
   * of immediate answers cannot overflow the stack.
   */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    while (this.next < this.calls.length && this.running < this.concurrency) {
      this.running++;
      this.start(this.next++);
    }
    this.pumping = false;
    if (this.finished === this.calls.length) this.complete();
  }

  private start(position: number): void {
    const call = this.calls[position] as ToolCall;
    const startTime = now();
    this.dispatcher.callStart(this.executionId, call, this.toolset, startTime);
    const client = findClient(this.clients, call.server);
    const aborted = this.abort?.aborted === true;
    if (aborted || client === undefined) {
      this.answer(position, startTime, aborted ? abortedError(call, false) : noClientError(call));
    } else if (this.limits === undefined) {
      request(client, call, undefined, this, position, startTime);
    } else {
      this.startLimited(client, call, this.limits, position, startTime);
    }
  }

  private startLimited(client: McpToolClient, call: ToolCall, limits: CallLimits, position: number, startTime: number): void {
    const { dispatcher, executionId } = this;
    const onProgress = dispatcher.wantsProgress
      ? (progress: McpProgress): void => dispatcher.callProgress(executionId, call, progress)
      : undefined;
    runCall(client, call, limits, this, position, startTime, onProgress);
  }

  /** The call at `position` ended with `outcome`: its answer is made, and its slot freed. */
  answer(position: number, startTime: number, outcome: ToolOutcome): void {
    try {
      this.finish(position, outcome, startTime);
    } catch (error) {
      // Only a broken adapter (toolOutput) gets here: the round rejects with its error.
      this.abort?.dispose();
      this.reject(error);
      return;
    }
    this.running--;
    this.finished++;
    this.pump();
  }

  private finish(position: number, outcome: ToolOutcome, startTime: number): void {
    const call = this.calls[position] as ToolCall;
    const durationMs = now() - startTime;
    let shown = outcome;
    let truncatedBytes = 0;
    if (outcome instanceof ToolError) {
      this.dispatcher.callError(this.executionId, call, startTime, durationMs, outcome);
    } else {
      const cut = this.maxOutputBytes === Infinity ? undefined : truncateResult(outcome, this.maxOutputBytes, this.output);
      if (cut !== undefined) ({ result: shown, truncatedBytes } = cut);
      this.dispatcher.callEnd(this.executionId, call, startTime, durationMs, outcome, truncatedBytes);
    }
    this.answered[position] = {
      kind: "call",
      callId: call.callId,
      index: call.index,
      call,
      outcome,
      output: this.adapter.toolOutput(call.callId, shown, this.output),
      durationMs,
      truncatedBytes,
    };
  }

  private complete(): void {
    this.abort?.dispose();
    const { answered, rejected } = this;
    // Rejections and calls each come in index order; together they take the model's order.
    const all = rejected === undefined ? answered : rejected.concat(answered).sort((a, b) => a.index - b.index);
    this.resolve({ outputs: all.map((entry) => entry.output), outcomes: all });
  }
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

function noop(): void {}
