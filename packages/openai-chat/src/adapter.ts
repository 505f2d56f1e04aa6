import type { Adapter } from "@x/toolset/adapter";
import type { PrepareOptions } from "@x/toolset";
import type { ChatFunctionTool, ChatMessage, ChatResponse, ChatToolMessage } from "./chat-types";
import { responseEnd } from "./response-end";
import { responseItems } from "./response-items";
import { readCalls } from "./tool-calls";
import { renderedOutput } from "./tool-output";
import { tools } from "./tools";
import { transcriptProblem } from "./transcript-problem";

/** The Chat Completions {@link Adapter}. */
export interface ChatAdapter extends Adapter<
  ChatFunctionTool,
  ChatResponse,
  ChatToolMessage,
  ChatMessage,
  PrepareOptions
> {
  readonly api: "chat";
  readonly tools: typeof tools;
  readonly responseItems: typeof responseItems;
}

/**
 * The Chat Completions wire format, bundled for `@x/executor`: each turn's
 * answers are its `tool` messages, after the assistant message they answer.
 *
 * @example
 * ```ts
 * const prepared = adapter.tools(toolset);
 * const completion = await openai.chat.completions.create({ model: "gpt-5-mini", messages, tools: prepared.tools });
 * const { items } = await executeToolCalls(completion, prepared, clients);
 * messages.push(...items);
 * ```
 */
export const adapter: ChatAdapter = {
  api: "chat",
  tools,
  readCalls,
  renderedOutput,
  responseItems,
  turnItems: (outputs) => [...outputs],
  userMessage: (text) => ({ role: "user", content: text }),
  responseEnd,
  transcriptProblem,
};
