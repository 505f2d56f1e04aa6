// @x/openai-responses: for anyone calling the Responses API with MCP tools.
//
// The request's `tools`, the model's calls read back, the
// `function_call_output` items that answer them, and `adapter`, which bundles
// these for @x/executor. Wire shapes only: the shared stages live in @x/toolset.
export { tools } from "./tools";
export { toolCalls } from "./tool-calls";
export { renderedOutput, toolOutput } from "./tool-output";
export { responseItems } from "./response-items";
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
