// @x/toolset: for anyone putting MCP tools in front of a model.
//
// Build a toolset from your servers' tool lists, read its report, read what an
// adapter's `tools()` prepared, check what `client.callTool` returned, and
// recognise the stack's errors. The pieces an API adapter is built from are in
// `@x/toolset/adapter`, for adapter authors.
export { buildToolset } from "./build-toolset";
export type {
  BuildToolsetOptions,
  BuiltToolset,
  DropReason,
  RenameReason,
  TextChange,
  Toolset,
  ToolsetEntry,
  ToolsetReport,
} from "./build-toolset";
export type { ToolSources } from "./read-sources";
export { sanitizeDescription, DEFAULT_MAX_DESCRIPTION_BYTES } from "./sanitize-description";
export type { SanitizeOptions } from "./sanitize-description";
export { DEFAULT_MAX_SCHEMA_TEXT_BYTES } from "./sanitize-schema-text";
export type { LoadingReport, PreparedTools, PlansByTool } from "./prepared-tools";
export type { PrepareOptions, PrepareReport, StrictMode } from "./prepare-tool-definitions";
export type { RejectedCall, ToolCall, ToolCalls, ToolSearchAnswer } from "./resolve-tool-calls";
export { toCallToolResult } from "./to-call-tool-result";
export type { ToolOutcome } from "./to-call-tool-result";
export { DEFAULT_ERROR_PREFIX } from "./render-options";
export type { OutputOptions, RenderOptions, StructuredMode } from "./render-options";
export { truncationMarker } from "./cap-rendered-parts";
export { isToolError, ToolError } from "./tool-error";
export type { ToolErrorCode, ToolErrorFault } from "./tool-error";
export type { CollectStreamOptions, StreamDelta, StreamEvents } from "./read-stream";
export type {
  McpAudioContent,
  McpCallToolResult,
  McpContentBlock,
  McpEmbeddedResource,
  McpImageContent,
  McpInputSchema,
  McpResourceContents,
  McpResourceLink,
  McpTextContent,
  McpTool,
} from "./mcp-types";
