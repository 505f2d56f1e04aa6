// @x/openai-responses: for anyone calling the Responses API with MCP tools.
//
// The request's `tools`, the model's calls read back, the
// `function_call_output` items that answer them, and `adapter`, which bundles
// these for @x/executor. Wire shapes only: the shared stages live in @x/toolset.
export { tools } from "./tools";
export type {
  LoadingReport,
  NamespaceOptions,
  ResponsesTools,
  ResponsesToolsOptions,
  ResponsesToolsReport,
} from "./tools";
export { toolCalls } from "./tool-calls";
export type { ResponsesToolCalls, ToolCallsOptions } from "./tool-calls";
export { searchTools } from "./search-tools";
export type { SearchableTool, SearchMatch } from "./search-tools";
export type { ToolSearchAnswer, ToolSearchIndex } from "./tool-search-output";
export { renderedOutput, toolOutput } from "./tool-output";
export { responseItems } from "./response-items";
export { answeredCallIds } from "./answered-call-ids";
export { collectStream } from "./collect-stream";
export type { CollectedResponse, ResponsesStreamEvent, ResponsesStreamResponse } from "./collect-stream";
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
