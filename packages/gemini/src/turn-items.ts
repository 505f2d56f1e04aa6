import type { GeminiAnswer, GeminiContent } from "./gemini-types";

/**
 * The content that answers one turn: ONE `user` content whose parts are the
 * `functionResponse` parts, in the order of the calls (rejected calls
 * included), right after the model's content: Gemini refuses anything else
 * with "Please ensure that the number of function response parts is equal to
 * the number of function call parts of the function call turn" (the API's
 * 400, as google-gemini/gemini-cli#16415 records it;
 * https://ai.google.dev/gemini-api/docs/function-calling shows the turn).
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
