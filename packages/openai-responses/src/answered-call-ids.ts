import { isRecord } from "./read-output";
import type { Fields } from "./read-output";

// Output items that answer a call (the server ran it, or the client answered
// it): the call is not answered a second time. `local_shell_call_output`
// names the call in `id`.
const ANSWER_TYPES = new Set([
  "function_call_output",
  "custom_tool_call_output",
  "shell_call_output",
  "apply_patch_call_output",
  "computer_call_output",
  "tool_search_output",
]);

// The type is read once and used only once known to be a string: an item's type may be any JSON.
const answeredId = (item: Fields): unknown => {
  const { type } = item;
  if (typeof type !== "string") return undefined;
  return ANSWER_TYPES.has(type) ? item.call_id : type === "local_shell_call_output" ? item.id : undefined;
};

/**
 * The call ids that `items` answer (a `function_call_output`, a
 * `custom_tool_call_output`, a `local_shell_call_output`'s `id`, …). The
 * Responses API takes one output per `call_id` in a whole conversation, so
 * a call the model makes again under one of these ids is answered already:
 * pass them to `toolCalls` as `answeredCallIds`, and it neither runs nor
 * answers such a call. `@x/executor`'s `runToolLoop` keeps this set for you
 * as the conversation grows.
 *
 * @param items - input items of the conversation so far (or any list: what is not an answer item is skipped)
 * @returns the ids, in order
 * @example
 * ```ts
 * const answered = new Set(answeredCallIds(history));
 * const { calls, rejected } = toolCalls(response, toolset, report.plans, { answeredCallIds: answered });
 * ```
 */
export function answeredCallIds(items: readonly unknown[]): string[] {
  return items
    .filter(isRecord)
    .map(answeredId)
    .filter((id) => typeof id === "string");
}
