import type { ToolCall, Toolset } from "@x/toolset";
import { renderResult } from "@x/toolset/adapter";
import { askApproval, deniedError } from "./approve-calls";
import type { ApprovalDecision, ApproveFunction } from "./approve-calls";
import { readRound } from "./read-round";
import { runRound } from "./run-round";
import type { CallOutcome, ExecuteResult, RoundCalls, RoundContext } from "./run-round";

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
  executionId: string,
  context: RoundContext<unknown, TOutput>,
): CallOutcome<TOutput> {
  const error = deniedError(call, decision);
  context.dispatcher.callDenied(executionId, call, {
    error,
    ...(decision.reason === undefined ? {} : { reason: decision.reason }),
    ...(decision.error === undefined ? {} : { approvalError: decision.error }),
  });
  return {
    kind: "denied",
    callId: call.callId,
    index: call.index,
    call,
    outcome: error,
    output: context.settings.adapter.renderedOutput(call.callId, renderResult(error, context.settings.render)),
    durationMs: 0,
    truncatedBytes: 0,
  };
}

/**
 * Decides each call of `round` with `decide`, one at a time in the model's
 * order (a person answering prompts sees them in order), then runs the
 * allowed ones as one round. Denied calls are answered with a `denied` error;
 * paused ones are left for the caller. Once the signal has aborted, no
 * further call is decided: the round answers the rest `aborted`, as it
 * answers every call it has not started. The round's answered outcomes
 * (rejections) are merged in the model's order.
 */
export async function decideAndRun<TOutput>(
  round: RoundCalls<TOutput>,
  decide: DecideCall,
  context: RoundContext<unknown, TOutput>,
): Promise<ApprovedRoundResult<TOutput>> {
  const allowed: ToolCall[] = [];
  const pending: ToolCall[] = [];
  const answered = [...round.answered];
  for (const call of round.calls) {
    const decision = await decide(call);
    if (decision === undefined || decision.kind === "allow") allowed.push(call);
    else if (decision.kind === "pause") pending.push(call);
    else answered.push(deniedOutcome(call, decision, round.executionId, context));
  }
  const result = await runRound({ ...round, calls: allowed, answered }, context);
  return { ...result, pending };
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
  context: RoundContext<TResponse, TOutput>,
  approve: ApproveFunction,
): Promise<ApprovedRoundResult<TOutput>> {
  const round = readRound(response, context);
  if (round === undefined) return Promise.resolve({ outputs: [], outcomes: [], searches: [], pending: [] });
  return decideAndRun(round, askingApprove(approve, context.toolset, context.settings.signal), context);
}
