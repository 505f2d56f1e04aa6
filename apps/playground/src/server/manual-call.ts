// The Run view's call: the user plays the model. Their call goes through the
// real `executeToolCalls` with the chosen API's adapter, on the servers'
// clients; what the MCP server received and answered is read from the
// executor's events.
import { randomBytes } from "node:crypto";
import { combineHooks, executeToolCalls } from "@x/executor";
import type { CallOutcome, ExecutorHooks } from "@x/executor";
import { toolCalls as chatToolCalls, toolOutput as chatToolOutput, tools as chatTools } from "@x/openai-chat";
import type { ChatAssistantMessage, ChatToolMessage } from "@x/openai-chat";
import {
  toolCalls as responsesToolCalls,
  toolOutput as responsesToolOutput,
  tools as responsesTools,
} from "@x/openai-responses";
import type { ResponsesAnswer } from "@x/openai-responses";
import { isToolError } from "@x/toolset";
import type { CallRequest, CallResponse, Json, TimelineEvent } from "../shared/api-types";
import { liveApprove, parseApproval } from "./approval-policy";
import { createRecorder } from "./event-recorder";
import type { EventRecorder } from "./event-recorder";
import { parseRunId } from "./live-run";
import type { LiveRun } from "./live-run";
import { watchOutgoing } from "./outgoing-messages";
import { toJson } from "./to-json";
import type { ServerClient, Toolbox } from "./toolbox";
import { encodedOf, parseStrictSetting, strictMode } from "./tools-view";

/** How long one call of the Run view may take before it is cancelled. */
export const CALL_TIMEOUT_MS = 60_000;

/**
 * The request, checked, or what is wrong with it.
 *
 * @example
 * ```ts
 * parseCallRequest({ tool: "demo__divide", arguments: "{}", strict: "auto", api: "chat" });
 * ```
 */
export function parseCallRequest(body: unknown): CallRequest | string {
  if (typeof body !== "object" || body === null) return "Send { tool, arguments, strict, api }.";
  const { tool, arguments: args, strict, api, runId, approval } = body as { [key: string]: unknown };
  if (typeof tool !== "string") return "tool must be the exposed name of a tool (a string).";
  if (typeof args !== "string") return "arguments must be the JSON text the model would send (a string).";
  const setting = parseStrictSetting(strict);
  if (setting === undefined) return 'strict must be "auto", "true" or "false".';
  if (api !== "chat" && api !== "responses") return 'api must be "chat" or "responses".';
  const live = parseRunId(runId);
  if (typeof live === "string") return live;
  const policy = parseApproval(approval, live.runId);
  if (typeof policy === "string") return policy;
  return { tool, arguments: args, strict: setting, api, ...live, ...policy };
}

/** What went over the wire to the MCP server for the one call. */
interface Wire {
  sent: { server: string; params: Json } | null;
  result: Json;
}

/**
 * Hooks that read what the server received and answered from the executor's
 * own events (the call runs with `includeValues`, on the servers' clients as
 * they are, so tasks and requests for input work as in any run).
 */
function wireHooks(wire: Wire): ExecutorHooks {
  return {
    "tool-call-start": (event) => {
      const args = event.arguments === undefined ? {} : { arguments: toJson(event.arguments) };
      wire.sent = { server: event.server, params: { name: event.toolName, ...args } };
    },
    "tool-call-end": (event) => {
      wire.result = toJson(event.result ?? null);
    },
  };
}

/**
 * Notes the cancellation the SDK really sent when the call is aborted (into
 * the telemetry): the `notifications/cancelled` for its `tools/call`, or the
 * `tasks/cancel` of a tool that runs as a task. Returns how to stop watching.
 */
function watchCancellation(client: ServerClient | undefined, server: string, recorder: EventRecorder): () => void {
  if (client === undefined) return () => {};
  let requestId: string | number | undefined;
  return watchOutgoing(client, (message) => {
    if (!("method" in message)) return;
    if (message.method === "tools/call" && "id" in message && requestId === undefined) requestId = message.id;
    const cancelled = message.method === "notifications/cancelled" && message.params?.["requestId"] === requestId;
    if (cancelled || message.method === "tasks/cancel") {
      const what = cancelled
        ? `notifications/cancelled sent to server "${server}" for request ${String(requestId)}: ` +
          `${JSON.stringify(message.params?.["reason"] ?? "")}`
        : `tasks/cancel sent to server "${server}" for task ${JSON.stringify(message.params?.["taskId"] ?? "")}`;
      recorder.note("mcp-cancelled", what, toJson(message));
    }
  });
}

/** Why the call was denied (the reason of its `tool-call-denied` event, if any) and what the model reads. */
function deniedOf(events: readonly TimelineEvent[], message: string): NonNullable<CallResponse["denied"]> {
  const denied = events.find((event) => event.type === "tool-call-denied")?.event;
  const reason = typeof denied === "object" && denied !== null && !Array.isArray(denied) ? denied["reason"] : null;
  return { reason: typeof reason === "string" ? reason : null, message };
}

/**
 * Runs one call written by the user and returns every step of it.
 *
 * @example
 * ```ts
 * const steps = await runManualCall(toolbox, {
 *   tool: "demo__divide",
 *   arguments: '{"dividend":1,"divisor":0}',
 *   strict: "auto",
 *   api: "responses",
 * });
 * ```
 */
export async function runManualCall(toolbox: Toolbox, request: CallRequest, live: LiveRun = {}): Promise<CallResponse> {
  const { toolset } = toolbox;
  const strict = strictMode(request.strict);
  // Both APIs' tools, prepared alike: the call runs through the chosen one, its answer is shown in both.
  const chatPrepared = chatTools(toolset, { strict });
  const responsesPrepared = responsesTools(toolset, { strict });
  const { report } = chatPrepared;
  const callId = `call_${randomBytes(12).toString("base64url")}`;
  const chatMessage: ChatAssistantMessage = {
    role: "assistant",
    content: null,
    tool_calls: [{ id: callId, type: "function", function: { name: request.tool, arguments: request.arguments } }],
  };
  const responsesItem = {
    type: "function_call",
    id: `fc_${randomBytes(12).toString("hex")}`,
    call_id: callId,
    name: request.tool,
    arguments: request.arguments,
    status: "completed",
  } as const;

  const recorder = createRecorder(live.onEvent);
  const wire: Wire = { sent: null, result: null };
  const { clients } = toolbox;
  const server = toolset.resolve(request.tool)?.server;
  const options = {
    hooks: combineHooks(recorder.hooks, wireHooks(wire)),
    // The values go to the wire hooks; the timeline leaves them out (event-recorder.ts).
    includeValues: true,
    approve: liveApprove(request.approval ?? "run-everything", live),
    // A tool's requests for input go to the page; with nobody following the call, they are declined at once.
    ...(live.elicit === undefined ? {} : { elicit: live.elicit }),
    timeoutMs: CALL_TIMEOUT_MS,
    ...(live.signal === undefined ? {} : { signal: live.signal }),
  };
  const stopWatching = watchCancellation(
    server === undefined ? undefined : clients.get(server),
    server ?? "",
    recorder,
  );

  // The chosen API's adapter runs the call; the other API's output is made by
  // its own adapter from the same outcome, so the tool runs once.
  let outcome: CallOutcome<unknown> | undefined;
  let chatOutput: ChatToolMessage | undefined;
  let responsesOutput: ResponsesAnswer | undefined;
  try {
    if (request.api === "chat") {
      const run = await executeToolCalls(chatMessage, chatPrepared, clients, options);
      outcome = run.outcomes[0];
      chatOutput = run.outputs[0];
      if (outcome?.kind === "call" || outcome?.kind === "denied")
        responsesOutput = responsesToolOutput(outcome.call, outcome.outcome, responsesPrepared.output);
      if (outcome?.kind === "rejected")
        responsesOutput = responsesToolCalls([responsesItem], responsesPrepared).rejected[0]?.output;
    } else {
      const run = await executeToolCalls([responsesItem], responsesPrepared, clients, options);
      outcome = run.outcomes[0];
      responsesOutput = run.outputs[0];
      if (outcome?.kind === "call" || outcome?.kind === "denied")
        chatOutput = chatToolOutput(outcome.call, outcome.outcome, chatPrepared.output);
      if (outcome?.kind === "rejected") chatOutput = chatToolCalls(chatMessage, chatPrepared).rejected[0]?.output;
    }
  } finally {
    stopWatching();
  }

  const failure = outcome?.kind === "call" && isToolError(outcome.outcome) ? outcome.outcome : undefined;
  return {
    callId,
    api: request.api,
    modelCall: { chat: toJson(chatMessage), responses: toJson(responsesItem) },
    rejected: outcome?.kind === "rejected" ? { code: outcome.outcome.code, message: outcome.outcome.message } : null,
    denied: outcome?.kind === "denied" ? deniedOf(recorder.events(), outcome.outcome.message) : null,
    sent: wire.sent,
    result: wire.result,
    transportError: failure === undefined ? null : `${failure.code}: ${failure.message}`,
    outputs: { chat: toJson(chatOutput ?? null), responses: toJson(responsesOutput ?? null) },
    events: recorder.events(),
    encoded: encodedOf(report.encoded[request.tool]),
  };
}
