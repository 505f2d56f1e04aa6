// @x/openai-responses: for anyone calling the Responses API with MCP tools.
//
// The request's `tools`, the model's calls read back, the
// `function_call_output` items that answer them, streams collected, the tool
// choice, and `adapter`, which bundles these for @x/executor.
export { tools } from "./tools";
export type { NamespaceOptions, ResponsesPrepared, ResponsesToolsOptions, ResponsesToolsReport } from "./tools";
export { toolCalls } from "./tool-calls";
export type { ResponsesToolCalls } from "./tool-calls";
export type { ResponsesToolSearchAnswer, ToolSearchIndex } from "./tool-search-output";
export { toolOutput } from "./tool-output";
export { collectStream } from "./collect-stream";
export type { ResponsesCollectedResponse, ResponsesStreamEvent, ResponsesStreamResponse } from "./collect-stream";
export { allowedTools } from "./allowed-tools";
export type { ResponsesAllowedToolsChoice } from "./allowed-tools";
export { adapter } from "./adapter";
export type { ResponsesAdapter } from "./adapter";
export type {
  ResponsesAnswer,
  ResponsesApplyPatchCallOutput,
  ResponsesCallOutput,
  ResponsesCustomToolCallOutput,
  ResponsesFunctionCallOutput,
  ResponsesFunctionTool,
  ResponsesInputFile,
  ResponsesInputImage,
  ResponsesInputText,
  ResponsesItem,
  ResponsesLocalShellCallOutput,
  ResponsesNamespaceTool,
  ResponsesReplayItem,
  ResponsesResponse,
  ResponsesShellCallOutput,
  ResponsesTool,
  ResponsesToolSearchOutput,
  ResponsesToolSearchTool,
} from "./responses-types";
