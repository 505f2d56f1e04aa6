// @x/anthropic: for anyone calling Claude's Messages API with MCP tools.
//
// The request's `tools` (strict within the request's budget), the model's
// `tool_use` blocks read back, the `tool_result` blocks that answer them in
// one user message, and `adapter`, which bundles these for @x/executor. Wire
// shapes only: the shared stages live in @x/toolset.
export { tools } from "./tools";
export type { AnthropicTools, AnthropicToolsOptions, AnthropicToolsReport, LoadingReport } from "./tools";
export { ANTHROPIC_STRICT_BUDGET } from "./strict-budget";
export type { StrictBudget, StrictSpent } from "./strict-budget";
export type { ToolSearchVariant } from "./tool-search-tool";
export { toolCalls } from "./tool-calls";
export type { OfferedTools } from "./tool-calls";
export { ANTHROPIC_ERROR_PREFIX, renderedOutput, toolOutput } from "./tool-output";
export type { AnsweredCall } from "./tool-output";
export { responseEnd, responseItems, turnItems, userMessage } from "./response-items";
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
