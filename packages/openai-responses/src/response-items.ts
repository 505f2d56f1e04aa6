import { readOutput } from "./read-output";
import type { ResponsesItem, ResponsesReplayItem, ResponsesResponse } from "./responses-types";

// Two kinds of output item carry a value the request's input refuses, per the
// API's own types (openai 7.59): a computer_call_output's "failed" status (the
// status is informational and is left out), and an additional_tools item with
// another role than "developer" (left out: it cannot be repeated).
const replay = (item: ResponsesItem): ResponsesItem[] => {
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
