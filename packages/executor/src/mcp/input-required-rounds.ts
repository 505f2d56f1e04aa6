// Requests for input on protocol 2026-07-28: the server answers `tools/call`
// with an `input_required` result, and the call is retried with the answers
// and the server's `requestState` (multi round-trip requests,
// https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr).
// The call asks its own `elicit`: the v2 client hands the result back
// (`allowInputRequired`) instead of answering it with its one handler, so
// concurrent calls on one client never mix their answers.
import { ToolError } from "@x/toolset";
import { askElicit, checkElicitationAnswer, elicitationRecord } from "./ask-elicit";
import { sleep } from "./abortable-sleep";
import type { CallSession } from "./call-session";
import { readElicitationRequest } from "./elicitation-request";
import type { ElicitationRequest, ElicitResult } from "./elicitation-request";
import { sendCallTool } from "./mcp-connection";
import type { McpConnection, McpToolClient, SdkRequestOptions } from "./mcp-connection";

/** The round cap of the v2 SDK's own driver (`inputRequired.maxRounds`, default 10). */
const MAX_ROUNDS = 10;
// The SDK's pacing before a retry that carries no answers (REQUEST_STATE_ONLY_LEG_PACING_MS).
const STATE_ONLY_PACING_MS = 250;

/** A request still waiting for a person, under the key the server gave it. */
export interface PendingElicitation {
  readonly key: string;
  readonly request: ElicitationRequest;
}

/** Where a call's rounds stand when it resumes: the answers so far and the server's state. */
export interface RoundState {
  readonly answers: { readonly [key: string]: ElicitResult };
  readonly requestState?: string;
}

/** How a call's rounds end: the tool's result, or a pause until a person answers. */
export type RoundsEnd =
  | { readonly kind: "complete"; readonly result: unknown }
  | {
      readonly kind: "paused";
      readonly state: RoundState;
      readonly pending: readonly PendingElicitation[];
    };

/** The call and how each of its requests goes out. */
export interface RoundsCall {
  readonly client: McpToolClient;
  readonly connection: McpConnection;
  readonly params: { readonly name: string; readonly arguments?: { readonly [key: string]: unknown } };
  readonly session: CallSession;
  readonly leg: SdkRequestOptions;
}

/**
 * Sends the call, answering each `input_required` round, until the tool's
 * result or a pause. `from` continues a resumed call: its answers and state
 * go on the first request.
 */
export async function runInputRequiredRounds(call: RoundsCall, from?: RoundState): Promise<RoundsEnd> {
  const { client, connection, params, session, leg } = call;
  let state = from;
  for (let round = 1; ; round += 1) {
    const result = await sendCallTool(
      client,
      connection,
      { ...params, ...retryFields(state) },
      {
        ...leg,
        allowInputRequired: true,
      },
    );
    if (!isInputRequired(result)) return { kind: "complete", result };
    if (round > MAX_ROUNDS) {
      throw new ToolError(
        "tool-failed",
        `The tool "${session.origin.tool}" still asked for input after ${MAX_ROUNDS} answers, so the call was stopped.`,
      );
    }
    const requestState = typeof result.requestState === "string" ? result.requestState : undefined;
    const read = readRound(result.inputRequests, session);
    const answered = await askRound(read.asks, read.answers, session, undefined);
    const next: RoundState = { answers: answered.answers, ...(requestState !== undefined ? { requestState } : {}) };
    if (answered.pending.length > 0) return { kind: "paused", state: next, pending: answered.pending };
    // Nothing to answer: the server sheds load and asks to be called again.
    if (Object.keys(answered.answers).length === 0) await sleep(STATE_ONLY_PACING_MS, session.signal);
    state = next;
  }
}

/**
 * Finishes a paused round: the `given` answers (by key) first, `elicit` for
 * the requests they leave open. The result may pause again.
 */
export async function finishPausedRound(
  pending: readonly PendingElicitation[],
  state: RoundState,
  session: CallSession,
  given: { readonly [key: string]: unknown },
): Promise<{ readonly state: RoundState; readonly pending: readonly PendingElicitation[] }> {
  const answered = await askRound(pending, state.answers, session, given);
  return { state: { ...state, answers: answered.answers }, pending: answered.pending };
}

/** The wire fields of a retry: the answers (when any) and the exact state (when the server sent one). */
function retryFields(state: RoundState | undefined): { inputResponses?: object; requestState?: string } {
  if (state === undefined) return {};
  return {
    ...(Object.keys(state.answers).length > 0 ? { inputResponses: state.answers } : {}),
    ...(state.requestState !== undefined ? { requestState: state.requestState } : {}),
  };
}

function isInputRequired(result: unknown): result is { inputRequests?: unknown; requestState?: unknown } {
  return (
    typeof result === "object" &&
    result !== null &&
    (result as { resultType?: unknown }).resultType === "input_required"
  );
}

/**
 * The round's requests: form and URL elicitations to ask, and an answer
 * `decline` (with a note) for one that cannot be shown. Sampling and roots
 * requests are not answered here: the call fails, saying which was asked.
 */
function readRound(
  inputRequests: unknown,
  session: CallSession,
): { readonly asks: PendingElicitation[]; readonly answers: { [key: string]: ElicitResult } } {
  const asks: PendingElicitation[] = [];
  const answers: { [key: string]: ElicitResult } = {};
  const entries = typeof inputRequests === "object" && inputRequests !== null ? Object.entries(inputRequests) : [];
  for (const [key, entry] of entries) {
    const { method, params } = (entry ?? {}) as { method?: unknown; params?: unknown };
    if (method !== "elicitation/create") {
      throw new ToolError(
        "tool-failed",
        `The tool "${session.origin.tool}" asked for ${JSON.stringify(method)}, which this client does not answer.`,
      );
    }
    const read = readElicitationRequest(params, session.origin);
    if ("problem" in read) {
      answers[key] = { action: "decline" };
      session.notes.push(`The tool asked for input that cannot be shown (${read.problem}) and was answered "decline".`);
    } else {
      asks.push({ key, request: read.request });
    }
  }
  return { asks, answers };
}

/**
 * Asks the requests one at a time, in the server's order (a person answers
 * one form at a time). A `"pause"` leaves it and every later one pending.
 */
async function askRound(
  asks: readonly PendingElicitation[],
  answeredBefore: { readonly [key: string]: ElicitResult },
  session: CallSession,
  given: { readonly [key: string]: unknown } | undefined,
): Promise<{ readonly answers: { [key: string]: ElicitResult }; readonly pending: PendingElicitation[] }> {
  const answers: { [key: string]: ElicitResult } = { ...answeredBefore };
  for (const [index, ask] of asks.entries()) {
    const decision =
      given !== undefined && Object.prototype.hasOwnProperty.call(given, ask.key)
        ? checkElicitationAnswer(given[ask.key], ask.request)
        : await askElicit(session.elicit, ask.request, session.signal);
    session.report(elicitationRecord(ask.request, decision));
    switch (decision.kind) {
      case "answer":
        answers[ask.key] = decision.result;
        if (decision.note !== undefined) session.notes.push(decision.note);
        break;
      case "pause":
        return { answers, pending: asks.slice(index) };
      case "invalid":
        throw decision.error;
      case "aborted":
        throw session.signal.reason;
      default: {
        const _exhaustive: never = decision;
        return _exhaustive;
      }
    }
  }
  return { answers, pending: [] };
}
