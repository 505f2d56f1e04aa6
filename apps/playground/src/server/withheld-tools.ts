// The tools of the built-in demo servers that a real model is not offered.
// Until approvals exist (a person allowing each call, issue 14), a model
// steered by a prompt injection could use them to reach the network from this
// machine (local services included). The Run view, where a person makes each
// call, still offers them.
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

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
    reason: "it fetches any http(s) URL it is given, local services included; it needs approvals (issue 14) first",
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
