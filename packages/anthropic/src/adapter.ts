import type { Adapter } from "@x/toolset/adapter";
import type {
  AnthropicMessageParam,
  AnthropicRequestTool,
  AnthropicResponse,
  AnthropicToolResultBlock,
} from "./anthropic-types";
import { responseEnd } from "./response-end";
import { responseItems } from "./response-items";
import { readCalls } from "./tool-calls";
import { renderedOutput } from "./tool-output";
import { tools } from "./tools";
import type { AnthropicToolsOptions } from "./tools";
import { turnItems, userMessage } from "./turn-items";

/** The Messages API {@link Adapter}. */
export interface AnthropicAdapter extends Adapter<
  AnthropicRequestTool,
  AnthropicResponse,
  AnthropicToolResultBlock,
  AnthropicMessageParam,
  AnthropicToolsOptions
> {
  readonly api: "anthropic";
  readonly tools: typeof tools;
  readonly responseItems: typeof responseItems;
  readonly turnItems: typeof turnItems;
  readonly userMessage: typeof userMessage;
  readonly responseEnd: typeof responseEnd;
}

/**
 * The Messages API wire format, bundled for `@x/executor`: a turn's answers
 * go back as ONE user message of `tool_result` blocks (`turnItems`), after
 * the reply repeated as received (`responseItems`, thinking signatures and
 * server tool blocks kept). `pause_turn` continues the loop with nothing
 * added; `max_tokens` and `refusal` end it as incomplete.
 *
 * @example
 * ```ts
 * const prepared = adapter.tools(toolset);
 * const message = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: prepared.tools });
 * const { items } = await executeToolCalls(message, prepared, clients);
 * messages.push(...adapter.responseItems(message), ...items);
 * ```
 */
export const adapter: AnthropicAdapter = {
  api: "anthropic",
  tools,
  readCalls,
  renderedOutput,
  responseItems,
  turnItems,
  userMessage,
  responseEnd,
};
