import { prepareToolDefinitions } from "@x/toolset/adapter";
import type { PrepareOptions, PreparedTools, Toolset } from "@x/toolset";
import type { ChatFunctionTool } from "./chat-types";

/**
 * The Chat Completions `tools` for a toolset, and the report of strict
 * preparation (null paths to pass to {@link toolCalls}, fallbacks, exclusions).
 *
 * @param toolset - the tools to offer, from `buildToolset`
 * @param options - `strict`: `"auto"` (default) falls back per tool, `true` leaves out what cannot be strict, `false`
 *   sends every schema as it is
 * @returns `{ tools, report }`: `tools` goes into the request as it is
 * @example
 * ```ts
 * const { tools: chatTools, report } = tools(toolset);
 * const completion = await openai.chat.completions.create({ model: "gpt-5", messages, tools: chatTools });
 * const { calls, rejected } = toolCalls(completion, toolset, report.plans);
 * ```
 */
export function tools(toolset: Toolset, options?: PrepareOptions): PreparedTools<ChatFunctionTool> {
  const prepared = prepareToolDefinitions(toolset, options);
  return {
    tools: prepared.tools.map(({ name, description, parameters, strict }) => ({
      type: "function",
      function: { name, ...(description === undefined ? {} : { description }), parameters, strict },
    })),
    report: prepared.report,
  };
}
