import type {
  AnthropicAssistantBlockParam,
  AnthropicAssistantMessageParam,
  AnthropicResponse,
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
