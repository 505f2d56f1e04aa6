import { inputFields } from "./input-fields";
import { unanswerable } from "./read-calls";
import { isRecord, readOutput } from "./read-output";
import type { ResponsesItem, ResponsesReplayItem, ResponsesResponse } from "./responses-types";

// The response comes off the network: an item that is not an object is left
// out (it is no input item), and so is a call nobody can answer (no string
// call_id: toolCalls cannot answer it either). Each item keeps only the fields
// the input accepts for its type (see INPUT_FIELDS). Two kinds of output item carry
// a value the request's input refuses, per the API's own types (openai 7.59):
// a computer_call_output's "failed" status (the status is informational and
// is left out), and an additional_tools item with another role than
// "developer" (left out: it cannot be repeated). A call's arguments (or a
// custom call's input) that are not a string are repeated as "": toolCalls
// rejects such a call, and the value itself may not serialise (a cycle, a
// BigInt, an object nested thousands deep).
const replay = (value: unknown): ResponsesItem[] => {
  if (!isRecord(value) || unanswerable(value)) return [];
  const fields = inputFields(value);
  if (fields.type === "function_call" && "arguments" in fields && typeof fields.arguments !== "string") {
    return [{ ...fields, arguments: "" } as unknown as ResponsesItem];
  }
  if (fields.type === "custom_tool_call" && "input" in fields && typeof fields.input !== "string") {
    return [{ ...fields, input: "" } as unknown as ResponsesItem];
  }
  const item = fields as unknown as ResponsesItem;
  if (item.type === "computer_call_output" && "status" in item && item.status === "failed") {
    const { status: _status, ...rest } = item;
    return [rest];
  }
  if (item.type === "additional_tools" && (!("role" in item) || item.role !== "developer")) return [];
  return [item];
};

/**
 * The response's output items, which the next request's `input` must repeat
 * before the outputs: reasoning items included (reasoning models need them
 * with their calls), messages, calls, and hosted tools' items, in order.
 * A call's `arguments` (a custom call's `input`) that is not a string is
 * repeated as `""` (`toolCalls` rejects that call). Never throws: an item that is not an object, and a call the client
 * must answer whose `call_id` is not a string (nobody can answer it), are left
 * out, so every call repeated is one `toolCalls` answers (or the output
 * answers already), exactly once.
 *
 * @param response - a response (its `output` is read) or a list of output items
 * @returns the items, typed as the input takes them back
 * @example
 * ```ts
 * const input = [...history, ...responseItems(response), ...outputs];
 * const next = await openai.responses.create({ model: "gpt-5", input, tools: responsesTools });
 * ```
 */
export function responseItems<TItem extends ResponsesItem>(
  response: ResponsesResponse<TItem> | readonly TItem[],
): ResponsesReplayItem<TItem>[] {
  // The narrowing `replay` does is what ResponsesReplayItem says at the type level.
  return readOutput(response).flatMap(replay) as ResponsesReplayItem<TItem>[];
}
