// allowTools / denyTools: which listed tools join the toolset, decided before naming.
import type { McpTool } from "@x/toolset";
import type { ToolFilters, ToolFilter } from "./server-config";

function matches(filter: ToolFilter, tool: McpTool): boolean {
  return typeof filter === "function" ? filter(tool) : filter.includes(tool.name);
}

/** The tools of `tools` that `allowTools` lets in (all when unset) and `denyTools` does not keep out. */
export function filterTools(tools: readonly McpTool[], { allowTools, denyTools }: ToolFilters): McpTool[] {
  return tools.filter(
    (tool) => (allowTools === undefined || matches(allowTools, tool)) && (denyTools === undefined || !matches(denyTools, tool)),
  );
}
