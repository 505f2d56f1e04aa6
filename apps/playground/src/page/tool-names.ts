// One name per tool everywhere: the exposed name (what the model sees and
// calls), with the server and the server's own name beside it.
import type { ToolView } from "../shared/api-types";

/**
 * `demo__divide (divide on demo)`: the exposed name, then where it comes from.
 *
 * @example
 * ```ts
 * option.textContent = toolLabel(tool);
 * ```
 */
export function toolLabel(tool: ToolView): string {
  return `${tool.name} (${tool.toolName} on ${tool.server})`;
}

/**
 * Whether `tool` matches what was typed in a search box: every word appears in
 * its exposed name, its server's name for it or its description.
 *
 * @example
 * ```ts
 * tools.filter((tool) => matchesSearch(tool, "div"));
 * ```
 */
export function matchesSearch(tool: ToolView, search: string): boolean {
  const haystack = `${tool.name} ${tool.toolName} ${tool.server} ${tool.description ?? ""}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .every((word) => haystack.includes(word));
}
