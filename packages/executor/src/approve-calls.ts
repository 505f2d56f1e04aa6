import { ToolError } from "@x/toolset";
import type { ToolCall, Toolset } from "@x/toolset";
import { ABORTED, raceAbort } from "./race-abort";

/**
 * The MCP annotations of a tool (`tools/list`'s `annotations`). They are
 * hints the server gives about itself: MCP says a client must treat them as
 * untrusted unless it trusts the server, so a policy built on them is only
 * as good as the server is honest.
 */
export interface McpToolAnnotations {
  readonly title?: string;
  /** The tool does not change its environment. */
  readonly readOnlyHint?: boolean;
  /** The tool may destroy or overwrite (meaningful only when it is not read-only; MCP's default is `true`). */
  readonly destructiveHint?: boolean;
  /** Calling it again with the same arguments does nothing more. */
  readonly idempotentHint?: boolean;
  /** The tool reaches outside systems (the web, other services). */
  readonly openWorldHint?: boolean;
}

/** What `approve` is asked about one call: the call with its decoded arguments, and its tool. */
export interface ApprovalRequest extends ToolCall {
  /** The tool's title, when it has one. */
  readonly title?: string;
  /** The tool's (sanitised) description, when it has one. */
  readonly description?: string;
  /** The tool's MCP annotations, when the server gave any: untrusted hints (see {@link McpToolAnnotations}). */
  readonly annotations?: McpToolAnnotations;
}

/**
 * An answer of `approve`: `true` runs the call; `false` or
 * `{ allow: false, reason }` answers it with a `denied` error instead (the
 * reason is shown to the model); `"pause"` (in `runToolLoop`) stops the run
 * with `stopReason: "needs-approval"` until `resumeToolLoop` is given the
 * decision.
 */
export type ApprovalAnswer = boolean | "pause" | { readonly allow: boolean; readonly reason?: string };

/**
 * Decides whether a call runs, synchronously or as a promise. Asked once per
 * call, one call at a time, in the model's order. A throw or a rejection,
 * and an answer that is none of {@link ApprovalAnswer}, deny that call (the
 * error is in its `tool-call-denied` event); nothing else is disturbed.
 */
export type ApproveFunction = (request: ApprovalRequest) => ApprovalAnswer | PromiseLike<ApprovalAnswer>;

/** What became of the approval of one call. */
export type ApprovalDecision =
  | { readonly kind: "allow" }
  | { readonly kind: "deny"; readonly reason?: string; readonly error?: unknown }
  | { readonly kind: "pause" };

/** The request for `call`, from its toolset entry. */
export function approvalRequest(call: ToolCall, toolset: Toolset): ApprovalRequest {
  const tool = toolset.resolve(call.name)?.tool;
  const annotations: unknown = tool?.annotations;
  return {
    ...call,
    ...(typeof tool?.title === "string" ? { title: tool.title } : {}),
    ...(typeof tool?.description === "string" ? { description: tool.description } : {}),
    ...(typeof annotations === "object" && annotations !== null ? { annotations: annotations } : {}),
  };
}

/**
 * An answer as a decision. An answer outside {@link ApprovalAnswer} is a
 * mistake of the `approve` function: the call is denied (never run on a
 * misunderstanding), with the error saying what came back.
 */
export function readAnswer(answer: unknown): ApprovalDecision {
  if (answer === true) return { kind: "allow" };
  if (answer === false) return { kind: "deny" };
  if (answer === "pause") return { kind: "pause" };
  if (typeof answer === "object" && answer !== null && "allow" in answer && typeof answer.allow === "boolean") {
    if (answer.allow) return { kind: "allow" };
    const reason: unknown = "reason" in answer ? answer.reason : undefined;
    return typeof reason === "string" && reason !== "" ? { kind: "deny", reason } : { kind: "deny" };
  }
  const got = typeof answer === "string" ? JSON.stringify(answer) : String(answer);
  return {
    kind: "deny",
    error: new TypeError(
      `approve must answer true, false, "pause" or { allow, reason }; it answered ${got}, so the call was denied.`,
    ),
  };
}

/** The error answering a denied call, worded for the model. */
export function deniedError(
  call: ToolCall,
  decision: { readonly reason?: string; readonly error?: unknown },
): ToolError {
  const why =
    decision.reason !== undefined
      ? `: ${decision.reason}`
      : decision.error !== undefined
        ? ": the approval check failed."
        : ".";
  return new ToolError("denied", `The user did not allow the call to the tool "${call.name}"${why}`, {
    cause: decision.error,
  });
}

/**
 * Asks `approve` about `call`. Resolves with the decision, never rejects:
 * a throw or a rejection is a denial carrying the error. With a signal that
 * aborts while the answer is awaited (a person may never answer), the
 * promise resolves with `undefined`: the caller answers the call `aborted`.
 */
export async function askApproval(
  approve: ApproveFunction,
  call: ToolCall,
  toolset: Toolset,
  signal: AbortSignal | undefined,
): Promise<ApprovalDecision | undefined> {
  if (signal?.aborted === true) return undefined;
  let answering: PromiseLike<ApprovalAnswer> | ApprovalAnswer;
  try {
    answering = approve(approvalRequest(call, toolset));
  } catch (error) {
    return { kind: "deny", error };
  }
  try {
    const answer = await (signal === undefined ? answering : raceAbort(answering, signal));
    return answer === ABORTED ? undefined : readAnswer(answer);
  } catch (error) {
    return { kind: "deny", error };
  }
}
