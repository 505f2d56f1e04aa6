import { isRecord } from "./read-output";

// The calls this client answers, by item type, and the type of the item that answers each.
const ANSWER_OF: { readonly [callType: string]: string } = {
  function_call: "function_call_output",
  custom_tool_call: "custom_tool_call_output",
  tool_search_call: "tool_search_output",
};
const ANSWERS = new Set(Object.values(ANSWER_OF));

// A tool search the API runs itself is answered by the API: it is not the client's to answer.
const clientsToAnswer = (item: { readonly [key: string]: unknown }): boolean =>
  item.type !== "tool_search_call" || item.execution === "client";

/**
 * The first way `items` break the Responses API's rule for the calls this
 * client answers (function calls, custom tool calls, client-executed tool
 * searches): each is answered once, by a later item of its answer type with
 * its `call_id`. `undefined` when they keep it; never throws.
 *
 * @param items - a conversation's input items
 * @returns what is wrong, with where, or `undefined`
 * @example
 * ```ts
 * transcriptProblem([{ type: "function_call_output", call_id: "call_1", output: "3" }]);
 * // 'item 0 answers "call_1" before any call of it'
 * ```
 */
export function transcriptProblem(items: readonly unknown[]): string | undefined {
  const called = new Map<string, string>();
  const answered = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (!isRecord(item)) continue;
    const { type, call_id: id } = item;
    if (typeof type !== "string" || typeof id !== "string") continue;
    if (Object.hasOwn(ANSWER_OF, type) && clientsToAnswer(item)) called.set(id, ANSWER_OF[type]!);
    if (!ANSWERS.has(type) || (type === "tool_search_output" && item.execution !== "client")) continue;
    if (called.get(id) !== type) return `item ${i} answers ${JSON.stringify(id)} before any call of it`;
    if (answered.has(id)) return `item ${i} answers ${JSON.stringify(id)} a second time`;
    answered.add(id);
  }
  const open = [...called.keys()].find((id) => !answered.has(id));
  return open === undefined ? undefined : `the call ${JSON.stringify(open)} is not answered`;
}
