// The approval policies the page offers, as the executor's `approve`
// functions, and what each decides for a tool before any call is made.
import { annotationPolicy } from "@x/executor";
import type { ApprovalAnswer, ApprovalRequest, ApproveFunction } from "@x/executor";
import type { ToolsetEntry } from "@x/toolset";
import type { ApprovalPolicy, PolicyVerdict } from "../shared/api-types";
import type { LiveRun } from "./live-run";

/** Every policy, in the order the page lists them. */
export const APPROVAL_POLICIES: readonly ApprovalPolicy[] = [
  "ask-every-call",
  "ask-unless-read-only",
  "read-only-only",
  "run-everything",
];

/** The reason `read-only-only` gives the model for a call it denies. */
export const READ_ONLY_ONLY_REASON = "the playground's policy runs only tools marked read-only (readOnlyHint: true)";

/**
 * The `approval` field of a request (absent: `run-everything`), or a string
 * saying what is wrong. A policy that may ask the page needs the request's
 * `runId`: the page answers by that id.
 *
 * @example
 * ```ts
 * parseApproval("ask-unless-read-only", "run-1"); // { approval: "ask-unless-read-only" }
 * ```
 */
export function parseApproval(
  value: unknown,
  runId: string | undefined,
): { readonly approval: ApprovalPolicy } | string {
  if (value === undefined) return { approval: "run-everything" };
  const approval = APPROVAL_POLICIES.find((policy) => policy === value);
  if (approval === undefined)
    return `approval must be one of ${APPROVAL_POLICIES.map((policy) => `"${policy}"`).join(", ")}, or left out.`;
  if (policyMayAsk(approval) && runId === undefined)
    return `approval "${approval}" asks the page about calls: send a runId too, so the answer can name the run.`;
  return { approval };
}

/** Whether `policy` may ask the page (then the request needs a `runId`, so the page can answer). */
function policyMayAsk(policy: ApprovalPolicy): boolean {
  return policy === "ask-every-call" || policy === "ask-unless-read-only";
}

/**
 * The executor's `approve` for `policy`; `ask` answers the calls the policy puts to a person (the page).
 * `ask-unless-read-only` and `read-only-only` are the executor's own `annotationPolicy`.
 *
 * @example
 * ```ts
 * await runToolLoop({ ...options, approve: policyApprove("ask-unless-read-only", askThePage) });
 * ```
 */
export function policyApprove(policy: ApprovalPolicy, ask: ApproveFunction): ApproveFunction {
  switch (policy) {
    case "ask-every-call":
      return ask;
    case "ask-unless-read-only":
      return annotationPolicy({ ask });
    case "read-only-only":
      return annotationPolicy({ ask: () => ({ allow: false, reason: READ_ONLY_ONLY_REASON }) });
    case "run-everything":
      return () => true;
    default: {
      const _exhaustive: never = policy;
      return _exhaustive;
    }
  }
}

/**
 * The `approve` of a followed run: `policy`, asking the page through `live`.
 * A run nobody follows has no page to ask (the request checks prevent it):
 * such a call is denied, never run unasked.
 *
 * @example
 * ```ts
 * const approve = liveApprove(request.approval, live);
 * ```
 */
export function liveApprove(policy: ApprovalPolicy, live: LiveRun): ApproveFunction {
  const ask: ApproveFunction =
    live.askPage?.(policy) ?? (() => ({ allow: false, reason: "nobody could be asked (the run had no runId)" }));
  return policyApprove(policy, ask);
}

function verdictOf(answer: ApprovalAnswer | PromiseLike<ApprovalAnswer>): PolicyVerdict {
  if (answer === true) return "runs";
  if (answer === "pause") return "asks";
  return typeof answer === "object" && "allow" in answer && answer.allow ? "runs" : "denied";
}

/**
 * What each policy decides for a call to `entry`'s tool: the policy's own
 * `approve` is asked about a call with no arguments, with "asks" standing
 * for the person it would ask. The policies look only at the annotations,
 * so the arguments do not change the verdict.
 *
 * @example
 * ```ts
 * policyVerdicts(entry)["ask-unless-read-only"]; // "asks" for a tool not marked readOnlyHint: true
 * ```
 */
export function policyVerdicts(entry: ToolsetEntry): { [policy in ApprovalPolicy]: PolicyVerdict } {
  const annotations: unknown = entry.tool.annotations;
  const request: ApprovalRequest = {
    callId: "verdict",
    name: entry.name,
    server: entry.server,
    toolName: entry.toolName,
    arguments: {},
    index: 0,
    ...(typeof annotations === "object" && annotations !== null ? { annotations } : {}),
  };
  const verdict = (policy: ApprovalPolicy): PolicyVerdict => verdictOf(policyApprove(policy, () => "pause")(request));
  return {
    "ask-every-call": verdict("ask-every-call"),
    "ask-unless-read-only": verdict("ask-unless-read-only"),
    "read-only-only": verdict("read-only-only"),
    "run-everything": verdict("run-everything"),
  };
}
