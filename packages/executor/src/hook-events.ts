import type { McpCallToolResult, PrepareReport, StreamDelta, ToolError } from "@x/toolset";
import type { RunUsage } from "./stop-when";

type StrictError = PrepareReport["fallbacks"][string];

/** Fields every event carries. */
interface EventBase {
  /**
   * When the event happened, in milliseconds since the Unix epoch, with
   * sub-millisecond precision (`performance.timeOrigin + performance.now()`,
   * as OpenTelemetry reads the time): a start time plus a duration is the end time.
   */
  readonly timestamp: number;
}

/** Fields every event about one call carries. */
interface CallEventBase extends EventBase {
  /**
   * Identifies one `executeToolCalls` run (one round of calls). With `callId`
   * it identifies a call even when two conversations reuse the same ids.
   */
  readonly executionId: string;
  /** The id the answer carries (Chat `id`, Responses `call_id`). */
  readonly callId: string;
  /** Position among the calls of the response (0-based). */
  readonly index: number;
}

/** Fields of the events of a call that resolved to a tool of the toolset. */
interface ToolCallEventBase extends CallEventBase {
  /** The exposed name the model called. */
  readonly name: string;
  /** The server that runs the tool. */
  readonly server: string;
  /** The tool's own name on that server. */
  readonly toolName: string;
}

/** A call is about to be sent to its server (emitted once per call, before its end or error event). */
export interface ToolCallStartEvent extends ToolCallEventBase {
  readonly type: "tool-call-start";
  /** The tool's (sanitised) description, when it has one. */
  readonly description?: string;
  /** The decoded arguments: only with `includeValues: true`. */
  readonly arguments?: { readonly [key: string]: unknown };
}

/**
 * A running call reported progress (an MCP `notifications/progress` for its
 * request). Only asked of the server when a `tool-call-progress` hook is set
 * or `resetTimeoutOnProgress` is on; never emitted after the call's end or error.
 */
export interface ToolCallProgressEvent extends ToolCallEventBase {
  readonly type: "tool-call-progress";
  /** How far the tool is, in its own unit; it increases with each report. */
  readonly progress: number;
  /** The `progress` the tool expects to reach, when it says. */
  readonly total?: number;
  /** What the tool is doing, when it says. */
  readonly message?: string;
}

/**
 * A running tool asked for input (MCP elicitation), and how it was answered:
 * by `elicit`, or declined without it. The values typed in are here only with
 * `includeValues: true`.
 */
export interface ToolCallElicitationEvent extends ToolCallEventBase {
  readonly type: "tool-call-elicitation";
  /** `"form"`: fill in `requestedSchema`; `"url"`: open `url` (the values never pass through the client). */
  readonly mode: "form" | "url";
  readonly message: string;
  readonly requestedSchema?: unknown;
  readonly url?: string;
  /** What went back: `accept`, `decline`, `cancel`; `pause` when the run waits; `invalid` when `elicit` failed. */
  readonly action: "accept" | "decline" | "cancel" | "pause" | "invalid";
  /** Why it was answered without `elicit`, as the model reads it. */
  readonly note?: string;
  /** The accepted form's values: only with `includeValues: true`. */
  readonly content?: { readonly [name: string]: unknown };
}

/** A call came back with a well-formed MCP result (which may be a tool-reported error, `isError: true`). */
export interface ToolCallEndEvent extends ToolCallEventBase {
  readonly type: "tool-call-end";
  /** When the call started (`timestamp` of its start event). */
  readonly startTime: number;
  readonly durationMs: number;
  /** The result's `isError`: the tool reported a failure in-band. */
  readonly isError: boolean;
  /** UTF-8 bytes of text cut by `maxOutputBytes` (0 when nothing was cut). */
  readonly truncatedBytes: number;
  /** The result as the server sent it (before any cut): only with `includeValues: true`. */
  readonly result?: McpCallToolResult;
}

/**
 * A call ended without a usable result: it threw, timed out, was aborted, its connection closed, or it returned
 * garbage.
 */
export interface ToolCallErrorEvent extends ToolCallEventBase {
  readonly type: "tool-call-error";
  /** When the call started (`timestamp` of its start event). */
  readonly startTime: number;
  readonly durationMs: number;
  /**
   * What went wrong; `error.code` is one of `tool-failed`, `malformed-result`, `timeout`, `aborted`,
   * `connection-closed`, `no-client`.
   */
  readonly error: ToolError;
}

/**
 * A call that was not run (unknown tool, bad arguments, unsupported or duplicate call); it is answered with an error
 * output.
 */
export interface ToolCallRejectedEvent extends CallEventBase {
  readonly type: "tool-call-rejected";
  /** The name as the model sent it (may be empty or unknown). */
  readonly name: string;
  readonly error: ToolError;
}

/**
 * `approve` did not allow a call (it answered `false` or `{ allow: false }`,
 * or it threw, rejected or gave no valid answer): the call was not run and is
 * answered with `error` (code `denied`).
 */
export interface ToolCallDeniedEvent extends ToolCallEventBase {
  readonly type: "tool-call-denied";
  /** The reason `approve` gave, shown to the model. */
  readonly reason?: string;
  /** What `approve` threw or rejected with, or the `TypeError` for an answer that is none of the valid ones. */
  readonly approvalError?: unknown;
  /** The answer's error, as the model receives it. */
  readonly error: ToolError;
  /** The decoded arguments: only with `includeValues: true`. */
  readonly arguments?: { readonly [key: string]: unknown };
}

/**
 * A piece of a streamed model answer arrived (`runToolLoop` with a model
 * function that streams): text, or a piece of a call's arguments, as the
 * adapter's `collectStream` passes it on through the context's `onDelta`.
 * Emitted only when a `model-delta` hook is set; setting one is asking for
 * these values.
 */
export interface ModelDeltaEvent extends EventBase {
  readonly type: "model-delta";
  readonly turn: number;
  readonly delta: StreamDelta;
}

/** Which tool had no strict form, and why: the fields of `strict-fallback` and `tool-excluded`. */
interface StrictProblemFields extends EventBase {
  /** The exposed name. */
  readonly name: string;
  readonly server: string;
  readonly toolName: string;
  /** Where, in the tool's input schema, the offending keyword is. */
  readonly path: StrictError["path"];
  /** The offending keyword or limit name. */
  readonly keyword: string;
  readonly message: string;
}

/** Under `strict: "auto"`, a tool without a strict form is sent with `strict: false` and its original schema. */
export interface StrictFallbackEvent extends StrictProblemFields {
  readonly type: "strict-fallback";
}

/**
 * Under `strict: true`, a tool without a strict form is left out of the
 * request: the model never sees it, and a call to it is answered as an
 * unknown tool.
 */
export interface ToolExcludedEvent extends StrictProblemFields {
  readonly type: "tool-excluded";
}

/** `runToolLoop` is about to call the model. */
export interface TurnStartEvent extends EventBase {
  readonly type: "turn-start";
  /** The `executionId` of the calls this turn runs. */
  readonly executionId: string;
  /** 1 for the first model call. */
  readonly turn: number;
  /** Items in the transcript sent to the model. */
  readonly inputLength: number;
}

/** A turn is over: the model answered and its calls were answered, or the model function threw. */
export interface TurnEndEvent extends EventBase {
  readonly type: "turn-end";
  /** The `executionId` of the calls this turn ran. */
  readonly executionId: string;
  readonly turn: number;
  readonly startTime: number;
  readonly durationMs: number;
  /** Calls run in this turn. */
  readonly callCount: number;
  /** Calls rejected (answered with an error without running) in this turn. */
  readonly rejectedCount: number;
  /** What the model function threw, when it did (the loop then rejects with it). */
  readonly error?: unknown;
  /** The tokens this turn's response reports using, when it reports any. */
  readonly usage?: RunUsage;
  /** The model that answered, when the response names it (`model`, or Gemini's `modelVersion`). */
  readonly model?: string;
  /** The API the turn spoke (`adapter.api`). */
  readonly api: string;
}

/** Every event the executor emits. */
export type ExecutorEvent =
  | ToolCallStartEvent
  | ToolCallProgressEvent
  | ToolCallElicitationEvent
  | ToolCallEndEvent
  | ToolCallErrorEvent
  | ToolCallRejectedEvent
  | ToolCallDeniedEvent
  | ModelDeltaEvent
  | StrictFallbackEvent
  | ToolExcludedEvent
  | TurnStartEvent
  | TurnEndEvent;

/** The event types, noun-verb. */
export type ExecutorEventType = ExecutorEvent["type"];

/** The event whose `type` is `T`. */
export type ExecutorEventOf<T extends ExecutorEventType> = Extract<ExecutorEvent, { readonly type: T }>;

/**
 * Functions called with one readonly event object each, keyed by event type.
 * A hook that throws or rejects never disturbs execution: its error is
 * swallowed. Hooks are not awaited.
 *
 * @example
 * ```ts
 * const hooks: ExecutorHooks = {
 *   "tool-call-end": (event) => metrics.observe(event.name, event.durationMs),
 *   "tool-call-error": (event) => logger.warn(`${event.name}: ${event.error.code}`),
 * };
 * ```
 */
export type ExecutorHooks = {
  readonly [T in ExecutorEventType]?: (event: ExecutorEventOf<T>) => void | PromiseLike<void>;
};
