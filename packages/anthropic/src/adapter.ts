import { collectStream } from "./collect-stream";
import { responseEnd, responseItems, turnItems, userMessage } from "./response-items";
import { toolCalls } from "./tool-calls";
import { renderedOutput, toolOutput } from "./tool-output";
import { tools } from "./tools";

/** The Messages API's wire format, bundled for `@x/executor`. */
export interface AnthropicAdapter {
  readonly api: "anthropic";
  readonly tools: typeof tools;
  readonly toolCalls: typeof toolCalls;
  readonly renderedOutput: typeof renderedOutput;
  readonly toolOutput: typeof toolOutput;
  readonly responseItems: typeof responseItems;
  readonly turnItems: typeof turnItems;
  readonly userMessage: typeof userMessage;
  readonly responseEnd: typeof responseEnd;
  readonly collectStream: typeof collectStream;
}

/**
 * The Messages API's wire format, bundled for `@x/executor`: a turn's
 * answers go back as ONE user message of `tool_result` blocks.
 *
 * @example
 * ```ts
 * const prepared = adapter.tools(toolset);
 * const { calls, rejected } = adapter.toolCalls(message, prepared);
 * ```
 */
export const adapter: AnthropicAdapter = {
  api: "anthropic",
  tools,
  toolCalls,
  renderedOutput,
  toolOutput,
  responseItems,
  turnItems,
  userMessage,
  responseEnd,
  collectStream,
};
