// Runs one tool call on an MCP client of either SDK generation and any
// protocol era: the call's signal, time limit and progress reach the SDK in
// its own call shape; requests for input go to the call's own `elicit`; a
// tool that must run as a task is polled to its result.
import { ToolError } from "@x/toolset";
import { canAbort, createCallSession } from "./call-session";
import type { CallSession } from "./call-session";
import { readElicitationRequest } from "./elicitation-request";
import type { ElicitationRecord, ElicitFunction, ElicitResult } from "./elicitation-request";
import { finishPausedRound, runInputRequiredRounds } from "./input-required-rounds";
import type { PendingElicitation, RoundsCall, RoundsEnd, RoundState } from "./input-required-rounds";
import { trackLegacyCall } from "./legacy-elicitation";
import { canSendRequests, mcpConnection, sendCallTool, serverCapabilities } from "./mcp-connection";
import type { McpProgress, McpToolClient, SdkRequestOptions } from "./mcp-connection";
import { requiresTask, runTaskCall } from "./task-call";

/** One call: where it runs, its id, and what goes to the server. */
export interface McpCall {
  readonly server: string;
  readonly callId: string;
  /** The tool's name on its server. */
  readonly name: string;
  readonly arguments?: { readonly [key: string]: unknown } | undefined;
}

/**
 * What a call reads of the tool's `tools/list` entry: a `Tool` of either SDK
 * generation, or a toolset's tool, fits as it is.
 */
export interface McpToolDefinition {
  readonly name: string;
  /** `{ taskSupport: "required" | "optional" | "forbidden" }` (protocol 2025-11-25 tasks). */
  readonly execution?: unknown;
  readonly outputSchema?: unknown;
}

/** Options of {@link callMcpTool} and {@link resumeMcpToolCall}. */
export interface CallMcpToolOptions {
  /** Aborting it cancels the call: the SDK tells the server, and the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /**
   * The SDK's timeout of each request of the call (its default is 60 s); a
   * task is polled within it as a whole. Time a person takes to answer a
   * form counts only where the server holds the request open (protocols
   * before 2026-07-28). The call's own deadline is the caller's `signal`.
   */
  readonly timeoutMs?: number | undefined;
  /** Each progress report restarts `timeoutMs` (the SDK's `resetTimeoutOnProgress`). */
  readonly resetTimeoutOnProgress?: boolean | undefined;
  /** Each progress report of the running tool; given, the SDK asks the server for progress. */
  readonly onProgress?: ((progress: McpProgress) => void) | undefined;
  /** Answers the tool's requests for input; without it each is declined at once (see {@link ElicitFunction}). */
  readonly elicit?: ElicitFunction | undefined;
  /** Each request for input and how it was answered (a throw is ignored). */
  readonly onElicitation?: ((record: ElicitationRecord) => void) | undefined;
  /**
   * The tool as `tools/list` gave it: whether it must run as a task
   * (`execution.taskSupport: "required"`), and, on protocol 2026-07-28, the
   * definition the v2 SDK reads instead of its cache.
   */
  readonly tool?: McpToolDefinition | undefined;
}

/**
 * A call that waits for a person: plain JSON, to be stored until
 * {@link resumeMcpToolCall} is given the answers. Possible on protocol
 * 2026-07-28, where the server carries the call's state in `requestState`
 * and a retry needs nothing else.
 */
export interface PausedMcpCall extends McpCall {
  /** The server's opaque state, sent back byte for byte. */
  readonly requestState?: string;
  /** Answers given in this round so far, by the server's key. */
  readonly answers: { readonly [key: string]: ElicitResult };
  /** The requests waiting for a person, in the order to ask them. */
  readonly pending: readonly PendingElicitation[];
}

/**
 * How a call ended: the tool's raw result (check it before use), or paused
 * for a person's answer. `notes` are sentences for the model about requests
 * for input answered without a person (why they were declined).
 */
export type McpCallOutcome =
  | { readonly status: "complete"; readonly result: unknown; readonly notes: readonly string[] }
  | { readonly status: "paused"; readonly paused: PausedMcpCall; readonly notes: readonly string[] };

/**
 * Runs `call` on `client`, a `Client` of either MCP SDK generation (see
 * {@link McpToolClient}). Rejects with what the client threw (the caller maps
 * it), a `ToolError` (`timeout` of a task, `tool-failed` of a failed task,
 * `invalid-options` when `elicit` answers something that does not fit), or
 * the signal's reason as soon as `signal` aborts.
 *
 * @param client - a connected client
 * @param call - the server, call id, tool name and arguments
 * @param options - signal, time limit, progress, `elicit`
 * @returns the outcome
 * @example
 * ```ts
 * const call = { server: "files", callId: "call_1", name: "delete", arguments: { path: "notes.txt" } };
 * const outcome = await callMcpTool(client, call, {
 *   signal: AbortSignal.timeout(30_000),
 *   elicit: (request) =>
 *     request.mode === "form" ? { action: "accept", content: { confirm: true } } : { action: "decline" },
 * });
 * if (outcome.status === "complete") console.log(outcome.result, outcome.notes);
 * ```
 */
export function callMcpTool(
  client: McpToolClient,
  call: McpCall,
  options: CallMcpToolOptions = {},
): Promise<McpCallOutcome> {
  return running(call, options, (session, leg) => {
    const connection = mcpConnection(client);
    if (connection.era === "modern") {
      return runInputRequiredRounds({
        client,
        connection,
        params: toolParams(call),
        session,
        leg: modernLeg(leg, options),
      });
    }
    return legacyCall({ client, connection, params: toolParams(call), session, leg }, options);
  });
}

/**
 * Resumes a call paused for a person's answer: `answers` (by the keys in
 * `paused.pending`) are checked like `elicit`'s, the requests they leave open
 * go to `options.elicit`, and the call is retried with them. It may pause
 * again.
 *
 * @param client - a connected client of the same server, on protocol 2026-07-28
 * @param paused - the state {@link callMcpTool} returned, as stored
 * @param answers - MCP results by request key (`{ action: "accept", content }` …)
 * @param options - as for {@link callMcpTool}
 * @returns the outcome
 * @example
 * ```ts
 * const key = stored.pending[0].key;
 * const outcome = await resumeMcpToolCall(client, stored, { [key]: { action: "accept", content: { name: "Ada" } } });
 * ```
 */
export async function resumeMcpToolCall(
  client: McpToolClient,
  paused: PausedMcpCall,
  answers: { readonly [key: string]: unknown },
  options: CallMcpToolOptions = {},
): Promise<McpCallOutcome> {
  const checked = checkPaused(paused, answers);
  const connection = mcpConnection(client);
  if (connection.era !== "modern") {
    throw new ToolError(
      "invalid-options",
      `The paused call ${checked.callId} cannot resume: its client's connection speaks a protocol before 2026-07-28, ` +
        "whose servers cannot take an answer later. Resume it on a client connected with protocol 2026-07-28.",
    );
  }
  const state: RoundState = {
    answers: checked.answers,
    ...(checked.requestState !== undefined ? { requestState: checked.requestState } : {}),
  };
  return await running(checked, options, async (session, leg) => {
    const finished = await finishPausedRound(checked.pending, state, session, answers);
    if (finished.pending.length > 0) return { kind: "paused", state: finished.state, pending: finished.pending };
    return await runInputRequiredRounds(
      { client, connection, params: toolParams(checked), session, leg: modernLeg(leg, options) },
      finished.state,
    );
  });
}

/**
 * Runs `work` as one call: a session that stops on the caller's signal or a
 * failure, the SDK request options, and the outcome with the call's notes.
 */
async function running(
  call: McpCall,
  options: CallMcpToolOptions,
  work: (session: CallSession, leg: SdkRequestOptions) => Promise<RoundsEnd>,
): Promise<McpCallOutcome> {
  const origin = { server: call.server, tool: call.name, callId: call.callId };
  const { session, stopped, dispose } = createCallSession(origin, {
    elicit: options.elicit,
    onElicitation: options.onElicitation,
    signal: options.signal,
  });
  try {
    if (session.signal.aborted) throw session.signal.reason;
    const working = work(session, requestOptions(session.signal, options));
    let end: RoundsEnd;
    if (canAbort(session.signal)) {
      // Whatever the abandoned request does after the call stopped is ignored.
      working.catch(() => undefined);
      end = await Promise.race([working, stopped]);
    } else {
      end = await working;
    }
    const notes = [...session.notes];
    if (end.kind === "complete") return { status: "complete", result: end.result, notes };
    const paused: PausedMcpCall = {
      server: call.server,
      callId: call.callId,
      name: call.name,
      ...(call.arguments !== undefined ? { arguments: call.arguments } : {}),
      ...(end.state.requestState !== undefined ? { requestState: end.state.requestState } : {}),
      answers: end.state.answers,
      pending: end.pending,
    };
    return { status: "paused", paused, notes };
  } finally {
    dispose();
  }
}

/** A call on a connection before 2026-07-28: plain, or as a task when the tool requires one. */
async function legacyCall(call: RoundsCall, options: CallMcpToolOptions): Promise<RoundsEnd> {
  const { client, connection, params, session, leg } = call;
  const untrack = trackLegacyCall(client, connection, session);
  try {
    const result =
      requiresTask(options.tool, serverCapabilities(client)) && canSendRequests(client)
        ? await runTaskCall(client, params, session, {
            timeoutMs: options.timeoutMs,
            resetTimeoutOnProgress: options.resetTimeoutOnProgress === true,
            onProgress: options.onProgress,
          })
        : await sendCallTool(client, connection, params, leg);
    return { kind: "complete", result };
  } finally {
    untrack();
  }
}

function toolParams(call: McpCall): { name: string; arguments?: { readonly [key: string]: unknown } } {
  return call.arguments === undefined ? { name: call.name } : { name: call.name, arguments: call.arguments };
}

/**
 * The SDK options of the call's requests. Progress is asked for only when
 * someone listens or the timeout restarts on it.
 */
function requestOptions(signal: AbortSignal, options: CallMcpToolOptions): SdkRequestOptions {
  const { timeoutMs, resetTimeoutOnProgress = false, onProgress } = options;
  const leg: SdkRequestOptions = canAbort(signal) ? { signal } : {};
  if (timeoutMs !== undefined) leg.timeout = timeoutMs;
  if (onProgress !== undefined || resetTimeoutOnProgress) {
    leg.onprogress = (progress) => {
      if (!signal.aborted) onProgress?.(progress);
    };
    if (resetTimeoutOnProgress) leg.resetTimeoutOnProgress = true;
  }
  return leg;
}

/**
 * On protocol 2026-07-28 the v2 `callTool` checks a cached output schema
 * after each request, so an `input_required` round of a tool with one would
 * fail as "no structured content". Given the tool, its definition without the
 * output schema goes along instead: the SDK's header mirroring still reads its
 * input schema, and the result is checked by the caller.
 */
function modernLeg(leg: SdkRequestOptions, options: CallMcpToolOptions): SdkRequestOptions {
  if (options.tool === undefined) return leg;
  const { outputSchema: _outputSchema, ...definition } = options.tool;
  return { ...leg, toolDefinition: definition };
}

/** Checks a stored paused call before any request: it is data, not instructions. */
function checkPaused(paused: PausedMcpCall, answers: { readonly [key: string]: unknown }): PausedMcpCall {
  const bad = (why: string): ToolError =>
    new ToolError("invalid-options", `The paused call cannot resume: ${why}. Pass the state callMcpTool returned.`);
  const value = paused as Partial<{ [key in keyof PausedMcpCall]: unknown }> | null;
  if (typeof value !== "object" || value === null) throw bad("it is not an object");
  const { server, callId, name, requestState, pending } = value;
  if (typeof server !== "string" || typeof callId !== "string" || typeof name !== "string") {
    throw bad("it names no server, call id and tool");
  }
  if (value.arguments !== undefined && (typeof value.arguments !== "object" || value.arguments === null)) {
    throw bad("its arguments are not an object");
  }
  if (requestState !== undefined && typeof requestState !== "string") throw bad("its requestState is not a string");
  if (typeof value.answers !== "object" || value.answers === null) throw bad("its answers are not an object");
  if (!Array.isArray(pending) || pending.length === 0) throw bad("it has no request waiting for an answer");
  const keys = new Set<string>();
  const requests = pending.map((entry: unknown) => {
    const { key, request } = (entry ?? {}) as { key?: unknown; request?: unknown };
    const read = typeof key === "string" ? readElicitationRequest(request, { server, tool: name, callId }) : undefined;
    if (read === undefined || "problem" in read) throw bad("one of its waiting requests cannot be read");
    keys.add(key as string);
    return { key: key as string, request: read.request };
  });
  for (const key of Object.keys(answers)) {
    if (!keys.has(key)) throw bad(`an answer was given for ${JSON.stringify(key)}, which no request waits for`);
  }
  return { ...paused, pending: requests };
}
