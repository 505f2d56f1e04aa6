// The public surface of @x/toolset.
export { buildToolset } from "./build-toolset";
export type { BuildToolsetOptions, BuiltToolset } from "./build-toolset";
export type { ToolSources } from "./read-sources";
export { sanitizeDescription, DEFAULT_MAX_DESCRIPTION_BYTES } from "./sanitize-description";
export { DEFAULT_MAX_SCHEMA_TEXT_BYTES } from "./sanitize-schema-text";
export type { SanitizeOptions } from "./sanitize-description";
export { prepareTools } from "./prepare-tools";
export { decodeArguments } from "./decode-arguments";
export type { DecodedArguments } from "./decode-arguments";
export { resolveToolCalls } from "./resolve-tool-calls";
export type { RawToolCall, Rejection, ResolvedToolCalls } from "./resolve-tool-calls";
export { toCallToolResult } from "./to-call-tool-result";
export { renderResult, DEFAULT_ERROR_PREFIX } from "./render-result";
export type { RenderedPart, RenderedResult } from "./render-result";
export { renderedText } from "./rendered-text";
export { readStream } from "./read-stream";
export type { CollectStreamOptions, StreamDelta, StreamEvents } from "./read-stream";
export { ToolError } from "./tool-error";
export type { ToolErrorCode, ToolErrorFault } from "./tool-error";
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
export type {
  DropReason,
  NullPathsByTool,
  PrepareOptions,
  PrepareReport,
  PreparedTool,
  PreparedTools,
  RenameReason,
  StrictMode,
  TextChange,
  Toolset,
  ToolsetEntry,
  ToolsetReport,
} from "./toolset-types";
export type { OutputOptions, RejectedCall, StructuredMode, ToolCall, ToolCalls, ToolOutcome } from "./tool-call";
export type { Adapter } from "./adapter";
export type { JsonSchemaObject, NullPath, NullPathSegment, Relaxation, RelaxationKind, StrictError } from "@x/strict-schema";
