import { ToolError } from "@x/toolset";
import type { ToolCall } from "@x/toolset";
import type { Adapter, Rejection, RenderedResult, ResolvedToolCalls } from "@x/toolset/adapter";
import type { ApprovalAnswer, ApprovalDecision } from "./approve-calls";
import { nextExecutionId } from "./execution-id";
import { badState, checkState } from "./loop-state";
import type { ApprovalDecisions, InputAnswers, ToolLoopState } from "./loop-state";
import type { AwaitingInput } from "./run-round";
import type { ResumedInput } from "./run-call";
import { approving, deciding, runRound } from "./run-round";
import { answeredIds, append, roundContext, runTurns, startRun, stoppedBy } from "./run-tool-loop";
import type {
  AdapterOutput,
  LoopOptions,
  RunningLoop,
  ToolLoopOptions,
  ToolLoopResult,
  TranscriptEntry,
} from "./run-tool-loop";
import { sameJson } from "./same-json";

/**
 * Options of {@link resumeToolLoop}: those of `runToolLoop` but `input` (the
 * state has the transcript), and `claim`.
 *
 * @typeParam TAdapter - the adapter's type (`typeof adapter`), of the API the state belongs to
 * @typeParam TResponse - what the model function returns
 * @typeParam TInput - an item of the state's transcript
 */
export interface ResumeOptions<TAdapter extends Adapter, TResponse, TInput> extends Omit<
  ToolLoopOptions<TAdapter, TResponse, TInput>,
  "input"
> {
  /**
   * Claims the paused run before anything runs: given the state's `id`, it
   * answers `true` the first time and `false` ever after (back it with your
   * store: an exclusive file create, a unique row). A refused claim
   * (`false`, a throw or a rejection) rejects with `already-resumed`, so one
   * approval never runs a call twice. Without it, nothing stops a state
   * from being resumed twice.
   */
  readonly claim?: ((id: string) => boolean | PromiseLike<boolean>) | undefined;
}

const isInputAnswers = (decision: unknown): decision is InputAnswers =>
  typeof decision === "object" && decision !== null && "input" in decision && typeof decision.input === "object";

/** The decisions about approvals only: those for calls waiting for input go to the calls themselves. */
function approvals(decisions: ApprovalDecisions): { readonly [callId: string]: ApprovalAnswer } {
  return Object.fromEntries(
    Object.entries(decisions).filter((entry): entry is [string, ApprovalAnswer] => !isInputAnswers(entry[1])),
  );
}

/** The paused turn's calls as its response gives them, by call id. */
type Derived = Map<string, { readonly call?: ToolCall; readonly rejection?: Rejection; readonly search?: true }>;

function derivedById(resolved: ResolvedToolCalls<unknown>): Derived {
  const byId: Derived = new Map();
  for (const call of resolved.calls) byId.set(call.callId, { call });
  for (const rejection of resolved.rejected) byId.set(rejection.callId, { rejection });
  for (const search of resolved.searches) byId.set(search.callId, { search: true });
  return byId;
}

/**
 * Checks what the state says about its calls against what the paused
 * response in its transcript issued: each answered and pending call id is
 * one of the response's, each once; each pending call is the response's call
 * (name, arguments, position); every call of the response is answered or
 * pending.
 *
 * @throws {ToolError} `invalid-options` naming the first disagreement
 */
function checkAgainstTranscript(state: ToolLoopState, derived: Derived): void {
  const sameCall = (given: ToolCall, call: ToolCall): boolean =>
    given.name === call.name &&
    given.server === call.server &&
    given.toolName === call.toolName &&
    given.index === call.index &&
    sameJson(given.arguments, call.arguments);
  const seen = new Set<string>();
  const once = (callId: string, where: string): void => {
    if (seen.has(callId)) throw badState(`the call id ${JSON.stringify(callId)} occurs twice (${where})`);
    seen.add(callId);
  };
  for (const { callId } of state.answered) {
    once(callId, "answered");
    if (!derived.has(callId))
      throw badState(`answered holds ${JSON.stringify(callId)}, which the paused response did not issue`);
  }
  for (const pending of state.pending) {
    once(pending.callId, "pending");
    const found = derived.get(pending.callId);
    if (found === undefined) {
      throw badState(`pending holds ${JSON.stringify(pending.callId)}, which the paused response did not issue`);
    }
    const { call } = found;
    if (call === undefined) continue;
    if (!sameCall(pending, call)) {
      throw badState(`the pending call ${JSON.stringify(pending.callId)} is not the call the paused response issued`);
    }
  }
  for (const { call: given, paused } of state.inputs) {
    once(given.callId, "inputs");
    const call = derived.get(given.callId)?.call;
    // What resuming sends to the server is the paused call: it must be the model's call, restored as it was.
    const same =
      call !== undefined &&
      sameCall(given, call) &&
      paused.callId === call.callId &&
      paused.server === call.server &&
      paused.name === call.toolName &&
      sameJson(paused.arguments ?? {}, call.arguments);
    if (!same)
      throw badState(
        `the call ${JSON.stringify(given.callId)} waiting for input is not the call the paused response issued`,
      );
  }
  for (const callId of derived.keys()) {
    if (!seen.has(callId)) {
      throw badState(`the paused response's call ${JSON.stringify(callId)} is neither answered nor pending`);
    }
  }
}

/**
 * Checks that the transcript the run goes on with keeps the API's rule that
 * every call is answered exactly once: the turns before the pause as they
 * are, and the paused turn once its answers (those made, and one for each
 * call still waiting) are in. A stored transcript is data: one that would
 * have the API refuse the next request, or answer a call twice, is refused
 * before anything runs.
 *
 * @throws {ToolError} `invalid-options` saying what is wrong
 */
function checkWholeTranscript(
  adapter: Adapter,
  state: ToolLoopState,
  {
    prior,
    window,
    derived,
  }: { prior: readonly unknown[]; window: readonly unknown[]; derived: ResolvedToolCalls<unknown> },
): void {
  if (adapter.transcriptProblem === undefined) return;
  const before = adapter.transcriptProblem(prior);
  if (before !== undefined) throw badState(`its transcript before the paused response is not whole: ${before}`);
  const waiting: RenderedResult = { isError: false, parts: [], truncatedBytes: 0 };
  const owed = [...derived.calls, ...derived.rejected]
    .filter((call) => !state.answered.some((answer) => answer.callId === call.callId))
    .map((call) => ({ index: call.index, output: adapter.renderedOutput(call, waiting) }));
  const outputs = [...state.answered, ...owed].sort((a, b) => a.index - b.index).map((entry) => entry.output);
  const after = adapter.transcriptProblem([...prior, ...window, ...adapter.turnItems(outputs)]);
  if (after !== undefined) throw badState(`its paused turn, once answered, would not be whole: ${after}`);
}

/**
 * Continues a run that stopped with `stopReason: "needs-approval"` or
 * `"needs-input"`.
 *
 * The calls to decide are read again from the transcript's last response
 * (the model's own calls, their arguments restored with the current tools),
 * and a state whose `pending`, `answered` or counters disagree with its
 * transcript is refused: a stored state is data, and nothing runs that the
 * model did not issue. Each pending call is decided by `decisions[callId]`
 * (`true`, `false`, `{ allow, reason }`), or, without one, by
 * `options.approve`; a call still undecided keeps the run paused (a new
 * `state`, with a new id). Once every call is decided, the allowed ones
 * run, the denied ones are answered `denied`, a call whose tool is gone is
 * answered `unknown-tool`, the turn's answers go into the transcript in the
 * model's order, `stopWhen` is checked on that turn, and the loop goes on as
 * `runToolLoop` would, its turns and usage counted from the state's. A call
 * waiting for input (`state.inputs`) resumes with `decisions[callId] =
 * { input: { [key]: result } }` (MCP's `{ action, content }` for each of its
 * requests), or asks `options.elicit` when it has no decision; without
 * either it keeps waiting.
 *
 * What the state says was answered before the pause is taken as it is: the
 * checks prove that every call is the model's and that each is answered
 * once, not that an answered call was answered by running it. Keep paused
 * states where only your code writes them, and pass `claim` so that one
 * pause is resumed once.
 *
 * @param state - the `state` of a `needs-approval` or `needs-input` result (as it was, or read back from JSON)
 * @param decisions - answers by call id, for some or all of the pending calls
 * @param options - as for `runToolLoop`, without `input`; `claim` to resume each state once
 * @returns the end of the run, as `runToolLoop` returns it
 * @throws {ToolError} `invalid-options` before any work when `state` is not a paused run's state, disagrees with its
 *   transcript, belongs to another API, or a decision names a call that is not pending; `already-resumed` when
 *   `claim` refuses
 * @example
 * ```ts
 * const paused = await runToolLoop({ model, adapter, servers, input, approve: annotationPolicy() });
 * if (paused.stopReason === "needs-approval") {
 *   await writeFile("run.json", JSON.stringify(paused.state));
 *   // … later, maybe in another process:
 *   const state = JSON.parse(await readFile("run.json", "utf8"));
 *   await resumeToolLoop(state, { [state.pending[0].callId]: true }, {
 *     model, adapter, servers,
 *     claim: (id) => writeFile(`claims/${id}`, "", { flag: "wx" }).then(() => true, () => false),
 *   });
 * }
 * ```
 */
export async function resumeToolLoop<TAdapter extends Adapter, TResponse, TInput>(
  state: ToolLoopState<TInput>,
  decisions: ApprovalDecisions,
  options: ResumeOptions<TAdapter, TResponse, TInput>,
): Promise<ToolLoopResult<TResponse, TranscriptEntry<TAdapter, TInput>, AdapterOutput<TAdapter>>> {
  // As in runToolLoop, the types are proved at the call site and the loop is written over `unknown`.
  return resume(
    state,
    decisions,
    options as unknown as LoopOptions & { claim?: ResumeOptions<Adapter, unknown, unknown>["claim"] },
  ) as Promise<ToolLoopResult<TResponse, TranscriptEntry<TAdapter, TInput>, AdapterOutput<TAdapter>>>;
}

async function resume(
  given: unknown,
  decisions: ApprovalDecisions,
  options: LoopOptions & { readonly claim?: ResumeOptions<Adapter, unknown, unknown>["claim"] },
): Promise<ToolLoopResult<unknown, unknown>> {
  const run = startRun(options, "resumeToolLoop");
  const { adapter } = run;
  const state = checkState(given, decisions, adapter.api);
  if (options.claim !== undefined && typeof options.claim !== "function") {
    throw new ToolError("invalid-options", "The option claim must be a function (id) => boolean.");
  }
  const transcript = [...state.transcript];
  const prior = transcript.slice(0, transcript.length - state.responseItems);
  const window = transcript.slice(prior.length);
  const { prepared } = run.tools.forTurn({ turn: state.turns, transcript: prior });
  const before = answeredIds(adapter, prior);
  const derived = adapter.readCalls(window, prepared, before === undefined ? {} : { answeredCallIds: before });
  checkAgainstTranscript(state, derivedById(derived));
  checkWholeTranscript(adapter, state, { prior, window, derived });

  if (options.claim !== undefined) {
    let claimed: boolean;
    try {
      claimed = (await options.claim(state.id)) === true;
    } catch {
      claimed = false;
    }
    if (!claimed) {
      throw new ToolError(
        "already-resumed",
        `The paused run ${JSON.stringify(state.id)} was claimed already (resumed before): nothing was run again.`,
      );
    }
  }

  const pendingIds = new Set(state.pending.map((call) => call.callId));
  // Calls waiting for input resume with the answers given, or ask `elicit` when there are none; without either they
  // keep waiting.
  const resumed = new Map<string, ResumedInput>();
  const stillWaiting: AwaitingInput[] = [];
  for (const input of state.inputs) {
    const decision = Object.hasOwn(decisions, input.call.callId) ? decisions[input.call.callId] : undefined;
    if (isInputAnswers(decision)) resumed.set(input.call.callId, { paused: input.paused, answers: decision.input });
    else if (decision === undefined && options.elicit !== undefined)
      resumed.set(input.call.callId, { paused: input.paused, answers: {} });
    else if (decision === undefined) stillWaiting.push(input);
    else {
      throw new ToolError(
        "invalid-options",
        `The call ${JSON.stringify(input.call.callId)} waits for input, not approval: answer it with ` +
          "{ input: { [key]: { action, content } } }, by the keys of its requests.",
      );
    }
  }
  const context = roundContext(run, prepared, nextExecutionId());
  const ask = approving(context);
  const undecided = (call: ToolCall): Promise<ApprovalDecision | undefined> =>
    options.approve === undefined ? Promise.resolve({ kind: "pause" }) : ask(call);
  const round = await runRound(
    {
      calls: derived.calls.filter((call) => pendingIds.has(call.callId) || resumed.has(call.callId)),
      rejected: derived.rejected.filter((rejection) => pendingIds.has(rejection.callId)),
      searches: [],
    },
    deciding(approvals(decisions), undecided),
    context,
    resumed,
  );
  const waiting = [...stillWaiting, ...round.awaitingInput].sort((a, b) => a.call.index - b.call.index);
  const answered = [
    ...state.answered,
    ...round.outcomes.map(({ callId, index, output }) => ({ callId, index, output })),
  ].sort((a, b) => a.index - b.index);
  const loop: RunningLoop = {
    transcript,
    turns: state.turns,
    usage: state.usage,
    answeredIds: answeredIds(adapter, transcript),
    conversation: state.conversation,
  };
  const result = { response: undefined, input: transcript, turns: loop.turns, usage: loop.usage };
  if (round.pending.length > 0 || waiting.length > 0) {
    const paused: ToolLoopState = {
      ...state,
      id: globalThis.crypto.randomUUID(),
      transcript: [...transcript],
      answered,
      pending: round.pending,
      inputs: waiting,
    };
    return { ...result, stopReason: round.pending.length > 0 ? "needs-approval" : "needs-input", state: paused };
  }
  append(run, loop, adapter.turnItems(answered.map((entry) => entry.output)));
  const met = stoppedBy(run, { turn: state.turns, response: window, outcomes: round.outcomes, usage: loop.usage });
  if (met !== undefined) return { ...result, stopReason: "stop-when", stoppedBy: met };
  if (options.signal?.aborted === true) return { ...result, stopReason: "aborted" };
  return runTurns(run, loop);
}
