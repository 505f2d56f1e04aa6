import type { RenderedResult } from "@x/toolset/adapter";
import type { GeminiAnswer } from "./gemini-types";
import { responseEnd } from "./response-end";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { renderedOutput, renderedOutputWithPlaceholders, toolOutput } from "./tool-output";
import type { AnsweredCall } from "./tool-output";
import { tools } from "./tools";
import { turnItems, userMessage } from "./turn-items";

/**
 * The Gemini API {@link adapter}: this package's functions, for
 * `@x/executor`. A turn's answers go back as ONE `user` content
 * (`turnItems`), after the model's content repeated exactly as received
 * (`responseItems`, thought signatures kept).
 */
export interface GeminiAdapter {
  readonly api: "gemini";
  readonly tools: typeof tools;
  readonly toolCalls: typeof toolCalls;
  readonly renderedOutput: (call: AnsweredCall, rendered: RenderedResult) => GeminiAnswer;
  readonly toolOutput: typeof toolOutput;
  readonly responseItems: typeof responseItems;
  readonly turnItems: typeof turnItems;
  readonly userMessage: typeof userMessage;
  readonly responseEnd: typeof responseEnd;
}

/**
 * The Gemini API wire format, bundled for `@x/executor`.
 *
 * @example
 * ```ts
 * const result = await runToolLoop({ model, adapter, toolset, clients, input: "What is the weather in Paris?" });
 * ```
 */
export const adapter: GeminiAdapter = {
  api: "gemini",
  tools,
  toolCalls,
  renderedOutput,
  toolOutput,
  responseItems,
  turnItems,
  userMessage,
  responseEnd,
};

/** The adapter `tools(toolset, { media: "placeholder" })` prepares for: images and files as text placeholders. */
export const placeholderAdapter: GeminiAdapter = { ...adapter, renderedOutput: renderedOutputWithPlaceholders };
