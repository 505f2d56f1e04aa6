// A run the page follows while it happens (a call of the Run view, a
// conversation's tool loop): the id the page gave it, its events as they
// come, the signal that stops it, and how it asks the page about a call.
import type { ApprovalAnswer, ApprovalRequest, ElicitFunction } from "@x/executor";
import type { ApprovalPolicy, ModelDelta, TimelineEvent } from "../shared/api-types";

/** How a run is followed and stopped while it runs. */
export interface LiveRun {
  /** Aborting it stops the run (the MCP requests in flight are cancelled). */
  readonly signal?: AbortSignal;
  /** Sees each telemetry event as it happens. */
  readonly onEvent?: (event: TimelineEvent) => void;
  /** Sees each piece of a streamed model answer, with the turn it belongs to. */
  readonly onModelDelta?: (turn: number, delta: ModelDelta) => void;
  /** Asks the page whether a call may run (the policy `policy` put it to a person); resolves with the answer. */
  readonly askPage?: (policy: ApprovalPolicy) => (request: ApprovalRequest) => Promise<ApprovalAnswer>;
  /** Shows a tool's request for input to the page (a form, or a URL); resolves with the answer : `elicit`. */
  readonly elicit?: ElicitFunction;
}

/**
 * The `runId` field of a request: absent, or letters, digits, `_` and `-`
 * (up to 100); a string saying what is wrong otherwise.
 *
 * @example
 * ```ts
 * parseRunId("run-1"); // { runId: "run-1" }
 * ```
 */
export function parseRunId(value: unknown): { readonly runId?: string } | string {
  if (value === undefined) return {};
  if (typeof value !== "string" || !/^[\w-]{1,100}$/.test(value)) {
    return "runId must be letters, digits, _ and - (up to 100), or left out.";
  }
  return { runId: value };
}
