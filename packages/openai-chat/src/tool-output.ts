import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult, renderedText } from "@x/toolset/adapter";
import type { RenderedResult } from "@x/toolset/adapter";
import type { ChatToolMessage } from "./chat-types";

/**
 * The `tool` message answering `callId` with a rendered result: its text
 * (`renderedText`). What `@x/executor` calls, after rendering once.
 *
 * @param callId - the `id` of the `tool_calls` entry
 * @param rendered - from `renderResult` (`@x/toolset/adapter`)
 * @returns the message to append after the assistant message
 * @example
 * ```ts
 * messages.push(renderedOutput(call.callId, renderResult(outcome, { maxOutputBytes: 10_000 })));
 * ```
 */
export function renderedOutput(callId: string, rendered: RenderedResult): ChatToolMessage {
  return { role: "tool", tool_call_id: callId, content: renderedText(rendered) };
}

/**
 * The `tool` message answering `callId`. Chat tool messages carry text only:
 * images, audio and resources become placeholders such as
 * `[image: image/png, 1024 bytes]`; an error result (`isError: true`) or a
 * `ToolError` starts with the error prefix.
 *
 * @param callId - the `id` of the `tool_calls` entry
 * @param outcome - the MCP result of running the call, or the `ToolError` that stopped it
 * @param options - `errorPrefix` (default `"Error: "`), `structured` (default `"auto"`), `maxOutputBytes` (default: no
 *   limit)
 * @returns the message to append after the assistant message
 * @example
 * ```ts
 * const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
 * messages.push(toolOutput(call.callId, toCallToolResult(result)));
 * ```
 */
export function toolOutput(callId: string, outcome: ToolOutcome, options?: RenderOptions): ChatToolMessage {
  return renderedOutput(callId, renderResult(outcome, options));
}
