import type { ChatAssistantMessage, ChatResponse, ChatToolCall } from "./chat-types";

// The response comes off the network: the types say what OpenAI sends, the
// checks below keep a malformed one (or an OpenAI-compatible server's) from
// throwing. An entry without a string id cannot be answered, so it is neither
// answered nor repeated: the transcript and the answers always agree.

const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined || value === null ? "" : (JSON.stringify(value) ?? "");

/**
 * The assistant message of `response`: a completion's first choice, the
 * message itself, or a message holding the given `tool_calls` entries.
 */
export function readMessage(response: ChatResponse): ChatAssistantMessage | undefined {
  if (Array.isArray(response)) return { role: "assistant", content: null, tool_calls: response };
  if (!isRecord(response)) return undefined;
  if (!("choices" in response)) return response;
  const first: unknown = Array.isArray(response.choices) ? response.choices[0] : undefined;
  return isRecord(first) && isRecord(first.message) ? first.message : undefined;
}

/**
 * The message's `tool_calls` entries of a known type with a string id, as
 * fresh objects (arguments and input always text).
 */
export function readToolCalls(message: ChatAssistantMessage | undefined): ChatToolCall[] {
  const entries: unknown = message?.tool_calls;
  if (!Array.isArray(entries)) return [];
  const calls: ChatToolCall[] = [];
  for (const entry of entries as readonly unknown[]) {
    if (!isRecord(entry) || typeof entry.id !== "string") continue;
    if (entry.type === "function") {
      const fn = isRecord(entry.function) ? entry.function : {};
      calls.push({ id: entry.id, type: "function", function: { name: text(fn.name), arguments: text(fn.arguments) } });
    } else if (entry.type === "custom") {
      const custom = isRecord(entry.custom) ? entry.custom : {};
      calls.push({ id: entry.id, type: "custom", custom: { name: text(custom.name), input: text(custom.input) } });
    }
  }
  return calls;
}
