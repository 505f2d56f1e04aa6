import { renderResult, renderedText } from "@x/toolset";
import type { OutputOptions, ToolOutcome } from "@x/toolset";
import type { ChatToolMessage } from "./chat-types";

/**
 * The `tool` message answering `callId`. Chat tool messages carry text only:
 * images, audio and resources become placeholders such as
 * `[image: image/png, 1024 bytes]`; an error result (`isError: true`) or a
 * `ToolError` starts with the error prefix.
 *
 * @param callId - the `id` of the `tool_calls` entry
 * @param outcome - the MCP result of running the call, or the `ToolError` that stopped it
 * @param options - `errorPrefix` (default `"Error: "`), `structured` (default `"auto"`)
 * @returns the message to append after the assistant message
 * @example
 * ```ts
 * const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
 * messages.push(toolOutput(call.callId, toCallToolResult(result)));
 * ```
 */
export function toolOutput(callId: string, outcome: ToolOutcome, options?: OutputOptions): ChatToolMessage {
  return { role: "tool", tool_call_id: callId, content: renderedText(renderResult(outcome, options)) };
}
