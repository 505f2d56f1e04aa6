// A run the page follows while it happens (a call of the Run view, a
// conversation's tool loop): the id the page gave it, its events as they
// come, and the signal that stops it.
import type { TimelineEvent } from "../shared/api-types";

/** How a run is followed and stopped while it runs. */
export interface LiveRun {
  /** Aborting it stops the run (the MCP requests in flight are cancelled). */
  readonly signal?: AbortSignal;
  /** Sees each telemetry event as it happens. */
  readonly onEvent?: (event: TimelineEvent) => void;
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
