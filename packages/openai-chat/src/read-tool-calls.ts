import type { ChatAssistantMessage, ChatResponse, ChatToolCall } from "./chat-types";

// The response comes off the network: the types say what OpenAI sends, the
// checks below keep a malformed one (or an OpenAI-compatible server's) from
// throwing. Each field is read once, then checked and used (a getter may
// give another value on a second read). An entry without a string id cannot
// be answered, so it is neither answered nor repeated: the transcript and the
// answers always agree.

export const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asRecord = (value: unknown): { readonly [key: string]: unknown } | undefined =>
  isRecord(value) ? value : undefined;

// A name or text field that is not a string reads as "" (never JSON.stringify: a
// BigInt, a cycle or an object nested thousands deep makes it throw).
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The assistant message of `response`: a completion's first choice, or the
 * message itself.
 */
export function readMessage(response: ChatResponse): ChatAssistantMessage | undefined {
  if (!isRecord(response)) return undefined;
  if (!("choices" in response)) return response;
  const choices: unknown = response.choices;
  const first: unknown = Array.isArray(choices) ? (choices as readonly unknown[])[0] : undefined;
  return asRecord(asRecord(first)?.message);
}

/** A `tool_calls` entry as the next request repeats it, and its arguments (or custom input) as the model sent them. */
export interface ReadToolCall {
  /** A fresh entry whose every field is a string: what the transcript repeats. */
  readonly entry: ChatToolCall;
  /**
   * The `arguments` (or custom `input`) as sent: a string, `""` when absent or
   * null, or any other value, which the entry does not repeat (it holds `""`)
   * and the call is rejected for (`arguments-not-json`).
   */
  readonly sent: unknown;
}

/**
 * The message's `tool_calls` entries of a known type with a string id, as
 * fresh objects (name, arguments and input always text), each with what the
 * model sent as its arguments.
 */
export function readToolCalls(message: ChatAssistantMessage | undefined): ReadToolCall[] {
  const entries: unknown = message?.tool_calls;
  if (!Array.isArray(entries)) return [];
  const calls: ReadToolCall[] = [];
  for (const entry of entries as readonly unknown[]) {
    if (!isRecord(entry)) continue;
    const { id, type } = entry;
    if (typeof id !== "string") continue;
    if (type === "function") {
      const fn = asRecord(entry.function);
      const sent = fn?.arguments ?? "";
      calls.push({ entry: { id, type, function: { name: text(fn?.name), arguments: text(sent) } }, sent });
    } else if (type === "custom") {
      const custom = asRecord(entry.custom);
      const sent = custom?.input ?? "";
      calls.push({ entry: { id, type, custom: { name: text(custom?.name), input: text(sent) } }, sent });
    }
  }
  return calls;
}
