// The public surface of @x/openai-chat: MCP tools as Chat Completions function tools.
export { tools } from "./tools";
export { toolCalls } from "./tool-calls";
export { renderedOutput, toolOutput } from "./tool-output";
export { responseItems } from "./response-items";
export { adapter } from "./adapter";
export type { ChatAdapter } from "./adapter";
export type {
  ChatAssistantMessage,
  ChatAssistantMessageParam,
  ChatCompletionResponse,
  ChatCustomToolCall,
  ChatFunctionTool,
  ChatFunctionToolCall,
  ChatResponse,
  ChatToolCall,
  ChatToolMessage,
} from "./chat-types";
