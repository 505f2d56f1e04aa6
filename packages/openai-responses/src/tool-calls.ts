import { ToolError } from "@x/toolset";
import type { NullPathsByTool, OutputOptions, RejectedCall, ToolCalls, Toolset } from "@x/toolset";
import { renderResult, renderedText, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall, Rejection, ToolCallsOptions as AdapterCallOptions } from "@x/toolset/adapter";
import { namespaceLayout } from "./namespace-layout";
import { readCalls } from "./read-calls";
import type { CallItem, CallItemType } from "./read-calls";
import { readOutput } from "./read-output";
import type { ResponsesAnswer, ResponsesCallOutput, ResponsesItem, ResponsesResponse } from "./responses-types";
import { renderedOutput } from "./tool-output";
import { toolSearchOutput } from "./tool-search-output";
import type { ToolSearchAnswer, ToolSearchIndex } from "./tool-search-output";

/** Options of {@link toolCalls}: how answers are rendered, and the index client-side tool search answers from. */
export interface ToolCallsOptions extends AdapterCallOptions {
  /** `report.toolSearch` of `tools()`: given, every client-executed `tool_search_call` is answered in `searches`. */
  readonly toolSearch?: ToolSearchIndex | undefined;
}

/** What {@link toolCalls} returns: calls to run, calls answered with an error, and tool searches answered. */
export interface ResponsesToolCalls extends ToolCalls<ResponsesAnswer> {
  /** Each with an error answer in the output type of its call. */
  readonly rejected: RejectedCall<ResponsesCallOutput>[];
  /** One answer per client-executed `tool_search_call` (only with `options.toolSearch`), in the model's order. */
  readonly searches: ToolSearchAnswer[];
}

// The error answer for a call, in the output type its item type requires.
const errorAnswer = (
  itemType: CallItemType,
  callId: string,
  error: ToolError,
  options: OutputOptions | undefined,
): ResponsesCallOutput => {
  const rendered = renderResult(error, options);
  if (itemType === "function_call") return renderedOutput(callId, rendered);
  const message = renderedText(rendered);
  switch (itemType) {
    case "custom_tool_call":
      return { type: "custom_tool_call_output", call_id: callId, output: message };
    case "shell_call":
      return {
        type: "shell_call_output",
        call_id: callId,
        output: [{ stdout: "", stderr: message, outcome: { type: "exit", exit_code: 1 } }],
      };
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
 * The model's tool calls: those to run, those answered already, and the
 * tool searches to answer.
 *
 * Each `function_call` whose name is in the toolset becomes a call with its
 * decoded arguments (the nulls strict mode introduced removed); one with a
 * `namespace` (sent by `tools(toolset, { namespaces: true })`) resolves by
 * its namespace and its name inside it. A call to an unknown tool (or an
 * unknown namespace, or a name its namespace does not have), with arguments
 * that are not a JSON object, or a repeated `call_id` gives no call but a
 * `function_call_output` telling the model what was wrong, in `rejected`.
 * Calls of tools this package never runs (custom tools, client-side shell,
 * local shell, apply patch) are answered with an error in their own output
 * type. With `options.toolSearch`, each client-executed `tool_search_call`
 * is answered once, in `searches`, with the definitions found (none when
 * nothing matches or the arguments are bad). Messages, reasoning and hosted
 * tools' items are ignored, and so is any call the output already answers,
 * or whose id is in `options.answeredCallIds` (answered earlier in the
 * conversation: the API takes one output per `call_id`).
 * Never throws on what the model sent.
 *
 * @param response - a response (its `output` is read) or a list of output items
 * @param toolset - the toolset whose tools were offered
 * @param nullPaths - `report.plans` from {@link tools}: what to undo on each offered tool's arguments (null paths,
 *   encodings), and so the list of tools
 *   offered: given, a call to a tool without an entry (left out under `strict: true`) is rejected as an unknown tool,
 *   even when the toolset has it. Left out, every toolset tool resolves.
 * @param options - how the error answers are rendered (`errorPrefix`), as in `toolOutput`; `toolSearch`;
 *   `answeredCallIds`
 * @returns `calls` to run, `rejected` and `searches` (each with its `output`), all in the model's order (`index`)
 * @example
 * ```ts
 * const { calls, rejected, searches } = toolCalls(response, toolset, report.plans, { toolSearch: report.toolSearch });
 * input.push(...responseItems(response), ...rejected.map((r) => r.output), ...searches.map((s) => s.output));
 * ```
 */
export function toolCalls(
  response: ResponsesResponse | readonly ResponsesItem[],
  toolset: Toolset,
  nullPaths?: NullPathsByTool,
  options?: ToolCallsOptions,
): ResponsesToolCalls {
  const index = options?.toolSearch;
  const items = readCalls(readOutput(response), index !== undefined, options?.answeredCallIds);
  const searches: ToolSearchAnswer[] = [];
  const answeredSearches = new Set<string>();
  const raw: RawToolCall[] = [];
  for (const item of items) {
    if (item.itemType !== "tool_search_call") {
      raw.push(namespacedName(item, toolset));
    } else if (index !== undefined && !answeredSearches.has(item.raw.callId)) {
      // A search id given twice is answered once: one tool_search_output per call id.
      answeredSearches.add(item.raw.callId);
      searches.push(toolSearchOutput(item.raw.callId, item.raw.arguments, index, item.raw.index));
    }
  }
  const { calls, rejected } = resolveToolCalls(raw, toolset, nullPaths);
  return {
    calls,
    rejected: rejected.map((rejection) => {
      // Indexes are positions in `items`; a duplicate id is answered once, in the type of its first item.
      const item = items[rejection.index];
      const error =
        item?.namespaced === undefined
          ? rejection.error
          : namespaceError(rejection, item.namespaced, toolset, nullPaths);
      const itemType = item === undefined || item.itemType === "tool_search_call" ? "function_call" : item.itemType;
      return { ...rejection, error, output: errorAnswer(itemType, rejection.callId, error, options) };
    }),
    searches,
  };
}

/** The raw call, named by its exposed name when its namespace has the function it names. */
function namespacedName(item: CallItem, toolset: Toolset): RawToolCall {
  if (item.namespaced === undefined) return item.raw;
  const { namespace, name } = item.namespaced;
  const found = namespaceLayout(toolset)
    .namespace(namespace)
    ?.tools.find((tool) => tool.name === name);
  return found === undefined ? item.raw : { ...item.raw, name: found.entry.name };
}

// How many names an unknown-namespace or unknown-function message lists.
const LISTED = 20;

/**
 * An `unknown-tool` rejection of a namespaced call, said in namespaces: which exist, or which functions this one has.
 */
function namespaceError(
  rejection: Rejection,
  { namespace, name }: { namespace: string; name: string },
  toolset: Toolset,
  nullPaths: NullPathsByTool | undefined,
): ToolError {
  if (rejection.error.code !== "unknown-tool") return rejection.error;
  const offered = (exposed: string): boolean => nullPaths === undefined || Object.hasOwn(nullPaths, exposed);
  const layout = namespaceLayout(toolset);
  const group = layout.namespace(namespace);
  const list = (names: string[]): string =>
    names.length === 0
      ? "none"
      : names.slice(0, LISTED).join(", ") + (names.length > LISTED ? ` and ${names.length - LISTED} more` : "");
  if (group === undefined) {
    const namespaces = layout.namespaces
      .filter((g) => g.tools.some((tool) => offered(tool.entry.name)))
      .map((g) => g.name);
    return new ToolError(
      "unknown-tool",
      `There is no namespace ${JSON.stringify(namespace)}. Namespaces: ${list(namespaces)}.`,
    );
  }
  const functions = group.tools.filter((tool) => offered(tool.entry.name)).map((tool) => tool.name);
  return new ToolError(
    "unknown-tool",
    `The namespace ${JSON.stringify(namespace)} has no tool ${JSON.stringify(name)}. Its tools: ${list(functions)}.`,
  );
}
