import type { ToolCalls } from "@x/toolset";
import { answerRejected, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall, ResolvedToolCalls, ResolveTarget } from "@x/toolset/adapter";
import type { ChatAssistantMessage, ChatMessage, ChatResponse, ChatToolMessage } from "./chat-types";
import { isRecord, readMessage, readToolCalls } from "./read-tool-calls";
import type { ReadToolCall } from "./read-tool-calls";
import type { ChatPrepared } from "./tools";

const rawCall = ({ entry, sent }: ReadToolCall, index: number, cutOff: boolean): RawToolCall => {
  if (cutOff) {
    const name = entry.type === "function" ? entry.function.name : entry.custom.name;
    return { callId: entry.id, name, arguments: undefined, index, kind: "incomplete" };
  }
  switch (entry.type) {
    case "function":
      return { callId: entry.id, name: entry.function.name, arguments: sent, index, kind: "function" };
    case "custom":
      // A custom tool is never one of the toolset's: answered with an error, never run.
      return { callId: entry.id, name: entry.custom.name, arguments: sent, index, kind: "unsupported" };
    default: {
      const _exhaustive: never = entry;
      return _exhaustive;
    }
  }
};

// A completion whose first choice has `finish_reason: null` is one
// collectStream gathered from a stream that ended before the choice's last
// chunk: each of its calls may be cut short. (The API itself never sends
// null in a completion; a hand-made message or list has no finish_reason.)
const endedEarly = (response: ChatResponse): boolean => {
  if (typeof response !== "object" || response === null || !("choices" in response)) return false;
  const first: unknown = Array.isArray(response.choices) ? response.choices[0] : undefined;
  return typeof first === "object" && first !== null && "finish_reason" in first && first.finish_reason === null;
};

/** The assistant messages to read calls from: a response's, or those among items a transcript repeats. */
function assistantMessages(response: ChatResponse | readonly ChatMessage[]): ChatAssistantMessage[] {
  if (!Array.isArray(response)) {
    const message = readMessage(response as ChatResponse);
    return message === undefined ? [] : [message];
  }
  return (response as readonly unknown[]).filter(
    (item): item is ChatAssistantMessage => isRecord(item) && item.role === "assistant",
  );
}

/**
 * The calls of a response, resolved against the prepared tools and not yet
 * answered: the Chat adapter's `readCalls`. See {@link toolCalls}.
 */
export function readCalls(
  response: ChatResponse | readonly ChatMessage[],
  prepared: ResolveTarget,
): ResolvedToolCalls<ChatToolMessage> {
  const cutOff = !Array.isArray(response) && endedEarly(response as ChatResponse);
  const entries = assistantMessages(response).flatMap((message) => readToolCalls(message));
  const raw = entries.map((entry, index) => rawCall(entry, index, cutOff));
  return resolveToolCalls(raw, prepared);
}

/**
 * The model's tool calls: those to run, and those answered already.
 *
 * Each function call to a tool `prepared` offered becomes a call with its
 * arguments restored; any other call (see `resolveToolCalls` of
 * `@x/toolset/adapter`: an unknown tool, bad arguments, a repeated id; a
 * custom tool call; any call of a stream cut off before its end) gives no
 * call but a `tool` message telling the model what was wrong, in `rejected`.
 * Never throws on what the model sent.
 *
 * @param response - a chat completion (its first choice is read), or its assistant message
 * @param prepared - what {@link tools} returned for the request
 * @returns `calls` to run and `rejected` (each with its `output`), both in the model's order
 * @example
 * ```ts
 * const { calls, rejected } = toolCalls(completion, prepared);
 * messages.push(...adapter.responseItems(completion), ...rejected.map((r) => r.output));
 * ```
 */
export function toolCalls(response: ChatResponse, prepared: ChatPrepared): ToolCalls<ChatToolMessage> {
  return answerRejected(readCalls(response, prepared), prepared);
}
