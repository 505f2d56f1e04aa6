import type { Adapter } from "@x/toolset/adapter";
import { answeredCallIds } from "./answered-call-ids";
import { responseItems } from "./response-items";
import type { ResponsesAnswer, ResponsesItem, ResponsesResponse, ResponsesTool } from "./responses-types";
import { toolCalls } from "./tool-calls";
import { renderedOutput, toolOutput } from "./tool-output";
import { tools } from "./tools";

/**
 * The Responses API {@link Adapter}: this package's functions, for
 * `@x/executor`. `toolOutput` and `responseItems` keep their own, more precise
 * types, so that `adapter.responseItems(response)` of an `openai` response
 * goes into the next `input` as it is. Because `api` is `"responses"` (output
 * items go back as input items of the same API), `runToolLoop` (`@x/executor`)
 * types the items it repeats as the caller's input items (openai's
 * `ResponseInputItem`), which it checks against the model function's response
 * type.
 */
export interface ResponsesAdapter extends Adapter<
  ResponsesTool,
  ResponsesResponse | readonly ResponsesItem[],
  ResponsesAnswer,
  ResponsesItem
> {
  readonly api: "responses";
  readonly tools: typeof tools;
  readonly renderedOutput: typeof renderedOutput;
  readonly toolOutput: typeof toolOutput;
  readonly responseItems: typeof responseItems;
  readonly answeredCallIds: typeof answeredCallIds;
}

/**
 * The Responses API wire format, bundled for `@x/executor`.
 *
 * @example
 * ```ts
 * const { outputs } = await executeToolCalls(response, toolset, clients, { adapter });
 * input.push(...adapter.responseItems(response), ...outputs);
 * ```
 */
export const adapter: ResponsesAdapter = {
  api: "responses",
  tools,
  toolCalls,
  renderedOutput,
  toolOutput,
  responseItems,
  answeredCallIds,
} satisfies Adapter<ResponsesTool, ResponsesResponse | readonly ResponsesItem[], ResponsesAnswer, ResponsesItem>;
