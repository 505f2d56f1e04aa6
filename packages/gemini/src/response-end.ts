import type { GeminiResponse } from "./gemini-types";
import { isRecord } from "./is-record";

/**
 * How a response without a call to answer ended: `"complete"` when the model
 * stopped on its own (`finishReason` `STOP`), else `{ incomplete }` with a
 * reason that names what happened: another finish reason (`MAX_TOKENS`,
 * `SAFETY`, `MALFORMED_FUNCTION_CALL`, … with the API's `finishMessage` when
 * it gave one), a prompt the API blocked (`promptFeedback.blockReason`), no
 * candidate, or no finish reason at all (a stream cut short).
 *
 * @param response - a response, or what `collectStream` gathered
 * @returns `"complete"` or `{ incomplete: reason }`
 * @example
 * ```ts
 * responseEnd({ candidates: [{ finishReason: "MAX_TOKENS" }] });
 * // { incomplete: "The model stopped with finishReason MAX_TOKENS." }
 * ```
 */
export function responseEnd(response: GeminiResponse): "complete" | { readonly incomplete: string } {
  const feedback = isRecord(response) && isRecord(response.promptFeedback) ? response.promptFeedback : undefined;
  const candidate: unknown =
    isRecord(response) && Array.isArray(response.candidates) ? response.candidates[0] : undefined;
  if (!isRecord(candidate)) {
    if (typeof feedback?.blockReason === "string") {
      const message = typeof feedback.blockReasonMessage === "string" ? `: ${feedback.blockReasonMessage}` : ".";
      return { incomplete: `The prompt was blocked (blockReason ${feedback.blockReason})${message}` };
    }
    return { incomplete: "The response has no candidate." };
  }
  const reason = candidate.finishReason;
  if (reason === "STOP") return "complete";
  if (typeof reason !== "string" || reason === "") {
    return { incomplete: "The response ended before the model finished (no finishReason): the stream was cut short." };
  }
  const message = typeof candidate.finishMessage === "string" ? `: ${candidate.finishMessage}` : ".";
  return { incomplete: `The model stopped with finishReason ${reason}${message}` };
}
