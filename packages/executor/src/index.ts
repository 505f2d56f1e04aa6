// The public surface of @x/executor.
export { executeToolCalls } from "./execute-tool-calls";
export { DEFAULT_CONCURRENCY } from "./execute-options";
export type { CallOutcome, ExecuteOptions, ExecuteResult } from "./execute-options";
export { DEFAULT_MAX_OUTPUT_BYTES, truncationMarker } from "./truncate-result";
export { prepareTools } from "./prepare-tools";
export type { PrepareToolsOptions } from "./prepare-tools";
export { DEFAULT_MAX_TURNS, runToolLoop } from "./run-tool-loop";
export type { ModelContext, ModelFunction, StopReason, ToolLoopOptions, ToolLoopResult, TranscriptEntry } from "./run-tool-loop";
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
  TurnEndEvent,
  TurnStartEvent,
} from "./hook-events";
