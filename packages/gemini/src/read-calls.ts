// The model's function calls, read from a response or from the content
// `responseItems` repeated. The response comes off the network: the types say
// what Gemini sends, these checks keep a malformed part from throwing.
import { callId } from "./call-id";
import type { GeminiContent, GeminiPart, GeminiResponse } from "./gemini-types";
import { isRecord } from "./is-record";

/** One function call, as the model sent it. */
export interface ReadCall {
  /** Its own `id`, or one made from the content and its position (see `callId`). */
  readonly callId: string;
  /** The name the model called (a Gemini name; `""` when it sent none). */
  readonly name: string;
  /** `args` as sent: a JSON object, absent for a function without parameters, or anything a server sent. */
  readonly args: unknown;
  /** Position among the content's function calls, 0-based. */
  readonly index: number;
}

/** The calls of one model content, and whether the response ended before the model finished. */
export interface ReadCalls {
  readonly calls: ReadCall[];
  /** The response has no `finishReason`: the model "has not stopped generating", so no call of it may run. */
  readonly cut: boolean;
}

/**
 * The model content whose calls are read: the first candidate's (Gemini
 * answers with one unless asked for more), or, in a list of contents, the
 * last one of the model.
 */
export function modelContent(response: GeminiResponse | readonly GeminiContent[]): {
  readonly parts: readonly GeminiPart[];
  readonly cut: boolean;
} {
  if (Array.isArray(response)) {
    const contents = response as readonly unknown[];
    const last = contents.findLast((content) => isRecord(content) && content.role === "model");
    return { parts: partsOf(last), cut: false };
  }
  const candidate: unknown =
    isRecord(response) && Array.isArray(response.candidates) ? response.candidates[0] : undefined;
  if (!isRecord(candidate)) return { parts: [], cut: false };
  const finishReason = candidate.finishReason;
  return { parts: partsOf(candidate.content), cut: typeof finishReason !== "string" || finishReason === "" };
}

const partsOf = (content: unknown): readonly GeminiPart[] =>
  isRecord(content) && Array.isArray(content.parts) ? (content.parts as unknown[]).filter(isRecord) : [];

/**
 * The function calls of `response`, in order: every `functionCall` part of
 * the model content (see {@link modelContent}).
 *
 * @param response - a response (or a collected stream), or the contents `responseItems` gave for it
 * @returns the calls and whether the response was cut short
 */
export function readModelCalls(response: GeminiResponse | readonly GeminiContent[]): ReadCalls {
  const { parts, cut } = modelContent(response);
  const calls: ReadCall[] = [];
  for (const part of parts) {
    const call: unknown = part.functionCall;
    if (!isRecord(call)) continue;
    const index = calls.length;
    calls.push({
      callId: callId(parts, index),
      name: typeof call.name === "string" ? call.name : "",
      args: call.args,
      index,
    });
  }
  return { calls, cut };
}
