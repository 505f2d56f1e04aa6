import type { GeminiAnswer, GeminiContent } from "./gemini-types";

/**
 * The content that answers one turn: ONE `user` content whose parts are the
 * `functionResponse` parts, in the order of the calls (rejected calls
 * included). Gemini takes "the number of function response parts … equal to
 * the number of function call parts of the function call turn", in one
 * content after the model's (https://ai.google.dev/gemini-api/docs/function-calling).
 *
 * @param outputs - the answers to a turn's calls, in call order
 * @returns `[]` when there is none, else the one content
 * @example
 * ```ts
 * contents.push(...responseItems(response), ...turnItems(answers));
 * ```
 */
export function turnItems(outputs: readonly GeminiAnswer[]): GeminiContent[] {
  return outputs.length === 0 ? [] : [{ role: "user", parts: [...outputs] }];
}

/**
 * A user turn holding `text`: how a conversation starts.
 *
 * @param text - what the user says
 * @returns the content
 * @example
 * ```ts
 * const contents = [userMessage("What is the weather in Paris?")];
 * ```
 */
export function userMessage(text: string): GeminiContent {
  return { role: "user", parts: [{ text }] };
}
