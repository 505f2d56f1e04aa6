import type { ToolCalls } from "@x/toolset";
import { answerRejected, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall, ResolvedToolCalls, ResolveTarget } from "@x/toolset/adapter";
import type {
  AnthropicMessageParam,
  AnthropicResponse,
  AnthropicToolResultBlock,
  AnthropicToolUseBlock,
} from "./anthropic-types";
import { readReply, readToolUses, text } from "./read-tool-uses";
import type { AnthropicTools } from "./tools";

function rawCall(block: AnthropicToolUseBlock, index: number, cutOff: boolean): RawToolCall {
  const name = text(block.name);
  if (cutOff) return { callId: block.id, name, arguments: undefined, index, kind: "incomplete" };
  // Input streamed eagerly that is not JSON is kept as its text, and read as
  // text (so it is answered `arguments-not-json`); `input` is JSON already.
  if (typeof block.input_json === "string") {
    return { callId: block.id, name, arguments: block.input_json, index, kind: "function" };
  }
  return { callId: block.id, name, arguments: block.input, parsed: true, index, kind: "function" };
}

/**
 * The calls of a reply, resolved against the prepared tools and not yet
 * answered: the adapter's `readCalls`. See {@link toolCalls}.
 *
 * @param response - a `Message`, its `content`, or `messages` entries (the last assistant message is read)
 * @param prepared - the toolset and the plans of the tools offered
 * @returns the calls to run and the rejections, in the model's order
 */
export function readCalls(
  response: AnthropicResponse | readonly AnthropicMessageParam[],
  prepared: ResolveTarget,
): ResolvedToolCalls<AnthropicToolResultBlock> {
  const raw = readToolUses(readReply(response)).map(({ block, cutOff }, index) => rawCall(block, index, cutOff));
  return resolveToolCalls(raw, prepared);
}

/**
 * The model's tool calls: those to run, and those answered already.
 *
 * Each `tool_use` block of the reply whose name is a tool `prepared` offered
 * becomes a call with its `input` restored by the tool's plan (encodings and
 * a wrapped root undone). A block calling an unknown tool (or one left out of
 * the request), whose `input` is not an object, which shares its id with
 * another, or which was cut off (`collectStream` marked it incomplete, or the
 * reply stopped at `max_tokens` inside it) gives no call but a `tool_result`
 * with `is_error: true` telling the model what was wrong, in `rejected`.
 * Never throws on what the model sent.
 *
 * @param response - a `Message`, its `content`, or `messages` entries (the last assistant message is read)
 * @param prepared - what {@link tools} returned for the request
 * @returns `calls` to run and `rejected` (each with its `output`), both in the model's order
 * @example
 * ```ts
 * const prepared = tools(toolset);
 * const message = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: prepared.tools });
 * const { calls, rejected } = toolCalls(message, prepared);
 * ```
 */
export function toolCalls(response: AnthropicResponse, prepared: AnthropicTools): ToolCalls<AnthropicToolResultBlock> {
  return answerRejected(readCalls(response, prepared), prepared);
}
