// Calls waiting for the page's Approve or Deny. The executor's `approve`
// returns a promise per call; `POST /api/approve` settles it. Stopping the
// run (its signal) forgets what it waited for: the executor answers those
// calls itself (`aborted`), so nothing is left pending.
import type { ApprovalAnswer, ApprovalRequest } from "@x/executor";
import type { ApprovalPolicy, ApprovalView } from "../shared/api-types";
import { toJson } from "./to-json";

/** The calls waiting for an answer, by run and call id. */
export interface PendingApprovals {
  /**
   * An `ask` for the run `runId`: each call it is given is shown to the page
   * (`show`) and waits for {@link PendingApprovals.answer}, or until `signal` aborts.
   */
  asker(
    runId: string,
    policy: ApprovalPolicy,
    signal: AbortSignal,
    show: (request: ApprovalView) => void,
  ): (request: ApprovalRequest) => Promise<ApprovalAnswer>;
  /** Settles the call `callId` of run `runId`; `false` when it is not waiting (never asked, answered, stopped). */
  answer(runId: string, callId: string, answer: { readonly allow: boolean; readonly reason?: string }): boolean;
}

/** What the page is shown about a call waiting for approval. */
function approvalView(request: ApprovalRequest, policy: ApprovalPolicy): ApprovalView {
  return {
    callId: request.callId,
    name: request.name,
    server: request.server,
    toolName: request.toolName,
    arguments: toJson(request.arguments),
    annotations: request.annotations === undefined ? null : toJson(request.annotations),
    title: request.title ?? null,
    description: request.description ?? null,
    policy,
  };
}

const key = (runId: string, callId: string): string => JSON.stringify([runId, callId]);

/**
 * An empty registry.
 *
 * @example
 * ```ts
 * const approvals = createPendingApprovals();
 * const ask = approvals.asker(runId, "ask-every-call", signal, (view) => hub.publish(…));
 * ```
 */
export function createPendingApprovals(): PendingApprovals {
  const waiting = new Map<string, (answer: ApprovalAnswer) => void>();
  return {
    asker: (runId, policy, signal, show) => (request) =>
      new Promise<ApprovalAnswer>((resolve) => {
        const at = key(runId, request.callId);
        const settle = (answer: ApprovalAnswer): void => {
          signal.removeEventListener("abort", onAbort);
          waiting.delete(at);
          resolve(answer);
        };
        // The executor stops waiting on its own when the run is stopped; this only forgets the call.
        const onAbort = (): void => settle({ allow: false, reason: "the run was stopped" });
        if (signal.aborted) return onAbort();
        signal.addEventListener("abort", onAbort, { once: true });
        waiting.set(at, settle);
        show(approvalView(request, policy));
      }),
    answer: (runId, callId, answer) => {
      const settle = waiting.get(key(runId, callId));
      settle?.(
        answer.allow
          ? true
          : { allow: false, ...(answer.reason === undefined || answer.reason === "" ? {} : { reason: answer.reason }) },
      );
      return settle !== undefined;
    },
  };
}
