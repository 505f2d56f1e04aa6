// The approval policies as the page names them, and a select to choose one.
import type { ApprovalPolicy, PolicyVerdict } from "../shared/api-types";
import { h } from "./dom";

/** Each policy's name on the page, in the order the select lists them. */
export const POLICY_LABELS: { readonly [policy in ApprovalPolicy]: string } = {
  "ask-every-call": "ask for every call",
  "ask-unless-read-only": "ask unless read-only (annotationPolicy)",
  "read-only-only": "run read-only tools only, deny the rest",
  "run-everything": "run everything",
};

/** What a verdict means, said of one call. */
export const VERDICT_WORDS: { readonly [verdict in PolicyVerdict]: string } = {
  runs: "runs without asking",
  asks: "waits for your Approve or Deny",
  denied: "is denied without running (the model is told why)",
};

/**
 * A select of the policies, starting at `initial`; `onChange` hears each choice.
 *
 * @example
 * ```ts
 * form.append(policySelect("chat-policy", "ask-unless-read-only", (policy) => (chosen = policy)));
 * ```
 */
export function policySelect(
  testId: string,
  initial: ApprovalPolicy,
  onChange: (policy: ApprovalPolicy) => void,
): HTMLSelectElement {
  const select = h(
    "select",
    { "data-testid": testId, "aria-label": "approval policy" },
    (Object.keys(POLICY_LABELS) as ApprovalPolicy[]).map((policy) =>
      h("option", { value: policy, selected: policy === initial }, POLICY_LABELS[policy]),
    ),
  );
  select.addEventListener("change", () => onChange(select.value as ApprovalPolicy));
  return select;
}

/**
 * A tool's MCP annotations in words (`readOnlyHint: true, destructiveHint: false`), or that there are none.
 *
 * @example
 * ```ts
 * annotationWords({ readOnlyHint: true }); // "readOnlyHint: true"
 * ```
 */
export function annotationWords(annotations: unknown): string {
  if (typeof annotations !== "object" || annotations === null || Array.isArray(annotations)) return "none";
  const entries = Object.entries(annotations).filter(([name]) => name !== "title");
  return entries.length === 0 ? "none" : entries.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(", ");
}
