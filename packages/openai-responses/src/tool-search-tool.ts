import type { ResponsesToolSearchTool } from "./responses-types";

/**
 * The client-executed `tool_search` tool: a description naming what can be
 * searched (the namespaces, or servers, whose tools are deferred) and the
 * strict parameters `{ "query": string }`.
 *
 * @param searchable - the namespace (or server) names whose tools are deferred
 * @returns the tool to add to the request's `tools`
 */
export function toolSearchTool(searchable: readonly string[]): ResponsesToolSearchTool {
  return {
    type: "tool_search",
    execution: "client",
    description:
      "Finds tools that are not loaded yet and loads the best matches, searching their names, descriptions and " +
      `MCP servers. Searchable: ${searchable.join(", ")}.`,
    parameters: {
      type: "object",
      properties: {
        query: {
          type: "string",
          description: 'What the tool should do, in a few words, e.g. "create a GitHub issue".',
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
  };
}
