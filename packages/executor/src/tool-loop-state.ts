import { ToolError } from "@x/toolset";
import type { ToolCall } from "@x/toolset";
import type { ApprovalAnswer } from "./approve-calls";

/** Marks a value as a paused run's state (and which shape of it), so a stored one can be recognised. */
export const TOOL_LOOP_STATE_FORMAT = "@x/executor/tool-loop-state@1" as const;

/** An answer of the paused turn made before the pause (a rejected, denied or run call). */
export interface AnsweredCall<TOutput> {
  readonly callId: string;
  /** Position among the turn's calls: the answers go into the transcript in this order. */
  readonly index: number;
  readonly output: TOutput;
}

/**
 * A paused run, as plain JSON: `JSON.stringify` it, keep it (a file, a
 * database row, a queue message) for as long as the decision takes, and
 * give `JSON.parse` of it to `resumeToolLoop`, in this process or another.
 */
export interface ToolLoopState<TEntry = unknown, TOutput = unknown> {
  readonly format: typeof TOOL_LOOP_STATE_FORMAT;
  /** The API the transcript is in (`adapter.api`): it resumes only with an adapter of the same API. */
  readonly api: string;
  /** The input, every finished turn, then the paused turn's response items (its calls' answers come on resume). */
  readonly transcript: TEntry[];
  /** Model calls made so far (they count towards `maxTurns` after resuming too). */
  readonly turns: number;
  /** The paused turn's answers made already, in the model's order. */
  readonly answered: AnsweredCall<TOutput>[];
  /** The calls waiting for a decision, in the model's order, with their decoded arguments. */
  readonly pending: ToolCall[];
  /**
   * With `conversation: "previous-response"`: the paused response's id and
   * how many transcript entries the server has (the rest is sent on resume).
   */
  readonly conversation?: { readonly previousResponseId: string; readonly seen: number };
}

/**
 * The decisions `resumeToolLoop` takes, by call id: `true`, `false` or `{ allow, reason }` (`"pause"` keeps a call
 * waiting).
 */
export type ApprovalDecisions = { readonly [callId: string]: ApprovalAnswer };

const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isCall = (value: unknown): value is ToolCall =>
  isRecord(value) &&
  typeof value.callId === "string" &&
  typeof value.name === "string" &&
  typeof value.server === "string" &&
  typeof value.toolName === "string" &&
  isRecord(value.arguments) &&
  Number.isInteger(value.index);

const isAnswered = (value: unknown): boolean =>
  isRecord(value) && typeof value.callId === "string" && Number.isInteger(value.index) && "output" in value;

function fail(what: string): never {
  throw new ToolError(
    "invalid-options",
    `The state given to resumeToolLoop is not a paused run's state: ${what}. ` +
      "Pass the state a needs-approval result returned (after JSON.parse, if it was stored).",
  );
}

/**
 * Checks a state read back (from JSON, from a database) and the decisions
 * given with it, before any work: a mistake here is the caller's, so it is a
 * `ToolError` with code `invalid-options`, never a half-resumed run. Each call id, pending or answered,
 * occurs once, and every decision is for a pending call.
 */
export function checkState<TEntry, TOutput>(
  state: unknown,
  decisions: unknown,
  api: string,
): ToolLoopState<TEntry, TOutput> {
  if (!isRecord(state)) fail("it is not an object");
  if (state.format !== TOOL_LOOP_STATE_FORMAT)
    fail(`its format is ${JSON.stringify(state.format) ?? "missing"}, not "${TOOL_LOOP_STATE_FORMAT}"`);
  if (state.api !== api) fail(`it belongs to the ${String(state.api)} API, and the adapter is for ${api}`);
  if (!Array.isArray(state.transcript)) fail("transcript is not a list");
  if (!Number.isInteger(state.turns) || (state.turns as number) < 1) fail("turns is not a positive integer");
  if (!Array.isArray(state.answered) || !state.answered.every(isAnswered)) fail("answered is not a list of answers");
  if (!Array.isArray(state.pending) || !state.pending.every(isCall)) fail("pending is not a list of calls");
  const { conversation } = state;
  if (
    conversation !== undefined &&
    !(
      isRecord(conversation) &&
      typeof conversation.previousResponseId === "string" &&
      Number.isInteger(conversation.seen)
    )
  ) {
    fail("conversation is not a response id and a count of items");
  }
  const ids = [...(state.answered as AnsweredCall<unknown>[]), ...state.pending].map((entry) => entry.callId);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) fail(`the call id ${JSON.stringify(repeated)} occurs twice`);
  if (!isRecord(decisions))
    throw new ToolError(
      "invalid-options",
      "The decisions given to resumeToolLoop must be an object of answers by call id.",
    );
  const pending = new Set(state.pending.map((call) => call.callId));
  const stray = Object.keys(decisions).find((id) => !pending.has(id));
  if (stray !== undefined) {
    throw new ToolError(
      "invalid-options",
      `resumeToolLoop got a decision for ${JSON.stringify(stray)}, which is not a pending call; pending: ${[
        ...pending,
      ].join(", ")}.`,
    );
  }
  return state as unknown as ToolLoopState<TEntry, TOutput>;
}
