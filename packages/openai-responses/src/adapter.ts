import type { Adapter } from "@x/toolset/adapter";
import { answeredCallIds } from "./answered-call-ids";
import { responseEnd } from "./response-end";
import { responseItems } from "./response-items";
import type { ResponsesAnswer, ResponsesItem, ResponsesResponse, ResponsesTool } from "./responses-types";
import { readCalls } from "./tool-calls";
import { renderedOutput } from "./tool-output";
import { tools } from "./tools";
import { transcriptProblem } from "./transcript-problem";
import type { ResponsesToolsOptions } from "./tools";

/**
 * The Responses API {@link Adapter}. `responseItems` keeps its own, more
 * precise type, so that `adapter.responseItems(response)` of an `openai`
 * response goes into the next `input` as it is. Because `api` is
 * `"responses"` (output items go back as input items of the same API),
 * `runToolLoop` (`@x/executor`) types the items it repeats as the caller's
 * input items (openai's `ResponseInputItem`), which it checks against the
 * model function's response type.
 */
export interface ResponsesAdapter extends Adapter<
  ResponsesTool,
  ResponsesResponse | readonly ResponsesItem[],
  ResponsesAnswer,
  ResponsesItem,
  ResponsesToolsOptions
> {
  readonly api: "responses";
  readonly tools: typeof tools;
  readonly responseItems: typeof responseItems;
  readonly answeredCallIds: typeof answeredCallIds;
}

/**
 * The Responses API wire format, bundled for `@x/executor`: each turn's
 * answers are its output items, one per call id in a whole conversation.
 *
 * @example
 * ```ts
 * const prepared = adapter.tools(toolset);
 * const response = await openai.responses.create({ model: "gpt-5-mini", input, tools: prepared.tools });
 * const { items } = await executeToolCalls(response, prepared, clients);
 * input.push(...items);
 * ```
 */
export const adapter: ResponsesAdapter = {
  api: "responses",
  tools,
  readCalls,
  renderedOutput,
  responseItems,
  turnItems: (outputs) => [...outputs],
  userMessage: (text) => ({ type: "message", role: "user", content: text }) as ResponsesItem,
  responseEnd,
  answeredCallIds,
  transcriptProblem,
};
