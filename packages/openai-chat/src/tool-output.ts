import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult, renderedText } from "@x/toolset/adapter";
import type { CallRef, RenderedResult } from "@x/toolset/adapter";
import type { ChatToolMessage } from "./chat-types";

/**
 * The `tool` message answering `call` with a rendered result: its parts as
 * one text (an image as its placeholder: Chat tool messages carry text only).
 *
 * @param call - the call answered: its `callId` becomes `tool_call_id`
 * @param rendered - from `renderResult` of `@x/toolset/adapter`
 * @returns `{ role: "tool", tool_call_id, content }`
 */
export function renderedOutput(call: CallRef, rendered: RenderedResult): ChatToolMessage {
  return { role: "tool", tool_call_id: call.callId, content: renderedText(rendered) };
}

/**
 * The `tool` message answering `call` with a tool's outcome: an MCP
 * `CallToolResult` (checked with `toCallToolResult`) or a `ToolError`. An
 * error's text starts with `errorPrefix` (default `"Error: "`), since a Chat
 * tool message has no error flag.
 *
 * @param call - the call answered (a `ToolCall`, or `{ callId, name }`)
 * @param outcome - the result or error
 * @param options - `errorPrefix`, `structured`, `maxOutputBytes`
 * @returns the `tool` message for the next request's `messages`
 * @example
 * ```ts
 * const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
 * messages.push(toolOutput(call, toCallToolResult(result)));
 * ```
 */
export function toolOutput(call: CallRef, outcome: ToolOutcome, options?: RenderOptions): ChatToolMessage {
  return renderedOutput(call, renderResult(outcome, options));
}
