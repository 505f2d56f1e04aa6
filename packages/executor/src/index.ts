// @x/executor: for anyone running an OpenAI model's tool calls on MCP servers.
//
// One round (`executeToolCalls`), the whole loop with a model function of
// yours (`runToolLoop`), the request's tools with a hook event per fallback or
// exclusion (`prepareTools`), and the hooks. OpenTelemetry tracing is the
// `@x/executor/otel` entry, so that `@opentelemetry/api` loads only there.
export { executeToolCalls } from "./execute-tool-calls";
export { DEFAULT_CONCURRENCY, DEFAULT_MAX_OUTPUT_BYTES } from "./execute-options";
export type { ExecuteOptions } from "./execute-options";
export type { CallOutcome, ExecuteResult } from "./run-round";
// The marker of a cut result, from the one rendering stage (also exported by @x/toolset).
export { truncationMarker } from "@x/toolset";
export { prepareTools } from "./prepare-tools";
export type { PrepareToolsOptions } from "./prepare-tools";
export { DEFAULT_MAX_TURNS, runToolLoop } from "./run-tool-loop";
export type {
  AdapterOutput,
  AdapterTool,
  ModelContext,
  ModelFunction,
  StopReason,
  ToolLoopOptions,
  ToolLoopResult,
  TranscriptEntry,
} from "./run-tool-loop";
export { toolCalled, usageAtLeast } from "./stop-when";
export type { FinishedTurn, RunUsage, StopCondition } from "./stop-when";
export type { TurnInfo, TurnToolNames } from "./turn-tools";
export { resumeToolLoop } from "./resume-tool-loop";
export type { ResumeOptions } from "./resume-tool-loop";
export { TOOL_LOOP_STATE_FORMAT } from "./tool-loop-state";
export type { AnsweredCall, ApprovalDecisions, ToolLoopState } from "./tool-loop-state";
export { annotationPolicy } from "./annotation-policy";
export type { AnnotationPolicyOptions } from "./annotation-policy";
export type { ApprovalAnswer, ApprovalRequest, ApproveFunction, McpToolAnnotations } from "./approve-calls";
export { combineHooks } from "./combine-hooks";
export type { CallToolOptions, McpClients, McpProgress, McpToolClient } from "./mcp-client";
export type {
  ExecutorEvent,
  ExecutorEventOf,
  ExecutorEventType,
  ExecutorHooks,
  ModelDeltaEvent,
  StrictFallbackEvent,
  ToolCallEndEvent,
  ToolCallErrorEvent,
  ToolCallProgressEvent,
  ToolCallDeniedEvent,
  ToolCallRejectedEvent,
  ToolCallStartEvent,
  ToolExcludedEvent,
  TurnEndEvent,
  TurnStartEvent,
} from "./hook-events";
