import type { ToolCall, ToolSearchAnswer, Toolset } from "@x/toolset";
import { renderResult } from "@x/toolset/adapter";
import { askApproval, deniedError } from "./approve-calls";
import type { ApprovalDecision, ApproveFunction } from "./approve-calls";
import type { Dispatcher } from "./dispatcher";
import type { RoundSettings } from "./execute-options";
import { nextExecutionId } from "./execution-id";
import type { McpClients } from "./mcp-client";
import { rejectedOutcome, runRound } from "./run-round";
import type { CallOutcome, ExecuteResult } from "./run-round";

/** A round whose calls went through `approve`: the answers, and the calls waiting for a decision (`"pause"`). */
export interface ApprovedRoundResult<TOutput> extends ExecuteResult<TOutput> {
  /** Calls neither run nor answered: `approve` answered `"pause"`. In the model's order. */
  readonly pending: ToolCall[];
}

/** How one call is decided: its decision, or `undefined` when the run was aborted before one came. */
export type DecideCall = (call: ToolCall) => Promise<ApprovalDecision | undefined>;

/** The answer to a call `approve` did not allow; the event says why. */
function deniedOutcome<TOutput>(
  call: ToolCall,
  decision: { readonly reason?: string; readonly error?: unknown },
  settings: RoundSettings<unknown, TOutput>,
  dispatcher: Dispatcher,
  executionId: string,
): CallOutcome<TOutput> {
  const error = deniedError(call, decision);
  dispatcher.callDenied(executionId, call, error, decision.reason, decision.error);
  return {
    kind: "denied",
    callId: call.callId,
    index: call.index,
    call,
    outcome: error,
    output: settings.adapter.renderedOutput(call.callId, renderResult(error, settings.render)),
    durationMs: 0,
    truncatedBytes: 0,
  };
}

/**
 * Decides each of `calls` with `decide`, one at a time in the model's order
 * (a person answering prompts sees them in order), then runs the allowed
 * ones as one round. Denied calls are answered with a `denied` error; paused
 * ones are left for the caller. Once the signal has aborted, no further call
 * is decided: the round answers the rest `aborted`, as it answers every call
 * it has not started. `answered` are outcomes made already (rejections),
 * merged in the model's order.
 */
export async function decideAndRun<TResponse, TOutput>(
  calls: readonly ToolCall[],
  answered: CallOutcome<TOutput>[],
  searches: readonly ToolSearchAnswer<TOutput>[],
  decide: DecideCall,
  toolset: Toolset,
  clients: McpClients,
  settings: RoundSettings<TResponse, TOutput>,
  dispatcher: Dispatcher,
  executionId: string,
): Promise<ApprovedRoundResult<TOutput>> {
  const allowed: ToolCall[] = [];
  const pending: ToolCall[] = [];
  const outcomes = [...answered];
  for (const call of calls) {
    const decision = await decide(call);
    if (decision === undefined || decision.kind === "allow") allowed.push(call);
    else if (decision.kind === "pause") pending.push(call);
    else outcomes.push(deniedOutcome(call, decision, settings, dispatcher, executionId));
  }
  const round = await runRound(allowed, outcomes, searches, { settings, toolset, clients, dispatcher, executionId });
  return { ...round, pending };
}

/** A decider that asks `approve`, stopping with the signal. */
export const askingApprove =
  (approve: ApproveFunction, toolset: Toolset, signal: AbortSignal | undefined): DecideCall =>
  (call) =>
    askApproval(approve, call, toolset, signal);

/**
 * One round with approvals: the calls of `response` read with the adapter,
 * the rejected ones answered, each other call put to `approve`, the allowed
 * ones run. Never rejects because of a call or of `approve`.
 */
export function executeApprovedRound<TResponse, TOutput>(
  response: TResponse,
  toolset: Toolset,
  clients: McpClients,
  settings: RoundSettings<TResponse, TOutput>,
  dispatcher: Dispatcher,
  approve: ApproveFunction,
): Promise<ApprovedRoundResult<TOutput>> {
  const options =
    settings.toolSearch === undefined ? settings.render : { ...settings.render, toolSearch: settings.toolSearch };
  const { calls, rejected, searches = [] } = settings.adapter.toolCalls(response, toolset, settings.nullPaths, options);
  if (calls.length === 0 && rejected.length === 0 && searches.length === 0) {
    return Promise.resolve({ outputs: [], outcomes: [], searches: [], pending: [] });
  }
  const executionId = nextExecutionId(dispatcher);
  const answered = rejected.map((rejection) => {
    dispatcher.callRejected(executionId, rejection);
    return rejectedOutcome(rejection);
  });
  const decide = askingApprove(approve, toolset, settings.signal);
  return decideAndRun(calls, answered, searches, decide, toolset, clients, settings, dispatcher, executionId);
}
