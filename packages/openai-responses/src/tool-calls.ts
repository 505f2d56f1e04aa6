import type { NullPathsByTool, OutputOptions, ToolCalls, ToolError, Toolset } from "@x/toolset";
import { renderResult, renderedText, resolveToolCalls } from "@x/toolset/adapter";
import { readCalls } from "./read-calls";
import type { CallItemType } from "./read-calls";
import { readOutput } from "./read-output";
import type { ResponsesCallOutput, ResponsesItem, ResponsesResponse } from "./responses-types";
import { renderedOutput } from "./tool-output";

// The error answer for a call, in the output type its item type requires.
const errorAnswer = (itemType: CallItemType, callId: string, error: ToolError, options: OutputOptions | undefined): ResponsesCallOutput => {
  const rendered = renderResult(error, options);
  if (itemType === "function_call") return renderedOutput(callId, rendered);
  const message = renderedText(rendered);
  switch (itemType) {
    case "custom_tool_call":
      return { type: "custom_tool_call_output", call_id: callId, output: message };
    case "shell_call":
      return { type: "shell_call_output", call_id: callId, output: [{ stdout: "", stderr: message, outcome: { type: "exit", exit_code: 1 } }] };
    case "local_shell_call":
      return { type: "local_shell_call_output", id: callId, output: message };
    case "apply_patch_call":
      return { type: "apply_patch_call_output", call_id: callId, status: "failed", output: message };
    default: {
      const _exhaustive: never = itemType;
      return _exhaustive;
    }
  }
};

/**
 * The model's tool calls: those to run, and those answered already.
 *
 * Each `function_call` whose name is in the toolset becomes a call with its
 * decoded arguments (the nulls strict mode introduced removed). A call to an
 * unknown tool, with arguments that are not a JSON object, or a repeated
 * `call_id` gives no call but a `function_call_output` telling the model what
 * was wrong, in `rejected`. Calls of tools this package never runs (custom
 * tools, client-side shell, local shell, apply patch) are answered with an
 * error in their own output type. Messages, reasoning and hosted tools' items
 * are ignored, and so is any call the output already answers. Never throws
 * on what the model sent.
 *
 * @param response - a response (its `output` is read) or a list of output items
 * @param toolset - the toolset whose tools were offered
 * @param nullPaths - `report.nullPaths` from {@link tools}: each offered tool's null paths, and so the list of tools
 *   offered: given, a call to a tool without an entry (left out under `strict: true`) is rejected as an unknown tool,
 *   even when the toolset has it. Left out, every toolset tool resolves.
 * @param options - how the error answers are rendered (`errorPrefix`), as in `toolOutput`
 * @returns `calls` to run and `rejected` (each with its `output`), both in the model's order
 * @example
 * ```ts
 * const { calls, rejected } = toolCalls(response, toolset, report.nullPaths);
 * input.push(...responseItems(response), ...rejected.map((r) => r.output));
 * ```
 */
export function toolCalls(
  response: ResponsesResponse | readonly ResponsesItem[],
  toolset: Toolset,
  nullPaths?: NullPathsByTool,
  options?: OutputOptions,
): ToolCalls<ResponsesCallOutput> {
  const items = readCalls(readOutput(response));
  const { calls, rejected } = resolveToolCalls(
    items.map((item) => item.raw),
    toolset,
    nullPaths,
  );
  return {
    calls,
    rejected: rejected.map((rejection) => {
      // Indexes are positions in `items`; a duplicate id is answered once, in the type of its first item.
      const itemType = items[rejection.index]?.itemType ?? "function_call";
      return { ...rejection, output: errorAnswer(itemType, rejection.callId, rejection.error, options) };
    }),
  };
}
