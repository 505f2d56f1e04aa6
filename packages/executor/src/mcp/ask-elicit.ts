// Asks `elicit` one request and reads its answer into what goes back to the
// server. Never rejects: every way it can go is a decision.
import { ToolError } from "@x/toolset";
import { checkElicitationContent } from "./check-elicitation-content";
import { ABORTED, raceAbort } from "../race-abort";
import type {
  ElicitationRecord,
  ElicitationRequest,
  ElicitationValue,
  ElicitFunction,
  ElicitResult,
} from "./elicitation-request";

/** What became of one request for input. */
export type ElicitDecision =
  /** The result to send back; `note` says why it was sent without a person's answer. */
  | { readonly kind: "answer"; readonly result: ElicitResult; readonly note?: string }
  | { readonly kind: "pause" }
  /** `elicit` failed or answered something that does not fit: the call fails with `error`. */
  | { readonly kind: "invalid"; readonly error: ToolError }
  /** The call was cancelled while the answer was awaited. */
  | { readonly kind: "aborted" };

/**
 * Asks `elicit` about `request` and checks the answer. Without `elicit`, the
 * request is declined at once, with a note for the model saying why.
 */
export async function askElicit(
  elicit: ElicitFunction | undefined,
  request: ElicitationRequest,
  signal: AbortSignal,
): Promise<ElicitDecision> {
  if (signal.aborted) return { kind: "aborted" };
  if (elicit === undefined) {
    const note = unansweredNote(request, "decline", "no one here can answer it");
    return { kind: "answer", result: { action: "decline" }, note };
  }
  let answer: unknown;
  try {
    answer = await raceAbort(elicit(request, { signal }), signal);
  } catch (error) {
    return invalid(
      request,
      `elicit failed while answering it: ${error instanceof Error ? error.message : String(error)}`,
      error,
    );
  }
  return answer === ABORTED ? { kind: "aborted" } : checkElicitationAnswer(answer, request);
}

/**
 * The note for a request answered without a person (declined, or the server
 * could not wait), worded for the model.
 */
export function unansweredNote(request: ElicitationRequest, action: "decline" | "cancel", why: string): string {
  return `The tool asked for input ("${request.message}") and was answered "${action}": ${why}.`;
}

/** The record a decision makes for the `tool-call-elicitation` event. */
export function elicitationRecord(
  request: ElicitationRequest,
  decision: ElicitDecision,
): ElicitationRecord | undefined {
  switch (decision.kind) {
    case "answer": {
      const { result, note } = decision;
      return {
        request,
        action: result.action,
        ...(result.action === "accept" && result.content !== undefined ? { content: result.content } : {}),
        ...(note !== undefined ? { note } : {}),
      };
    }
    case "pause":
      return { request, action: "pause" };
    case "invalid":
      return { request, action: "invalid" };
    case "aborted":
      return undefined;
    default: {
      const _exhaustive: never = decision;
      return _exhaustive;
    }
  }
}

/**
 * Reads an answer given to `request` (by `elicit`, or stored while a run was
 * paused) into a decision: its shape, and an accepted form's content against
 * the requested schema.
 */
export function checkElicitationAnswer(answer: unknown, request: ElicitationRequest): ElicitDecision {
  if (answer === "pause") return { kind: "pause" };
  const action: unknown =
    typeof answer === "object" && answer !== null ? (answer as { action?: unknown }).action : null;
  if (action === "decline" || action === "cancel") return { kind: "answer", result: { action } };
  if (action !== "accept") {
    const got = JSON.stringify(answer) ?? String(answer);
    return invalid(
      request,
      `elicit must answer { action: "accept", content }, "decline", "cancel" or "pause"; got ${got}`,
    );
  }
  const content: unknown = (answer as { content?: unknown }).content;
  if (request.mode === "url") {
    // URL mode: the data goes to the page, never through the client (spec: Response Actions).
    return content === undefined
      ? { kind: "answer", result: { action: "accept" } }
      : invalid(request, "an answer to a URL request carries no content (the user enters it on the page)");
  }
  const problems = checkElicitationContent(content ?? {}, request.requestedSchema);
  if (problems.length > 0) return invalid(request, `the answer does not fit its form: ${problems.join(" ")}`);
  return {
    kind: "answer",
    result: { action: "accept", content: (content ?? {}) as { readonly [name: string]: ElicitationValue } },
  };
}

function invalid(request: ElicitationRequest, why: string, cause?: unknown): ElicitDecision {
  return {
    kind: "invalid",
    error: new ToolError(
      "invalid-options",
      `The tool "${request.tool}" asked for input and the call was stopped: ${why.replace(/\.$/, "")}.`,
      { cause },
    ),
  };
}
