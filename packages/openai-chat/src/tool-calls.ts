import type { NullPathsByTool, OutputOptions, ToolCalls, Toolset } from "@x/toolset";
import { renderResult, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall } from "@x/toolset/adapter";
import type { ChatResponse, ChatToolMessage } from "./chat-types";
import { readMessage, readToolCalls } from "./read-tool-calls";
import type { ReadToolCall } from "./read-tool-calls";
import { renderedOutput } from "./tool-output";

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
  if (Array.isArray(response) || typeof response !== "object" || response === null || !("choices" in response))
    return false;
  const first: unknown = Array.isArray(response.choices) ? response.choices[0] : undefined;
  return typeof first === "object" && first !== null && "finish_reason" in first && first.finish_reason === null;
};

/**
 * The model's tool calls: those to run, and those answered already.
 *
 * Each function call whose name is in the toolset becomes a call with its
 * decoded arguments (the nulls strict mode introduced removed). A call to an
 * unknown tool, with arguments that are not a JSON object, a custom tool call,
 * a repeated call id, or any call of a completion `collectStream` gathered
 * from a stream cut off before its end (`finish_reason: null`) gives no call
 * but a `tool` message telling the model what was wrong, in `rejected`. Never throws on what the model sent.
 *
 * @param response - a chat completion (its first choice is read), its assistant message, or a list of `tool_calls`
 *   entries
 * @param toolset - the toolset whose tools were offered
 * @param nullPaths - `report.plans` from {@link tools}: what to undo on each offered tool's arguments (null paths,
 *   encodings), and so the list of tools
 *   offered: given, a call to a tool without an entry (left out under `strict: true`) is rejected as an unknown tool,
 *   even when the toolset has it. Left out, every toolset tool resolves.
 * @param options - how the rejected calls' messages are rendered (`errorPrefix`), as in `toolOutput`
 * @returns `calls` to run and `rejected` (each with its `output`), both in the model's order
 * @example
 * ```ts
 * const { calls, rejected } = toolCalls(completion, toolset, report.plans);
 * messages.push(...responseItems(completion), ...rejected.map((r) => r.output));
 * ```
 */
export function toolCalls(
  response: ChatResponse,
  toolset: Toolset,
  nullPaths?: NullPathsByTool,
  options?: OutputOptions,
): ToolCalls<ChatToolMessage> {
  const cutOff = endedEarly(response);
  const raw = readToolCalls(readMessage(response)).map((entry, index) => rawCall(entry, index, cutOff));
  const { calls, rejected } = resolveToolCalls(raw, toolset, nullPaths);
  return {
    calls,
    rejected: rejected.map((rejection) => ({
      ...rejection,
      output: renderedOutput(rejection.callId, renderResult(rejection.error, options)),
    })),
  };
}
