import type { PreparedTools, ToolCall, ToolSearchAnswer } from "@x/toolset";
import type { Rejection, ResolvedToolCalls } from "@x/toolset/adapter";
import { answerCall, callFields } from "./answer-call";
import type { AnswerContext, CallOutcome } from "./answer-call";
import { askApproval, deniedError, readAnswer } from "./approve-calls";
import type { ApprovalAnswer, ApprovalDecision } from "./approve-calls";
import { abortedError, noClientError } from "./call-errors";
import { now } from "./clock";
import { createLimiter } from "./limiter";
import { findClient } from "./mcp-client";
import type { McpClients } from "./mcp-client";
import { isPaused, runCall } from "./run-call";
import type { CallLimits, ResumedInput } from "./run-call";
import type { PausedMcpCall } from "./mcp/call-mcp-tool";
import type { ElicitationRequest } from "./mcp/elicitation-request";

/** The answers to one response's calls. */
export interface ExecuteResult<TOutput, TItem = unknown> {
  /** One answer per call id, in the order the model issued the calls. */
  readonly outputs: TOutput[];
  /**
   * What the conversation gains from this round, in the API's shape: the
   * response's own items, then its answers (one message holding them all
   * where the API wants that). Append them to the next request. Empty while
   * calls are `pending`.
   */
  readonly items: TItem[];
  /** One entry per call and per rejection, in the same order (paused calls have none). */
  readonly outcomes: CallOutcome<TOutput>[];
  /** The tool searches the adapter answered itself, in the same order; their answers are among `outputs`. */
  readonly searches: ToolSearchAnswer<TOutput>[];
  /** With `approve`: the calls it answered `"pause"` for, in the model's order, neither run nor answered. */
  readonly pending: ToolCall[];
  /**
   * Calls whose tool asked for input that `elicit` answered `"pause"` for
   * (protocol 2026-07-28, where the server lets the call be retried later):
   * neither finished nor answered, each with what it waits for.
   */
  readonly awaitingInput: AwaitingInput[];
}

/** A call waiting for a person's answer to its tool's requests for input. */
export interface AwaitingInput {
  readonly call: ToolCall;
  /** The requests, each under the key its answer goes back by. */
  readonly requests: readonly { readonly key: string; readonly request: ElicitationRequest }[];
  /** The paused call as plain JSON: what resuming sends back to the server. */
  readonly paused: PausedMcpCall;
}

/** What a round runs in. */
export interface RoundContext<TOutput> extends AnswerContext<TOutput> {
  readonly prepared: PreparedTools<unknown, unknown, TOutput>;
  readonly clients: McpClients;
}

/** How a call is decided: a decision, or `undefined` when the run was aborted before one came. */
export type DecideCall = (call: ToolCall) => Promise<ApprovalDecision | undefined>;

/** A decider from the round's `approve`, stopping with the signal; `undefined` without one (every call runs). */
export function approving({ settings, prepared }: RoundContext<unknown>): DecideCall | undefined {
  const { approve, signal } = settings;
  if (approve === undefined) return undefined;
  return (call) => askApproval(approve, call, prepared.toolset, signal);
}

/** A decider that reads `decisions` first, then asks `decide` for the calls they do not cover. */
export function deciding(decisions: { readonly [callId: string]: ApprovalAnswer }, decide: DecideCall): DecideCall {
  return (call) =>
    Object.hasOwn(decisions, call.callId) ? Promise.resolve(readAnswer(decisions[call.callId])) : decide(call);
}

const NOTHING_RESUMED: ReadonlyMap<string, ResumedInput> = new Map();

/**
 * Answers one round's calls: each rejected call with its error, each other
 * call decided one at a time in the model's order (a person answering
 * prompts sees them in order), the allowed ones run at most `concurrency`
 * at once, the denied ones answered `denied`, the paused ones left in
 * `pending`. Every outcome comes back in the model's order. Never rejects
 * because of a call, a tool or `approve`.
 */
export async function runRound<TOutput>(
  resolved: ResolvedToolCalls<TOutput>,
  decide: DecideCall | undefined,
  context: RoundContext<TOutput>,
  resumed: ReadonlyMap<string, ResumedInput> = NOTHING_RESUMED,
): Promise<Omit<ExecuteResult<TOutput>, "items">> {
  const answered: CallOutcome<TOutput>[] = resolved.rejected.map((rejection: Rejection) =>
    answerCall(rejection, { kind: "rejected", error: rejection.error }, context),
  );
  const allowed: ToolCall[] = [];
  const pending: ToolCall[] = [];
  for (const call of resolved.calls) {
    // A call resumed with a person's input was allowed when it first ran.
    const decision =
      decide === undefined || resumed.has(call.callId) ? ({ kind: "allow" } as const) : await decide(call);
    if (decision === undefined || decision.kind === "allow") allowed.push(call);
    else if (decision.kind === "pause") pending.push(call);
    else
      answered.push(
        answerCall(call, { kind: "denied", error: deniedError(call, decision), ...why(decision) }, context),
      );
  }
  const limit =
    allowed.length <= context.settings.concurrency ? undefined : createLimiter(context.settings.concurrency);
  const limits = callLimits(context);
  const run = (call: ToolCall): Promise<CallOutcome<TOutput> | AwaitingInput> =>
    runOne(call, limits, context, resumed.get(call.callId));
  const ended = await Promise.all(allowed.map((call) => (limit === undefined ? run(call) : limit(() => run(call)))));
  const awaitingInput = ended.filter((end): end is AwaitingInput => "paused" in end);
  const ran =
    awaitingInput.length === 0
      ? (ended as CallOutcome<TOutput>[])
      : ended.filter((end): end is CallOutcome<TOutput> => !("paused" in end));
  const byIndex = (a: { index: number }, b: { index: number }): number => a.index - b.index;
  // Each list is in the model's order already; merged, they are sorted again.
  const outcomes = answered.length === 0 ? ran : [...answered, ...ran].sort(byIndex);
  const answers = resolved.searches.length === 0 ? outcomes : [...outcomes, ...resolved.searches].sort(byIndex);
  const outputs = answers.map((entry) => entry.output);
  return { outputs, outcomes, searches: resolved.searches, pending, awaitingInput };
}

const why = (decision: ApprovalDecision): { reason?: string; approvalError?: unknown } =>
  decision.kind !== "deny"
    ? {}
    : {
        ...(decision.reason === undefined ? {} : { reason: decision.reason }),
        ...(decision.error === undefined ? {} : { approvalError: decision.error }),
      };

function callLimits(context: RoundContext<unknown>): CallLimits {
  const { settings, emit, executionId, prepared } = context;
  return {
    elicit: settings.elicit,
    tool: (call) => prepared.toolset.resolve(call.name)?.tool,
    onElicitation: (call, record) =>
      void emit?.({
        type: "tool-call-elicitation",
        timestamp: now(),
        ...callFields(executionId, call),
        mode: record.request.mode,
        message: record.request.message,
        ...(record.request.mode === "url"
          ? { url: record.request.url }
          : { requestedSchema: record.request.requestedSchema }),
        action: record.action,
        ...(record.note === undefined ? {} : { note: record.note }),
        ...(settings.includeValues && record.content !== undefined ? { content: record.content } : {}),
      }),
    timeoutMs: settings.timeoutMs,
    resetTimeoutOnProgress: settings.resetTimeoutOnProgress,
    signal: settings.signal,
    onProgress: !settings.wantsProgress
      ? undefined
      : (call, { progress, total, message }) =>
          void emit?.({
            type: "tool-call-progress",
            timestamp: now(),
            ...callFields(executionId, call),
            progress,
            ...(typeof total === "number" ? { total } : {}),
            ...(typeof message === "string" ? { message } : {}),
          }),
  };
}

const described = (description: unknown): { description?: string } =>
  typeof description === "string" ? { description } : {};

/**
 * Runs one call (unless the run was aborted or no client serves it) and
 * answers it, or gives what it waits for when its tool's request for input
 * was paused.
 */
async function runOne<TOutput>(
  call: ToolCall,
  limits: CallLimits,
  context: RoundContext<TOutput>,
  resumed: ResumedInput | undefined,
): Promise<CallOutcome<TOutput> | AwaitingInput> {
  const startTime = now();
  const { emit, executionId, prepared, settings } = context;
  emit?.({
    type: "tool-call-start",
    timestamp: startTime,
    ...callFields(executionId, call),
    ...described(prepared.toolset.resolve(call.name)?.tool.description),
    ...(settings.includeValues ? { arguments: call.arguments } : {}),
  });
  const client = findClient(context.clients, call.server);
  const end =
    settings.signal?.aborted === true
      ? abortedError(call, false)
      : client === undefined
        ? noClientError(call)
        : await runCall(client, call, limits, resumed);
  if (isPaused(end)) return { call, requests: end.paused.pending, paused: end.paused };
  return answerCall(call, { kind: "ran", outcome: end, startTime }, context);
}
