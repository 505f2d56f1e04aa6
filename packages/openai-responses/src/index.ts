// The public surface of @x/openai-responses: MCP tools as Responses API function tools.
export { tools } from "./tools";
export type { LoadingReport, NamespaceOptions, ResponsesTools, ResponsesToolsOptions, ResponsesToolsReport } from "./tools";
export { toolCalls } from "./tool-calls";
export type { ResponsesToolCalls, ToolCallsOptions } from "./tool-calls";
export { searchTools } from "./search-tools";
export type { SearchableTool, SearchMatch } from "./search-tools";
export type { ToolSearchAnswer, ToolSearchIndex } from "./tool-search-output";
export { toolOutput } from "./tool-output";
export { responseItems } from "./response-items";
export { adapter } from "./adapter";
export type { ResponsesAdapter } from "./adapter";
export type {
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
