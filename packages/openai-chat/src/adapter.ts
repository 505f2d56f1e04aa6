import type { Adapter } from "@x/toolset/adapter";
import type { ChatAssistantMessageParam, ChatFunctionTool, ChatResponse, ChatToolMessage } from "./chat-types";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { renderedOutput, toolOutput } from "./tool-output";
import { tools } from "./tools";

/** The Chat Completions {@link Adapter}: this package's functions, for `@x/executor`. */
export interface ChatAdapter extends Adapter<
  ChatFunctionTool,
  ChatResponse,
  ChatToolMessage,
  ChatAssistantMessageParam
> {
  readonly api: "chat";
}

/**
 * The Chat Completions wire format, bundled for `@x/executor`.
 *
 * @example
 * ```ts
 * const { outputs } = await executeToolCalls(completion, toolset, clients, { adapter });
 * messages.push(...adapter.responseItems(completion), ...outputs);
 * ```
 */
export const adapter: ChatAdapter = {
  api: "chat",
  tools,
  toolCalls,
  renderedOutput,
  toolOutput,
  responseItems,
} satisfies Adapter<ChatFunctionTool, ChatResponse, ChatToolMessage, ChatAssistantMessageParam>;
