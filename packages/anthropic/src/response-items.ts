import type {
  AnthropicAssistantBlockParam,
  AnthropicAssistantMessageParam,
  AnthropicMessage,
  AnthropicResponse,
  AnthropicToolResultBlock,
  AnthropicUserMessageParam,
} from "./anthropic-types";
import { isRecord, readReply, text } from "./read-tool-uses";

/** One reply block as the next request repeats it, or none (an empty text, a call without an id). */
function repeated(block: unknown): AnthropicAssistantBlockParam[] {
  if (!isRecord(block)) return [];
  switch (block.type) {
    case "text":
      // The API refuses an empty text block.
      return typeof block.text === "string" && block.text !== "" ? [{ type: "text", text: block.text }] : [];
    case "tool_use":
      if (typeof block.id !== "string") return [];
      return [
        { type: "tool_use", id: block.id, name: text(block.name), input: isRecord(block.input) ? block.input : {} },
      ];
    case "thinking":
      return [{ type: "thinking", thinking: text(block.thinking), signature: text(block.signature) }];
    case "redacted_thinking":
      return [{ type: "redacted_thinking", data: text(block.data) }];
    default: {
      // Server tool blocks (the tool search's call and result, others a
      // caller added) are repeated as received: the API checks they pair up.
      const { incomplete: _incomplete, input_json: _json, ...rest } = block;
      return typeof block.type === "string" ? [rest as unknown as AnthropicAssistantBlockParam] : [];
    }
  }
}

/**
 * The assistant message the next request repeats before the `tool_result`s:
 * the reply's blocks in order, thinking blocks with their signature (the API
 * checks them when thinking is on), `tool_use` blocks with their `input`
 * (`{}` for a call `collectStream` marked incomplete), server tool blocks as
 * received; empty text blocks, which the API refuses, are left out.
 *
 * @param response - a `Message` or its `content`
 * @returns one assistant message, or none when the reply has no block to repeat
 * @example
 * ```ts
 * messages.push(...responseItems(message), ...turnItems(outputs));
 * ```
 */
export function responseItems(response: AnthropicResponse): AnthropicAssistantMessageParam[] {
  const content = readReply(response).content.flatMap(repeated);
  return content.length === 0 ? [] : [{ role: "assistant", content }];
}

/**
 * The user message answering one assistant message: every `tool_result`, in
 * the order given (the `tool_use` order), first in its content, as the API
 * requires ("tool result blocks must immediately follow their corresponding
 * tool use blocks … in the user message containing tool results, the
 * tool_result blocks must come FIRST in the content array",
 * https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use).
 *
 * @param outputs - one `tool_result` per `tool_use` of the reply, rejected calls included, in `tool_use` order
 * @returns one user message, or none when there is no output
 * @example
 * ```ts
 * messages.push(...responseItems(message), ...turnItems([...rejectedOutputs, ...ranOutputs]));
 * ```
 */
export function turnItems(outputs: readonly AnthropicToolResultBlock[]): AnthropicUserMessageParam[] {
  return outputs.length === 0 ? [] : [{ role: "user", content: [...outputs] }];
}

/**
 * A user message holding `text`.
 *
 * @param text - what the user says
 * @returns the message
 * @example
 * ```ts
 * const messages = [userMessage("What is the weather in Paris?")];
 * ```
 */
export function userMessage(text: string): AnthropicUserMessageParam {
  return { role: "user", content: text };
}

/**
 * How a reply ended when it has no call left to answer, from its
 * `stop_reason` (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons):
 * `end_turn`, `stop_sequence` and `tool_use` are `"complete"`; `pause_turn`
 * is `"continue"` (the API paused a long turn: send the reply back as it is
 * and the model goes on); `max_tokens`, `refusal` and
 * `model_context_window_exceeded` are `{ incomplete: reason }`; a reply
 * `collectStream` gathered from a stream that ended early (`null`) is
 * `{ incomplete: "stream-ended" }`, or `"error: <type>: <message>"` after an
 * `error` event. A `content` list (no `stop_reason`) is `"complete"`.
 *
 * @param response - a `Message`, or its content
 * @returns `"complete"`, `"continue"` or `{ incomplete }`
 * @example
 * ```ts
 * responseEnd(message); // "complete" | "continue" | { incomplete: "max_tokens" }
 * ```
 */
export function responseEnd(response: AnthropicResponse): "complete" | "continue" | { readonly incomplete: string } {
  if (Array.isArray(response) || !isRecord(response)) return "complete";
  const message = response as AnthropicMessage & { readonly error?: unknown };
  const reason: unknown = message.stop_reason;
  switch (reason) {
    case undefined:
    case "end_turn":
    case "stop_sequence":
    case "tool_use":
      return "complete";
    case "pause_turn":
      return "continue";
    case null: {
      const error = isRecord(message.error) ? message.error : undefined;
      return {
        incomplete: error === undefined ? "stream-ended" : `error: ${text(error.type)}: ${text(error.message)}`,
      };
    }
    default:
      return { incomplete: typeof reason === "string" ? reason : "unknown-stop-reason" };
  }
}
