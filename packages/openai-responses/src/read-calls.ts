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

// An item is any JSON: a field is read once, then checked before it is used (a getter may give another value on a
// second read), so nothing unchecked reaches a template literal or a conversion to text.
const text = (value: unknown): string => (typeof value === "string" ? value : "");

// The namespace of a namespaced `function_call`.
const namespaceOf = (item: Fields): string | undefined => {
  const { namespace } = item;
  return typeof namespace === "string" && namespace !== "" ? namespace : undefined;
};

// What the model called, for the raw call: a namespaced function is named
// `namespace.name` so that it can never resolve to a toolset tool of the same
// bare name (`toolCalls` resolves it through the namespace layout instead);
// built-in tools by their tool type.
const calledName = (itemType: CallItemType, name: string, namespace: string | undefined): string => {
  switch (itemType) {
    case "function_call":
      return namespace === undefined ? name : `${namespace}.${name}`;
    case "custom_tool_call":
      return name;
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
  const { type } = item;
  switch (type) {
    case "function_call":
    case "custom_tool_call":
    case "local_shell_call":
    case "apply_patch_call":
      return type;
    case "shell_call": {
      const { environment } = item;
      return isRecord(environment) && environment.type === "container_reference" ? undefined : "shell_call";
    }
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
    const callId = item.call_id;
    if (typeof callId !== "string" || answered.has(callId)) continue;
    if (answeredBefore?.has(callId) === true) continue;
    if (clientSearch(item)) {
      const raw = {
        callId,
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
    const name = text(item.name);
    const namespace = itemType === "function_call" ? namespaceOf(item) : undefined;
    calls.push({
      itemType,
      raw: {
        callId,
        name: calledName(itemType, name, namespace),
        arguments:
          itemType === "function_call" ? item.arguments : itemType === "custom_tool_call" ? item.input : undefined,
        index: calls.length,
        kind: cutShort(item, itemType) ? "incomplete" : itemType === "function_call" ? "function" : "unsupported",
      },
      ...(namespace === undefined ? {} : { namespaced: { namespace, name } }),
    });
  }
  return calls;
}
