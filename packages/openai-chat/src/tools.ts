import { checkRenderOptions, prepareToolDefinitions } from "@x/toolset/adapter";
import type { PrepareOptions, PrepareReport, PreparedTools, Toolset } from "@x/toolset";
import { adapter } from "./adapter";
import type { ChatFunctionTool, ChatMessage, ChatResponse, ChatToolMessage } from "./chat-types";

/** What {@link tools} returns: the request's `tools`, and what answering the model's calls needs. */
export interface ChatPrepared extends PreparedTools<ChatFunctionTool, ChatResponse, ChatToolMessage, ChatMessage> {
  readonly report: PrepareReport;
}

/**
 * The Chat Completions `tools` for a toolset, prepared: `tools` goes into the
 * request, and the whole object to `toolCalls` or `executeToolCalls`, which
 * restore the model's arguments with it and run only the tools it offered.
 *
 * Every tool is `{ type: "function", function: { name, description,
 * parameters, strict } }`, `strict` always sent, as `options.strict` decides
 * (see `prepareToolDefinitions` of `@x/toolset/adapter`).
 *
 * @param toolset - the tools to offer, from `buildToolset` (or `servers.toolset`)
 * @param options - `strict`, `strictOptions`, and how answers are worded (`errorPrefix`, `structured`)
 * @returns the prepared tools
 * @throws {ToolError} `invalid-options` when an option has a value it does not take
 * @example
 * ```ts
 * const prepared = tools(toolset);
 * const completion = await openai.chat.completions.create({ model: "gpt-5-mini", messages, tools: prepared.tools });
 * const { calls, rejected } = toolCalls(completion, prepared);
 * ```
 */
export function tools(toolset: Toolset, options?: PrepareOptions): ChatPrepared {
  const { errorPrefix, structured } = checkRenderOptions(options);
  const prepared = prepareToolDefinitions(toolset, options);
  return {
    tools: prepared.tools.map(({ name, description, parameters, strict }) => ({
      type: "function",
      function: { name, ...(description === undefined ? {} : { description }), parameters, strict },
    })),
    report: prepared.report,
    toolset,
    plans: prepared.plans,
    output: { errorPrefix, structured },
    adapter,
  };
}
