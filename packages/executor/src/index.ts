// @x/executor: for anyone running a model's tool calls on MCP servers.
//
// One round (`executeToolCalls`), the whole loop with a model function of
// yours (`runToolLoop`), pause and resume for approvals (`resumeToolLoop`),
// and the hooks. OpenTelemetry tracing is the `@x/executor/otel` entry, so
// that `@opentelemetry/api` loads only there.
export { executeToolCalls } from "./execute-tool-calls";
export { DEFAULT_CONCURRENCY, DEFAULT_MAX_OUTPUT_BYTES } from "./execute-options";
export type { ExecuteOptions } from "./execute-options";
export type { AwaitingInput, ExecuteResult } from "./run-round";
export type { CallOutcome } from "./answer-call";
export { DEFAULT_MAX_TURNS, runToolLoop } from "./run-tool-loop";
export type {
  AdapterOutput,
  AdapterTool,
  AdapterToolOptions,
  LoopServers,
  ModelContext,
  ModelFunction,
  StopReason,
  ToolLoopOptions,
  ToolLoopResult,
  TranscriptEntry,
} from "./run-tool-loop";
export { toolCalled, usageAtLeast } from "./stop-when";
export type { FinishedTurn, RunUsage, StopCondition, StopWhen } from "./stop-when";
export type { TurnInfo, TurnToolNames } from "./turn-tools";
export { resumeToolLoop } from "./resume-tool-loop";
export type { ResumeOptions } from "./resume-tool-loop";
export { TOOL_LOOP_STATE_FORMAT } from "./loop-state";
export type { AnsweredCall, ApprovalDecisions, InputAnswers, ToolLoopState } from "./loop-state";
export type {
  ElicitationAnswer,
  ElicitationRequest,
  ElicitationSchema,
  ElicitFunction,
  ElicitResult,
} from "./mcp/elicitation-request";
export { annotationPolicy } from "./annotation-policy";
export type { AnnotationPolicyOptions } from "./annotation-policy";
export type { ApprovalAnswer, ApprovalRequest, ApproveFunction, McpToolAnnotations } from "./approve-calls";
export { combineHooks } from "./combine-hooks";
export type { McpClients, McpToolClient } from "./mcp-client";
export type {
  ExecutorEvent,
  ExecutorEventOf,
  ExecutorEventType,
  ExecutorHooks,
  ModelDeltaEvent,
  StrictFallbackEvent,
  ToolCallDeniedEvent,
  ToolCallElicitationEvent,
  ToolCallEndEvent,
  ToolCallErrorEvent,
  ToolCallProgressEvent,
  ToolCallRejectedEvent,
  ToolCallStartEvent,
  ToolExcludedEvent,
  TurnEndEvent,
  TurnStartEvent,
} from "./hook-events";
