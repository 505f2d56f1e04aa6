// The public surface of @x/openai-responses: MCP tools as Responses API function tools.
export { tools } from "./tools";
export { toolCalls } from "./tool-calls";
export { toolOutput } from "./tool-output";
export { responseItems } from "./response-items";
export { collectStream } from "./collect-stream";
export type { CollectedResponse, ResponsesStreamEvent, ResponsesStreamResponse } from "./collect-stream";
export { allowedTools } from "./allowed-tools";
export type { ResponsesAllowedToolsChoice } from "./allowed-tools";
export { adapter } from "./adapter";
export type { ResponsesAdapter } from "./adapter";
export type {
  ResponsesApplyPatchCallOutput,
  ResponsesCallOutput,
  ResponsesCustomToolCallOutput,
  ResponsesFunctionCallOutput,
  ResponsesFunctionTool,
  ResponsesInputImage,
  ResponsesInputText,
  ResponsesItem,
  ResponsesLocalShellCallOutput,
  ResponsesReplayItem,
  ResponsesResponse,
  ResponsesShellCallOutput,
} from "./responses-types";
