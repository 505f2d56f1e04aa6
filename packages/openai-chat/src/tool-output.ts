import type { RenderOptions, ToolOutcome } from "@x/toolset";
import { renderResult, renderedText } from "@x/toolset/adapter";
import type { CallRef, RenderedResult } from "@x/toolset/adapter";
import type { ChatToolMessage } from "./chat-types";

/** The `tool` message answering `call` with a rendered result, images as their placeholders. */
export function renderedOutput(call: CallRef, rendered: RenderedResult): ChatToolMessage {
  return { role: "tool", tool_call_id: call.callId, content: renderedText(rendered) };
}

/**
 * The `tool` message answering `call` with a tool's outcome, rendered by
 * `renderResult` of `@x/toolset/adapter` as one text (a Chat tool message
 * carries text only, and has no error flag: an error starts with `errorPrefix`).
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
