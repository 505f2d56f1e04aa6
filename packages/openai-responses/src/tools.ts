import { prepareToolDefinitions } from "@x/toolset/adapter";
import type { PrepareOptions, PreparedTools, Toolset } from "@x/toolset";
import type { ResponsesFunctionTool } from "./responses-types";

/**
 * The Responses API `tools` for a toolset, and the report of strict
 * preparation (null paths to pass to {@link toolCalls}, fallbacks, exclusions).
 *
 * @param toolset - the tools to offer, from `buildToolset`
 * @param options - `strict`: `"auto"` (default) falls back per tool, `true` leaves out what cannot be strict, `false` sends every schema as it is
 * @returns `{ tools, report }`: `tools` goes into the request as it is
 * @example
 * ```ts
 * const { tools: responsesTools, report } = tools(toolset);
 * const response = await openai.responses.create({ model: "gpt-5", input, tools: responsesTools });
 * const { calls, rejected } = toolCalls(response, toolset, report.nullPaths);
 * ```
 */
export function tools(toolset: Toolset, options?: PrepareOptions): PreparedTools<ResponsesFunctionTool> {
  const prepared = prepareToolDefinitions(toolset, options);
  return {
    tools: prepared.tools.map(({ name, description, parameters, strict }) => ({
      type: "function",
      name,
      ...(description === undefined ? {} : { description }),
      parameters,
      strict,
    })),
    report: prepared.report,
  };
}
