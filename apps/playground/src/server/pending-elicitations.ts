// Requests for input waiting for the page, as approvals wait for their
// Approve or Deny (pending-approvals.ts): the executor's `elicit` returns a
// promise per request; `POST /api/elicit` settles it with MCP's own answer
// (`accept` with the form's content, `decline`, `cancel`). A request the
// executor stops waiting for (the call was cancelled or timed out, the run
// stopped) is answered `cancel` and forgotten.
import { randomBytes } from "node:crypto";
import type { ElicitationRequest, ElicitFunction, ElicitResult } from "@x/executor";
import type { ElicitAnswerRequest, ElicitationView, Json } from "../shared/api-types";
import { toJson } from "./to-json";

/** The values of an accepted form (the executor checks them against the requested schema before they go back). */
type FormContent = NonNullable<Extract<ElicitResult, { action: "accept" }>["content"]>;

/** The requests for input waiting for an answer, by run and request id. */
export interface PendingElicitations {
  /**
   * An `elicit` for the run `runId`: each request it is given is shown to the page (`show`) and waits for
   * {@link PendingElicitations.answer}, or until the executor's or the run's signal aborts.
   */
  asker(runId: string, signal: AbortSignal, show: (request: ElicitationView) => void): ElicitFunction;
  /** Settles the request `elicitationId` of run `runId`; `false` when it is not waiting. */
  answer(answer: ElicitAnswerRequest): boolean;
}

/** What the page is shown about a request: who asks, why, and the form or the URL. */
function elicitationView(elicitationId: string, request: ElicitationRequest): ElicitationView {
  return {
    elicitationId,
    callId: request.callId,
    server: request.server,
    toolName: request.tool,
    message: request.message,
    mode: request.mode,
    requestedSchema: request.mode === "form" ? toJson(request.requestedSchema) : null,
    url: request.mode === "url" ? request.url : null,
  };
}

const key = (runId: string, elicitationId: string): string => JSON.stringify([runId, elicitationId]);

/**
 * The body of `POST /api/elicit`, checked, or what is wrong with it.
 *
 * @example
 * ```ts
 * parseElicitAnswer({ runId: "r", elicitationId: "e", action: "decline" }); // the answer
 * ```
 */
export function parseElicitAnswer(body: unknown): ElicitAnswerRequest | string {
  const usage = 'Send { runId, elicitationId, action: "accept" | "decline" | "cancel", content? }.';
  if (typeof body !== "object" || body === null) return usage;
  const { runId, elicitationId, action, content } = body as { [key: string]: unknown };
  if (typeof runId !== "string" || typeof elicitationId !== "string") return usage;
  if (action !== "accept" && action !== "decline" && action !== "cancel") return usage;
  if (content === undefined) return { runId, elicitationId, action };
  if (action !== "accept" || typeof content !== "object" || content === null || Array.isArray(content))
    return "content must be the form's values (an object), and only with accept.";
  return { runId, elicitationId, action, content: content as { [name: string]: Json } };
}

/**
 * An empty registry.
 *
 * @example
 * ```ts
 * const elicitations = createPendingElicitations();
 * const elicit = elicitations.asker(runId, signal, (view) => hub.publish(…));
 * ```
 */
export function createPendingElicitations(): PendingElicitations {
  const waiting = new Map<string, (answer: ElicitResult) => void>();
  return {
    asker: (runId, runSignal, show) => (request, context) =>
      new Promise<ElicitResult>((resolve) => {
        const elicitationId = randomBytes(9).toString("base64url");
        const at = key(runId, elicitationId);
        const signals = [runSignal, context.signal];
        const settle = (answer: ElicitResult): void => {
          for (const signal of signals) signal.removeEventListener("abort", onAbort);
          waiting.delete(at);
          resolve(answer);
        };
        // The executor answers the server itself once its signal aborts; this only forgets the request.
        const onAbort = (): void => settle({ action: "cancel" });
        if (signals.some((signal) => signal.aborted)) return onAbort();
        for (const signal of signals) signal.addEventListener("abort", onAbort, { once: true });
        waiting.set(at, settle);
        show(elicitationView(elicitationId, request));
      }),
    answer: ({ runId, elicitationId, action, content }) => {
      const settle = waiting.get(key(runId, elicitationId));
      settle?.(
        action === "accept"
          ? { action, ...(content === undefined ? {} : { content: content as FormContent }) }
          : { action },
      );
      return settle !== undefined;
    },
  };
}
