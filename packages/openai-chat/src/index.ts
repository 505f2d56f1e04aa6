// @x/openai-chat: for anyone calling the Chat Completions API with MCP tools.
//
// The request's `tools`, the model's `tool_calls` read back, the `tool`
// messages that answer them, streams collected, the tool choice, and
// `adapter`, which bundles these for @x/executor.
export { tools } from "./tools";
export type { ChatPrepared } from "./tools";
export { toolCalls } from "./tool-calls";
export { toolOutput } from "./tool-output";
export { collectStream } from "./collect-stream";
export type {
  ChatChunkChoice,
  ChatChunkToolCall,
  ChatFinishReason,
  ChatStreamChoice,
  ChatStreamChunk,
  ChatStreamCompletion,
} from "./collect-stream";
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
  ChatMessage,
  ChatResponse,
  ChatToolCall,
  ChatToolMessage,
  ChatUserMessage,
} from "./chat-types";
