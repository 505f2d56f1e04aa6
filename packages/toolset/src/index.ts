// The public surface of @x/toolset.
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
  Toolset,
  ToolsetEntry,
  ToolsetReport,
} from "./toolset-types";
export type { OutputOptions, RejectedCall, StructuredMode, ToolCall, ToolCalls, ToolOutcome } from "./tool-call";
export type { Adapter } from "./adapter";
export type { JsonSchemaObject, NullPath, NullPathSegment, StrictError } from "@x/strict-schema";
