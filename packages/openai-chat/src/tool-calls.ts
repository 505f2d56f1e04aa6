import type { NullPathsByTool, OutputOptions, ToolCalls, Toolset } from "@x/toolset";
import { renderResult, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall } from "@x/toolset/adapter";
import type { ChatResponse, ChatToolMessage } from "./chat-types";
import { readMessage, readToolCalls } from "./read-tool-calls";
import type { ReadToolCall } from "./read-tool-calls";
import { renderedOutput } from "./tool-output";

const rawCall = ({ entry, sent }: ReadToolCall, index: number): RawToolCall => {
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

/**
 * The model's tool calls: those to run, and those answered already.
 *
 * Each function call whose name is in the toolset becomes a call with its
 * decoded arguments (the nulls strict mode introduced removed). A call to an
 * unknown tool, with arguments that are not a JSON object, a custom tool call,
 * or a repeated call id gives no call but a `tool` message telling the model
 * what was wrong, in `rejected`. Never throws on what the model sent.
 *
 * @param response - a chat completion (its first choice is read), its assistant message, or a list of `tool_calls` entries
 * @param toolset - the toolset whose tools were offered
 * @param nullPaths - `report.plans` from {@link tools}: what to undo on each offered tool's arguments (null paths, encodings), and so the list of tools
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
  const raw = readToolCalls(readMessage(response)).map(rawCall);
  const { calls, rejected } = resolveToolCalls(raw, toolset, nullPaths);
  return {
    calls,
    rejected: rejected.map((rejection) => ({ ...rejection, output: renderedOutput(rejection.callId, renderResult(rejection.error, options)) })),
  };
}
