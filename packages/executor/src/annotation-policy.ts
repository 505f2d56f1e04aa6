import type { ApprovalAnswer, ApprovalRequest, ApproveFunction } from "./approve-calls";

/** Options of {@link annotationPolicy}. */
export interface AnnotationPolicyOptions {
  /**
   * Asked about every call the annotations do not clear (a person, a UI, a
   * stricter rule). Default: `"pause"`, so `runToolLoop` stops with
   * `stopReason: "needs-approval"` and the call waits for `resumeToolLoop`.
   */
  readonly ask?: ApproveFunction;
}

/**
 * A ready-made `approve` from the tools' MCP annotations: a call to a tool
 * marked `readOnlyHint: true` runs; every other call (a tool marked
 * `destructiveHint`, one marked neither, or one without annotations) is
 * asked about with `options.ask`, by default `"pause"`.
 *
 * Annotations are hints the server gives about its own tools, and MCP says
 * to treat them as untrusted: a server that marks a destructive tool
 * read-only gets it run without asking. Use this policy with servers you
 * trust, and a stricter `approve` with the others.
 *
 * @param options - `ask`: who decides the calls the annotations do not clear
 * @returns an `approve` function for `executeToolCalls` or `runToolLoop`
 * @example
 * ```ts
 * const result = await runToolLoop({ model, adapter, toolset, clients, input, approve: annotationPolicy() });
 * if (result.stopReason === "needs-approval") await saveForLater(result.state);
 * ```
 */
export function annotationPolicy(options: AnnotationPolicyOptions = {}): ApproveFunction {
  const ask = options.ask ?? ((): ApprovalAnswer => "pause");
  return (request: ApprovalRequest) => (request.annotations?.readOnlyHint === true ? true : ask(request));
}
