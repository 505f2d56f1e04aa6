import type { AnthropicToolSearchTool } from "./anthropic-types";

/** Which server-side search finds deferred tools: BM25 over natural language, or regular expressions. */
export type ToolSearchVariant = "bm25" | "regex";

/**
 * The tool search tool sent beside tools with `defer_loading: true`: the API
 * runs the search and loads what it finds
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool).
 *
 * @param variant - `"bm25"` or `"regex"`
 * @returns the tool
 */
export function toolSearchTool(variant: ToolSearchVariant): AnthropicToolSearchTool {
  return variant === "regex"
    ? { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" }
    : { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" };
}
