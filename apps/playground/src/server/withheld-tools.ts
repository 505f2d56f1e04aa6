// The tools of the built-in demo servers that a real model is offered only
// when a person approves each of their calls. Run unasked, a model steered by
// a prompt injection could use them to reach the network from this machine
// (local services included). So a conversation offers them only under an
// approval policy that asks about every call to them; the Run view, where a
// person makes each call, always offers them.
import type { ApprovalPolicy } from "../shared/api-types";
import { policyVerdicts } from "./approval-policy";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";
import { withoutTools } from "./toolbox";
import type { Toolbox } from "./toolbox";

/** A tool withheld from real models, and why. */
export interface WithheldTool {
  /** The built-in server's name. */
  readonly server: string;
  /** The tool's name on that server. */
  readonly tool: string;
  readonly reason: string;
}

/** The deny list: tools of the built-in servers that reach the network or the filesystem. */
export const WITHHELD_FROM_MODELS: readonly WithheldTool[] = [
  {
    server: "everything",
    tool: "gzip-file-as-resource",
    reason: "it fetches any http(s) URL it is given, local services included",
  },
];

/**
 * Why a real model must not be offered `tool` of the server of `spec`, or
 * `undefined` when it may: on the deny list, and the server is the built-in
 * one of that name (a server the user configured under the same name is
 * theirs to trust).
 *
 * @example
 * ```ts
 * const offered = tools.filter((tool) => withheldReason(everythingServerSpec(), tool.name) === undefined);
 * ```
 */
export function withheldReason(spec: ServerSpec | InvalidServerSpec, tool: string): string | undefined {
  if (spec.source !== "built-in") return undefined;
  return WITHHELD_FROM_MODELS.find((entry) => entry.server === spec.name && entry.tool === tool)?.reason;
}

/**
 * The toolbox a real model is offered under each approval policy: without
 * the tools `withheld` names, unless the policy asks a person about every
 * call to that tool (its verdict is "asks").
 *
 * @example
 * ```ts
 * const offered = modelToolboxes(toolbox, (server, tool) => withheldReason(specOf(server), tool));
 * runConversation(offered[request.approval], settings, request);
 * ```
 */
export function modelToolboxes(
  toolbox: Toolbox,
  withheld: (server: string, tool: string) => string | undefined,
): { readonly [policy in ApprovalPolicy]: Toolbox } {
  const offered = (policy: ApprovalPolicy): Toolbox =>
    withoutTools(toolbox, (server, tool) => {
      if (withheld(server, tool) === undefined) return false;
      const entry = toolbox.toolset.entries.find((each) => each.server === server && each.toolName === tool);
      return entry === undefined || policyVerdicts(entry)[policy] !== "asks";
    });
  return {
    "ask-every-call": offered("ask-every-call"),
    "ask-unless-read-only": offered("ask-unless-read-only"),
    "read-only-only": offered("read-only-only"),
    "run-everything": offered("run-everything"),
  };
}
