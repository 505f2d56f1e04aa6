// Reads a reply's `tool_use` blocks. The reply comes off the network or out
// of a stored transcript: the types say what the API sends, the checks below
// keep a malformed one from throwing. A block without a string id cannot be
// answered, so it is neither answered nor repeated: the transcript and the
// answers always agree.
import type {
  AnthropicMessage,
  AnthropicMessageParam,
  AnthropicResponse,
  AnthropicStopReason,
  AnthropicToolUseBlock,
} from "./anthropic-types";

export const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The content blocks of a reply, and why it stopped (when it says). */
export interface ReadReply {
  readonly content: readonly unknown[];
  readonly stopReason: AnthropicStopReason | null | undefined;
}

/**
 * The reply `response` holds: a `Message`, its `content`, or the last
 * assistant message of a list of `messages` entries (a transcript).
 */
export function readReply(response: AnthropicResponse | readonly AnthropicMessageParam[]): ReadReply {
  if (Array.isArray(response)) {
    const items = response as readonly unknown[];
    if (items.some((item) => isRecord(item) && "role" in item)) {
      const last = [...items].reverse().find((item) => isRecord(item) && item.role === "assistant");
      const content = isRecord(last) ? last.content : undefined;
      return { content: Array.isArray(content) ? content : [], stopReason: undefined };
    }
    return { content: items, stopReason: undefined };
  }
  if (!isRecord(response)) return { content: [], stopReason: undefined };
  const message = response as AnthropicMessage;
  return {
    content: Array.isArray(message.content) ? message.content : [],
    stopReason: "stop_reason" in message ? message.stop_reason : undefined,
  };
}

/** A `tool_use` block with a string id, and whether it may be cut short. */
export interface ReadToolUse {
  readonly block: AnthropicToolUseBlock;
  /** The stream ended inside it, or the reply stopped at `max_tokens` with it last. */
  readonly cutOff: boolean;
}

const isToolUse = (block: unknown): block is AnthropicToolUseBlock =>
  isRecord(block) && block.type === "tool_use" && typeof block.id === "string";

/**
 * The reply's `tool_use` blocks with a string id, in order. A block is cut off
 * when `collectStream` marked it `incomplete`, and when the reply stopped at
 * `max_tokens` with it as the last block: the API then sends the input it had
 * so far ("If Claude's response is cut off due to hitting the max_tokens
 * limit, and the truncated response contains an incomplete tool use block,
 * you'll need to retry the request with a higher max_tokens value",
 * https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use).
 */
export function readToolUses(reply: ReadReply): ReadToolUse[] {
  const last = reply.content[reply.content.length - 1];
  return reply.content.filter(isToolUse).map((block) => ({
    block,
    cutOff: block.incomplete === true || (reply.stopReason === "max_tokens" && block === last),
  }));
}

/** A name field that is not a string reads as `""`. */
export const text = (value: unknown): string => (typeof value === "string" ? value : "");
