import type { Adapter } from "@x/toolset/adapter";
import type { GeminiAnswer, GeminiContent, GeminiResponse, GeminiTool } from "./gemini-types";
import { responseEnd } from "./response-end";
import { responseItems } from "./response-items";
import { readCalls } from "./tool-calls";
import { renderedOutput, renderedOutputWithPlaceholders } from "./tool-output";
import { tools } from "./tools";
import type { GeminiTools, GeminiToolsOptions } from "./tools";
import { loadedTools } from "./tool-search";
import { turnItems, userMessage } from "./turn-items";

/**
 * The Gemini API {@link Adapter}. A turn's answers go back as ONE `user`
 * content (`turnItems`), after the model's content repeated exactly as
 * received (`responseItems`, thought signatures kept).
 */
export interface GeminiAdapter extends Adapter<
  GeminiTool,
  GeminiResponse,
  GeminiAnswer,
  GeminiContent,
  GeminiToolsOptions
> {
  readonly api: "gemini";
  readonly tools: typeof tools;
  readonly responseItems: typeof responseItems;
  readonly turnItems: typeof turnItems;
  readonly userMessage: typeof userMessage;
}

/**
 * The Gemini API wire format, bundled for `@x/executor`.
 *
 * @example
 * ```ts
 * const prepared = adapter.tools(toolset);
 * const response = await ai.models.generateContent({ model, contents, config: { tools: prepared.tools } });
 * const { items } = await executeToolCalls(response, prepared, clients);
 * contents.push(...items);
 * ```
 */
export const adapter: GeminiAdapter = {
  api: "gemini",
  tools,
  readCalls,
  renderedOutput,
  responseItems,
  turnItems,
  userMessage,
  responseEnd,
  // (a prepared tools' index is the one its tools() built)
  turnTools: (prepared, transcript) => loadedTools(prepared as GeminiTools, transcript),
};

/** The adapter `tools(toolset, { media: "placeholder" })` prepares for: images and files as text placeholders. */
export const placeholderAdapter: GeminiAdapter = { ...adapter, renderedOutput: renderedOutputWithPlaceholders };
