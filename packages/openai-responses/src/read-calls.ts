import type { RawToolCall } from "@x/toolset/adapter";
import { answeredCallIds } from "./answered-call-ids";
import { isRecord } from "./read-output";
import type { Fields } from "./read-output";

/** The output item types that are calls this package answers. */
export type CallItemType =
  "function_call" | "custom_tool_call" | "shell_call" | "local_shell_call" | "apply_patch_call";

/** A call of the response to run or to answer: the raw call, and the item type its answer must have. */
export interface CallItem {
  readonly itemType: CallItemType | "tool_search_call";
  readonly raw: RawToolCall;
  /** The `namespace` and bare `name` of a namespaced `function_call`. */
  readonly namespaced?: { readonly namespace: string; readonly name: string };
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

// What the model called, for the raw call: a namespaced function is named
// `namespace.name` so that it can never resolve to a toolset tool of the same
// bare name (`toolCalls` resolves it through the namespace layout instead);
// built-in tools by their tool type.
const calledName = (item: Fields, itemType: CallItemType): string => {
  switch (itemType) {
    case "function_call":
      return typeof item.namespace === "string" && item.namespace !== ""
        ? `${item.namespace}.${text(item.name)}`
        : text(item.name);
    case "custom_tool_call":
      return text(item.name);
    case "shell_call":
      return "shell";
    case "local_shell_call":
      return "local_shell";
    case "apply_patch_call":
      return "apply_patch";
    default: {
      const _exhaustive: never = itemType;
      return _exhaustive;
    }
  }
};

// The item type if `item` is a call the client must answer, else undefined:
// messages, reasoning and hosted tools' calls (web_search_call, mcp_call, a
// shell_call in an OpenAI container, …) are not; neither are computer_call
// and tool_search_call, whose answers (a screenshot, a tool list) cannot say
// "error" and are left to the caller who offered those tools.
const callItemType = (item: Fields): CallItemType | undefined => {
  switch (item.type) {
    case "function_call":
    case "custom_tool_call":
    case "local_shell_call":
    case "apply_patch_call":
      return item.type;
    case "shell_call":
      return isRecord(item.environment) && item.environment.type === "container_reference" ? undefined : "shell_call";
    default:
      return undefined;
  }
};

/**
 * Whether `item` is a call the client must answer (one this package answers,
 * a client-executed `tool_search_call`, or a `computer_call`, left to the
 * caller who offered that tool) whose
 * `call_id` is not a string: nobody can answer it, so it must not be
 * repeated either (the next request would be refused over an unanswered call).
 */
export function unanswerable(item: Fields): boolean {
  return (
    typeof item.call_id !== "string" &&
    (item.type === "computer_call" || clientSearch(item) || callItemType(item) !== undefined)
  );
}

// A tool search the client runs (`execution: "client"`); a hosted one is answered by the API itself.
const clientSearch = (item: Fields): boolean => item.type === "tool_search_call" && item.execution === "client";

// A call whose text the response may have cut short: `collectStream` marks a
// call the stream ended inside `incomplete`, and the API does so when the
// output was cut off (max_output_tokens); `in_progress` is a call not yet done.
const cutShort = (item: Fields, itemType: CallItemType): boolean =>
  (itemType === "function_call" || itemType === "custom_tool_call") &&
  (item.status === "incomplete" || item.status === "in_progress");

/**
 * The calls among `items` that the client must answer and that are not
 * answered already (in `items`, or earlier in the conversation: `answeredBefore`), in order, indexed among
 * themselves; client-executed `tool_search_call`s are among them.
 */
export function readCallItems(items: readonly unknown[], answeredBefore: ReadonlySet<string> | undefined): CallItem[] {
  const records = items.filter(isRecord);
  const answered = new Set(answeredCallIds(records));
  const calls: CallItem[] = [];
  for (const item of records) {
    if (typeof item.call_id !== "string" || answered.has(item.call_id)) continue;
    if (answeredBefore?.has(item.call_id) === true) continue;
    if (clientSearch(item)) {
      const raw = {
        callId: item.call_id,
        name: "tool_search",
        arguments: item.arguments,
        index: calls.length,
        kind: "unsupported" as const,
      };
      calls.push({ itemType: "tool_search_call", raw });
      continue;
    }
    const itemType = callItemType(item);
    if (itemType === undefined) continue;
    const namespaced =
      itemType === "function_call" && typeof item.namespace === "string" && item.namespace !== ""
        ? { namespaced: { namespace: item.namespace, name: text(item.name) } }
        : {};
    calls.push({
      itemType,
      raw: {
        callId: item.call_id,
        name: calledName(item, itemType),
        arguments:
          itemType === "function_call" ? item.arguments : itemType === "custom_tool_call" ? item.input : undefined,
        index: calls.length,
        kind: cutShort(item, itemType) ? "incomplete" : itemType === "function_call" ? "function" : "unsupported",
      },
      ...namespaced,
    });
  }
  return calls;
}
