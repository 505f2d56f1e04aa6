import type { ChatAssistantMessageParam, ChatResponse } from "./chat-types";
import { readMessage, readToolCalls } from "./read-tool-calls";

/**
 * The assistant message as the next request must repeat it, before the tool
 * messages: role, content, `tool_calls` and refusal (and the audio id) only;
 * response-only fields such as `annotations` are left out, because the API
 * refuses them as input.
 *
 * @param response - a chat completion (its first choice), its assistant message, or a list of `tool_calls` entries
 * @returns one assistant message, or none when a completion has no choice
 * @example
 * ```ts
 * const messages = [...history, ...responseItems(completion), ...outputs];
 * ```
 */
export function responseItems(response: ChatResponse): ChatAssistantMessageParam[] {
  const message = readMessage(response);
  if (message === undefined) return [];
  const toolCalls = readToolCalls(message).map((call) => call.entry);
  // Each field read once, then checked (see readMessage: the message comes off the network).
  const { content, refusal, audio } = message as { readonly [key: string]: unknown };
  const audioId = typeof audio === "object" && audio !== null ? (audio as { readonly id?: unknown }).id : undefined;
  return [
    {
      role: "assistant",
      // Content may be null only beside tool calls: the API refuses a message with neither.
      content: typeof content === "string" ? content : toolCalls.length > 0 ? null : "",
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      ...(typeof refusal === "string" ? { refusal } : {}),
      ...(typeof audioId === "string" ? { audio: { id: audioId } } : {}),
    },
  ];
}
