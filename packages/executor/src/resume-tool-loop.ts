import { ToolError } from "@x/toolset";
import type { ToolCall, Toolset } from "@x/toolset";
import { renderResult } from "@x/toolset/adapter";
import type { Adapter } from "@x/toolset/adapter";
import { askingApprove, decideAndRun } from "./approved-round";
import type { DecideCall } from "./approved-round";
import { readAnswer } from "./approve-calls";
import type { ApprovalDecision } from "./approve-calls";
import { createDispatcher } from "./dispatcher";
import { roundSettings } from "./execute-options";
import { nextExecutionId } from "./execution-id";
import { rejectedOutcome } from "./run-round";
import type { CallOutcome, RoundContext } from "./run-round";
import { runTurns } from "./run-tool-loop";
import type { AdapterOutput, LoopOptions, ToolLoopOptions, ToolLoopResult, TranscriptEntry } from "./run-tool-loop";
import { checkState } from "./tool-loop-state";
import type { AnsweredCall, ApprovalDecisions, ToolLoopState } from "./tool-loop-state";

/**
 * Options of {@link resumeToolLoop}: those of `runToolLoop`, less `input`
 * (the state has the transcript). The state's entries take the place of the
 * input items: type the state read back from JSON by your input item type,
 * e.g. `ToolLoopState<OpenAI.ChatCompletionMessageParam>`.
 *
 * @typeParam TAdapter - the adapter's type (`typeof adapter`), of the API the state belongs to
 * @typeParam TResponse - what the model function returns
 * @typeParam TInput - an item of the state's transcript
 */
export type ResumeOptions<TAdapter extends Adapter, TResponse, TInput> = Omit<
  ToolLoopOptions<TAdapter, TResponse, TInput>,
  "input"
>;

// A paused call runs only as the tool it was: the toolset given on resume
// (perhaps rebuilt in another process) must still have it under its name.
function stillOffered(call: ToolCall, toolset: Toolset): boolean {
  const entry = toolset.resolve(call.name);
  return entry !== undefined && entry.server === call.server && entry.toolName === call.toolName;
}

function goneOutcome<TOutput>(
  call: ToolCall,
  executionId: string,
  { settings, dispatcher }: RoundContext<unknown, TOutput>,
): CallOutcome<TOutput> {
  const error = new ToolError(
    "unknown-tool",
    `The tool "${call.name}" is no longer available, so the call was not run.`,
  );
  const rejection = {
    callId: call.callId,
    name: call.name,
    index: call.index,
    error,
    output: settings.adapter.renderedOutput(call.callId, renderResult(error, settings.render)),
  };
  dispatcher.callRejected(executionId, rejection);
  return rejectedOutcome(rejection);
}

/**
 * Continues a run that stopped with `stopReason: "needs-approval"`: each
 * pending call is decided by `decisions[callId]` (`true`, `false`,
 * `{ allow, reason }`), or, without one, by `options.approve` when given;
 * a call still undecided (or answered `"pause"` again) keeps the run paused,
 * and a new `state` comes back. Once every call is decided, the approved
 * ones run, the denied ones are answered with a `denied` error, the turn's
 * answers go into the transcript in the model's order (each call id exactly
 * once, with the answers made before the pause), and the loop goes on as
 * `runToolLoop` would, its turns counted from the state's.
 *
 * The state may come from `JSON.parse` in another process: give the same
 * kind of adapter, and a toolset and clients for the same servers. A
 * pending call whose tool the toolset no longer has under the same name,
 * server and tool name is answered as an unknown tool, never run.
 *
 * @param state - the `state` of a `needs-approval` result (as it was, or read back from JSON)
 * @param decisions - answers by call id, for some or all of the pending calls
 * @param options - as for `runToolLoop`, without `input`
 * @returns the end of the run, as `runToolLoop` returns it (`turns` counts the model calls before the pause too)
 * @throws {ToolError} `invalid-options`, before any work, when `state` is not a paused run's state, belongs to another
 *   API, or a decision names a call that is not pending; or for a wrong option
 * @example
 * ```ts
 * const paused = await runToolLoop({ model, adapter, toolset, clients, input, approve: annotationPolicy() });
 * if (paused.stopReason === "needs-approval") {
 *   await writeFile("run.json", JSON.stringify(paused.state));
 *   // … later, maybe in another process:
 *   const state = JSON.parse(await readFile("run.json", "utf8"));
 *   const done = await resumeToolLoop(state, { [state.pending[0].callId]: { allow: false, reason: "Not now." } }, {
 *     model, adapter, toolset, clients,
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
  return resume(state, decisions, options as Omit<LoopOptions, "input">) as Promise<
    ToolLoopResult<TResponse, TranscriptEntry<TAdapter, TInput>, AdapterOutput<TAdapter>>
  >;
}

async function resume(
  state: unknown,
  decisions: ApprovalDecisions,
  options: Omit<LoopOptions, "input">,
): Promise<ToolLoopResult<unknown, unknown>> {
  const { adapter, toolset, clients, approve, signal } = options;
  const checked = checkState(state, decisions, String(adapter?.api));
  // The options a round takes have the same names here: roundSettings checks them and reads only those.
  const settings = roundSettings({ ...options, adapter });
  const dispatcher = createDispatcher(options.hooks, options.includeValues === true);
  const executionId = nextExecutionId(dispatcher);
  const context = { settings, toolset, clients, dispatcher };

  const offered = checked.pending.filter((call) => stillOffered(call, toolset));
  const gone = checked.pending
    .filter((call) => !stillOffered(call, toolset))
    .map((call) => goneOutcome(call, executionId, context));
  const ask = approve === undefined ? undefined : askingApprove(approve, toolset, signal);
  const decide: DecideCall = (call) => {
    const answer = Object.hasOwn(decisions, call.callId) ? decisions[call.callId] : undefined;
    if (answer !== undefined) return Promise.resolve<ApprovalDecision>(readAnswer(answer));
    return ask === undefined ? Promise.resolve<ApprovalDecision>({ kind: "pause" }) : ask(call);
  };
  const round = await decideAndRun({ executionId, calls: offered, answered: gone, searches: [] }, decide, context);

  const answered: AnsweredCall<unknown>[] = [
    ...checked.answered,
    ...round.outcomes.map(({ callId, index, output }) => ({ callId, index, output })),
  ];
  answered.sort((a, b) => a.index - b.index);
  if (round.pending.length > 0) {
    const paused: ToolLoopState = {
      ...checked,
      transcript: [...checked.transcript],
      answered,
      pending: round.pending,
    };
    return {
      response: undefined,
      input: [...checked.transcript],
      turns: checked.turns,
      stopReason: "needs-approval",
      state: paused,
    };
  }
  const transcript = [...checked.transcript, ...answered.map((entry) => entry.output)];
  if (signal?.aborted === true)
    return { response: undefined, input: transcript, turns: checked.turns, stopReason: "aborted" };
  // The loop goes on with the transcript so far as its input.
  return runTurns({ ...options, input: transcript }, checked.turns, checked.conversation);
}
