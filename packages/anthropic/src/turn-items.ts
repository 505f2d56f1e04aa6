import type { AnthropicToolResultBlock, AnthropicUserMessageParam } from "./anthropic-types";

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
