import { ToolError } from "@x/toolset";
import type { PlansByTool, RejectedCall, ToolCalls, Toolset } from "@x/toolset";
import { answerRejected, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall, Rejection, ResolvedToolCalls, ResolveTarget, ToolCallsOptions } from "@x/toolset/adapter";
import { namespaceLayout } from "./namespace-layout";
import { readCallItems } from "./read-calls";
import type { CallItem } from "./read-calls";
import { readOutput } from "./read-output";
import type {
  ResponsesAnswer,
  ResponsesCallOutput,
  ResponsesItem,
  ResponsesResponse,
  ResponsesToolSearchOutput,
} from "./responses-types";
import { toolSearchOutput } from "./tool-search-output";
import type { ToolSearchAnswer, ToolSearchIndex } from "./tool-search-output";
import type { ResponsesPrepared } from "./tools";

/** What {@link toolCalls} returns: calls to run, calls answered with an error, and tool searches answered. */
export interface ResponsesToolCalls extends ToolCalls<ResponsesAnswer> {
  /** Each with an error answer in the output type of its call. */
  readonly rejected: RejectedCall<ResponsesCallOutput>[];
  /** One answer per client-executed `tool_search_call`, in the model's order. */
  readonly searches: ToolSearchAnswer[];
}

// What a client-executed search looks through when no tool was deferred to one: nothing.
const NO_DEFERRED_TOOLS: ToolSearchIndex = { limit: 0, namespaces: [], tools: [] };

/**
 * The calls of a response (or of the output items a transcript repeats),
 * resolved against the prepared tools and not yet answered: the Responses
 * adapter's `readCalls`. Client-executed tool searches are answered here,
 * from `prepared.searchIndex` (with no tool found when nothing was deferred
 * to a client-side search). See {@link toolCalls}.
 */
export function readCalls(
  response: ResponsesResponse | readonly ResponsesItem[],
  prepared: ResolveTarget & { readonly searchIndex?: unknown },
  options?: ToolCallsOptions,
): ResolvedToolCalls<ResponsesToolSearchOutput> {
  const { toolset, plans } = prepared;
  const items = readCallItems(readOutput(response), options?.answeredCallIds);
  const searches: ToolSearchAnswer[] = [];
  const answeredSearches = new Set<string>();
  const raw: RawToolCall[] = [];
  for (const item of items) {
    if (item.itemType !== "tool_search_call") {
      raw.push({ ...namespacedName(item, toolset), itemType: item.itemType });
    } else if (!answeredSearches.has(item.raw.callId)) {
      // A search id given twice is answered once: one tool_search_output per call id.
      answeredSearches.add(item.raw.callId);
      // (a prepared tools' index is the one its tools() built)
      const index = (prepared.searchIndex as ToolSearchIndex | undefined) ?? NO_DEFERRED_TOOLS;
      searches.push(toolSearchOutput(item.raw.callId, item.raw.arguments, index, item.raw.index));
    }
  }
  const resolved = resolveToolCalls(raw, prepared);
  return {
    calls: resolved.calls,
    rejected: resolved.rejected.map((rejection) => {
      // Indexes are positions in `items`.
      const namespaced = items[rejection.index]?.namespaced;
      return namespaced === undefined
        ? rejection
        : { ...rejection, error: namespaceError(rejection, namespaced, toolset, plans) };
    }),
    searches,
  };
}

/**
 * The model's calls in a response: those to run, those answered already, and
 * the client-side tool searches answered.
 *
 * A `function_call` to a tool `prepared` offered becomes a call with its
 * arguments restored. Every other call the client must answer (see
 * `resolveToolCalls` of `@x/toolset/adapter`; and a `custom_tool_call`,
 * `shell_call`, `local_shell_call` or `apply_patch_call`, which this package
 * never runs) gets its answer in `rejected`, in the output type of its item.
 * With namespaces, a call is found by its `namespace` and bare `name`. A client-executed
 * `tool_search_call` is answered in `searches` with the definitions found in
 * `prepared.searchIndex`. A call whose `call_id` `options.answeredCallIds`
 * holds is neither run nor answered. Never throws on what the model sent.
 *
 * @param response - a response (its `output` is read), or its output items
 * @param prepared - what {@link tools} returned for the request
 * @param options - `answeredCallIds`: call ids answered earlier in the conversation
 * @returns `calls` to run, `rejected` (each with its `output`) and `searches`, in the model's order
 * @example
 * ```ts
 * const { calls, rejected, searches } = toolCalls(response, prepared);
 * input.push(...response.output, ...rejected.map((r) => r.output), ...searches.map((s) => s.output));
 * ```
 */
export function toolCalls(
  response: ResponsesResponse | readonly ResponsesItem[],
  prepared: ResponsesPrepared,
  options?: ToolCallsOptions,
): ResponsesToolCalls {
  return answerRejected(readCalls(response, prepared, options), prepared) as ResponsesToolCalls;
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
  plans: PlansByTool,
): ToolError {
  if (rejection.error.code !== "unknown-tool") return rejection.error;
  const offered = (exposed: string): boolean => Object.hasOwn(plans, exposed);
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
