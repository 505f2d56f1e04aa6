// The public surface of @x/openai-chat: MCP tools as Chat Completions function tools.
export { tools } from "./tools";
export { toolCalls } from "./tool-calls";
export { toolOutput } from "./tool-output";
export { responseItems } from "./response-items";
export { collectStream } from "./collect-stream";
export type { ChatChunkChoice, ChatChunkToolCall, ChatFinishReason, ChatStreamChoice, ChatStreamChunk, ChatStreamCompletion } from "./collect-stream";
export { allowedTools } from "./allowed-tools";
export type { ChatAllowedToolsChoice } from "./allowed-tools";
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
