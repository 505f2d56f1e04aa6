// A call waiting for the user's Approve or Deny (an `approval-request`
// event): the call and its tool, and the buttons that answer it through
// `POST /api/approve`.
import type { ApprovalView, ApproveRequest } from "../shared/api-types";
import { ApiError } from "./api-client";
import type { Api } from "./api-client";
import { h, replace } from "./dom";
import { jsonBlock } from "./json-block";
import { annotationWords, POLICY_LABELS } from "./policy-words";

/**
 * The card for `request` of run `runId`. It is made once per call, so a
 * view that redraws around it keeps the reason being typed.
 *
 * @example
 * ```ts
 * cards.set(event.request.callId, approvalCard(context.api, event.runId, event.request));
 * ```
 */
export function approvalCard(api: Api, runId: string, request: ApprovalView): HTMLElement {
  const reason = h("input", {
    type: "text",
    "data-testid": "deny-reason",
    "aria-label": "reason for denying",
    placeholder: "Why not? (optional: the model reads it)",
  });
  const status = h("p", { class: "muted", "data-testid": "approval-answer", hidden: true });
  const approveButton = h("button", { type: "button", class: "primary", "data-testid": "approve" }, "Approve");
  const denyButton = h("button", { type: "button", class: "danger", "data-testid": "deny" }, "Deny");
  const answer = (allow: boolean): void => {
    approveButton.disabled = denyButton.disabled = reason.disabled = true;
    const body: ApproveRequest = {
      runId,
      callId: request.callId,
      allow,
      ...(allow || reason.value.trim() === "" ? {} : { reason: reason.value.trim() }),
    };
    status.hidden = false;
    replace(status, allow ? "Approved: it runs now." : "Denied: the model gets the denial as the call's output.");
    api.post("/api/approve", body).catch((error: unknown) => {
      replace(status, `Not answered: ${error instanceof ApiError ? error.message : String(error)}`);
    });
  };
  approveButton.addEventListener("click", () => answer(true));
  denyButton.addEventListener("click", () => answer(false));
  const annotations = annotationWords(request.annotations);
  return h(
    "div",
    { class: "notice warn approval", "data-testid": "approval" },
    h(
      "p",
      {},
      h("strong", {}, "Waiting for you: "),
      h("code", { "data-testid": "approval-name" }, request.name),
      h("span", { class: "muted" }, ` (${request.toolName} on server ${request.server})`),
      request.description === null ? null : ` — ${request.description}`,
    ),
    h("p", { class: "muted" }, "The arguments the server would receive:"),
    jsonBlock(request.arguments, "approval-arguments"),
    h(
      "p",
      { "data-testid": "approval-annotations" },
      `Annotations: ${annotations}`,
      h("span", { class: "muted" }, " (hints the server gives about its own tool: MCP treats them as untrusted)"),
    ),
    h("p", { class: "muted" }, `Asked by the policy “${POLICY_LABELS[request.policy]}”.`),
    h("div", { class: "actions" }, approveButton, reason, denyButton),
    status,
  );
}
