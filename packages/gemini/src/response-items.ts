import type { GeminiContent, GeminiPart, GeminiResponse } from "./gemini-types";
import { isRecord } from "./is-record";

/**
 * What the next request's `contents` must repeat from `response`: the first
 * candidate's `content`, exactly as received (a deep copy), every part in
 * its place with its `thoughtSignature`. Gemini 3 refuses a request whose
 * function-calling turn lost or moved a signature ("you must pass back thought
 * signatures during function calling, otherwise you will get a validation
 * error", https://ai.google.dev/gemini-api/docs/thought-signatures). A
 * content without `role` gets `"model"` (the API would read it as the
 * user's); a candidate without parts gives nothing (the API refuses an empty
 * content).
 *
 * @param response - a response, or what `collectStream` gathered
 * @returns `[]` or the one model content
 * @example
 * ```ts
 * contents.push(...responseItems(response), ...turnItems(answers));
 * ```
 */
export function responseItems(response: GeminiResponse): GeminiContent[] {
  const candidate: unknown =
    isRecord(response) && Array.isArray(response.candidates) ? response.candidates[0] : undefined;
  const content = isRecord(candidate) ? candidate.content : undefined;
  if (!isRecord(content) || !Array.isArray(content.parts) || content.parts.length === 0) return [];
  const copy = structuredClone(content) as unknown as { role?: unknown; parts: GeminiPart[] };
  return [{ ...copy, role: copy.role === "user" ? "user" : "model", parts: copy.parts }];
}
