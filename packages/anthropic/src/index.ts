// @x/anthropic: for anyone calling Claude's Messages API with MCP tools.
//
// The request's `tools` (strict within the request's budget), the model's
// `tool_use` blocks read back, the `tool_result` blocks that answer them,
// streams collected, the tool choice, and `adapter`, which bundles these for
// @x/executor (and gives the turn's messages: `adapter.responseItems`,
// `adapter.turnItems`, `adapter.userMessage`, `adapter.responseEnd`). Wire
// shapes only: the shared stages live in @x/toolset and @x/strict-schema.
export { tools } from "./tools";
export type { AnthropicTools, AnthropicToolsOptions, AnthropicToolsReport, LoadingReport } from "./tools";
export type { StrictBudget } from "./strict-budget";
export type { ToolSearchVariant } from "./tool-search-tool";
export { toolCalls } from "./tool-calls";
export { toolOutput } from "./tool-output";
export { collectStream } from "./collect-stream";
export type { AnthropicCollectedBlock, AnthropicCollectedMessage, AnthropicStreamEvent } from "./collect-stream";
export { allowedTools } from "./allowed-tools";
export type { AllowedToolsOptions, AnthropicToolChoice } from "./allowed-tools";
export { adapter } from "./adapter";
export type { AnthropicAdapter } from "./adapter";
export type {
  AnthropicAnyBlock,
  AnthropicAssistantBlockParam,
  AnthropicAssistantMessageParam,
  AnthropicContentBlock,
  AnthropicDocumentBlockParam,
  AnthropicImageBlockParam,
  AnthropicImageMediaType,
  AnthropicInputSchema,
  AnthropicMessage,
  AnthropicMessageParam,
  AnthropicRedactedThinkingBlockParam,
  AnthropicRequestTool,
  AnthropicResponse,
  AnthropicServerToolUseBlockParam,
  AnthropicStopReason,
  AnthropicTextBlockParam,
  AnthropicThinkingBlockParam,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolResultContent,
  AnthropicToolSearchResultBlockParam,
  AnthropicToolSearchTool,
  AnthropicToolUseBlock,
  AnthropicToolUseBlockParam,
  AnthropicTranscriptMessage,
  AnthropicUserMessageParam,
} from "./anthropic-types";
