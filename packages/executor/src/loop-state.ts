import { ToolError } from "@x/toolset";
import type { ToolCall } from "@x/toolset";
import type { ApprovalAnswer } from "./approve-calls";
import type { ElicitResult } from "./mcp/elicitation-request";
import type { AwaitingInput } from "./run-round";
import type { RunUsage } from "./stop-when";

/** Marks a value as a paused run's state (and which shape of it), so a stored one can be recognised. */
export const TOOL_LOOP_STATE_FORMAT = "@x/executor/tool-loop-state@2" as const;

/** An answer of the paused turn made before the pause (a rejected, denied or run call, or a search). */
export interface AnsweredCall<TOutput> {
  readonly callId: string;
  /** Position among the turn's calls: the answers go into the transcript in this order. */
  readonly index: number;
  readonly output: TOutput;
}

/** Where a `previous-response` conversation stands: the last response's id, and the transcript entries it had seen. */
export interface ConversationPoint {
  readonly previousResponseId: string;
  readonly seen: number;
}

/**
 * A run of `runToolLoop`: while it runs, and, paused, as plain JSON. Store a
 * paused one (`JSON.stringify`) for as long as the decision takes and give it
 * to `resumeToolLoop`, in this process or another. Resuming trusts none of it
 * blindly: the calls to decide are read again from the transcript's last
 * response, and a state that disagrees with its transcript is refused.
 */
export interface ToolLoopState<TEntry = unknown, TOutput = unknown> {
  readonly format: typeof TOOL_LOOP_STATE_FORMAT;
  /** Names this pause: `resumeToolLoop`'s `claim` receives it, so one pause is resumed once. */
  readonly id: string;
  /** The API the transcript is in (`adapter.api`): it resumes only with an adapter of the same API. */
  readonly api: string;
  /** The input, every finished turn, then the paused turn's response items (its answers come on resume). */
  readonly transcript: TEntry[];
  /** Model calls made so far (they count towards `maxTurns` after resuming too). */
  readonly turns: number;
  /** Tokens used so far (`usageAtLeast` counts them after resuming too). */
  readonly usage: RunUsage;
  /** How many entries at the end of `transcript` are the paused response's items. */
  readonly responseItems: number;
  /** The paused turn's answers made already, in the model's order. */
  readonly answered: AnsweredCall<TOutput>[];
  /** The calls waiting for a decision, in the model's order, with their restored arguments (for a person to read). */
  readonly pending: ToolCall[];
  /**
   * The calls waiting for a person's answer to their tool's requests for
   * input (what `elicit` answered `"pause"` for), each with the requests
   * (by key) and the paused call that resuming sends back to its server.
   */
  readonly inputs: AwaitingInput[];
  /** With `conversation: "previous-response"`: the paused response's id, and how many entries the server has. */
  readonly conversation?: ConversationPoint;
}

/**
 * What a person answered a call waiting for input: MCP's results
 * (`{ action: "accept", content }`, `{ action: "decline" }`, `{ action: "cancel" }`)
 * by the key of each request (`state.inputs[i].requests[j].key`).
 */
export interface InputAnswers {
  readonly input: { readonly [key: string]: ElicitResult };
}

/**
 * Decisions for `resumeToolLoop`, by call id: for a call waiting for
 * approval, `true`, `false`, `{ allow, reason }`, or `"pause"` to keep
 * waiting; for a call waiting for input, `{ input: { [key]: result } }`.
 */
export type ApprovalDecisions = { readonly [callId: string]: ApprovalAnswer | InputAnswers };

const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A stored state the caller gave that is not a paused run's state: the caller's mistake. */
export function badState(what: string): ToolError {
  return new ToolError(
    "invalid-options",
    `The state given to resumeToolLoop cannot be resumed: ${what}. ` +
      "Pass the state a needs-approval result returned (after JSON.parse, if it was stored), unchanged.",
  );
}

/**
 * Checks the shape of a state read back (from JSON, from a database) and of
 * the decisions given with it, before any work. What the state says about
 * its calls is checked against its transcript later, by the adapter.
 *
 * @throws {ToolError} `invalid-options` naming the first thing wrong
 */
export function checkState(state: unknown, decisions: unknown, api: string): ToolLoopState {
  if (!isRecord(state)) throw badState("it is not an object");
  if (state.format !== TOOL_LOOP_STATE_FORMAT) {
    throw badState(`its format is ${JSON.stringify(state.format) ?? "missing"}, not "${TOOL_LOOP_STATE_FORMAT}"`);
  }
  if (typeof state.id !== "string" || state.id === "") throw badState("id is not a string");
  if (state.api !== api)
    throw badState(`it belongs to the ${JSON.stringify(state.api)} API, and the adapter is for ${api}`);
  const { transcript, usage, conversation } = state;
  if (!Array.isArray(transcript)) throw badState("transcript is not a list");
  if (!isCount(state.turns) || state.turns < 1) throw badState("turns is not a positive integer");
  if (!isRecord(usage) || !isCount(usage.inputTokens) || !isCount(usage.outputTokens) || !isCount(usage.totalTokens)) {
    throw badState("usage is not three token counts");
  }
  const { responseItems } = state;
  if (!isCount(responseItems) || responseItems < 1 || responseItems > transcript.length) {
    throw badState("responseItems is not a count of the transcript's last entries");
  }
  if (
    !Array.isArray(state.answered) ||
    !state.answered.every(
      (entry) => isRecord(entry) && typeof entry.callId === "string" && isCount(entry.index) && "output" in entry,
    )
  ) {
    throw badState("answered is not a list of answers");
  }
  if (
    !Array.isArray(state.pending) ||
    !state.pending.every((call) => isRecord(call) && typeof call.callId === "string")
  ) {
    throw badState("pending is not a list of calls");
  }
  const isInput = (entry: unknown): boolean =>
    isRecord(entry) && isRecord(entry.call) && typeof entry.call.callId === "string" && isRecord(entry.paused);
  if (!Array.isArray(state.inputs) || !state.inputs.every(isInput)) {
    throw badState("inputs is not a list of calls waiting for input");
  }
  if (
    conversation !== undefined &&
    !(isRecord(conversation) && typeof conversation.previousResponseId === "string" && isCount(conversation.seen))
  ) {
    throw badState("conversation is not a response id and a count of entries");
  }
  // A pause comes right after the paused response: the server has seen the whole transcript.
  if (conversation !== undefined && conversation.seen !== transcript.length) {
    throw badState("conversation.seen is not the length of the transcript");
  }
  if (!isRecord(decisions)) {
    throw new ToolError(
      "invalid-options",
      "The decisions given to resumeToolLoop must be an object of answers by call id.",
    );
  }
  const pending = new Set([
    ...(state.pending as readonly { callId: string }[]).map((call) => call.callId),
    ...(state.inputs as readonly { call: { callId: string } }[]).map((input) => input.call.callId),
  ]);
  const stray = Object.keys(decisions).find((id) => !pending.has(id));
  if (stray !== undefined) {
    throw new ToolError(
      "invalid-options",
      `resumeToolLoop got a decision for ${JSON.stringify(stray)}, which is not a pending call; ` +
        `pending: ${[...pending].join(", ")}.`,
    );
  }
  return state as unknown as ToolLoopState;
}
