// The Conversation view: one user message, then runToolLoop with the official
// client of the API chosen (or the scripted model, scripted-model/, in the
// same client shape) until the model answers without calling a tool. Each
// request streams, collected by the adapter's `collectStream`, so the page
// sees the text and the calls' arguments as they arrive; each call goes
// through the approval policy the page chose. conversation-loops.ts holds
// what differs from one API to the next.
import { combineHooks } from "@x/executor";
import type { ExecutorHooks } from "@x/executor";
import type { ChatRequest, ChatResponse, ChatTurn, Json } from "../shared/api-types";
import { liveApprove, parseApproval } from "./approval-policy";
import { capStrings, MAX_KEPT_BYTES } from "./cap-text";
import { conversationLoop } from "./conversation-loops";
import type { LoopOutcome } from "./conversation-loops";
import { createRecorder } from "./event-recorder";
import { parseRunId } from "./live-run";
import type { LiveRun } from "./live-run";
import { modelErrorOf } from "./model-error";
import { isConversationApi, settingsFor } from "./model-providers";
import type { ModelSettings } from "./model-providers";
import { SCRIPTED_MODEL } from "../shared/scripted-model";
import { toJson } from "./to-json";
import type { Toolbox } from "./toolbox";
import { parseStrictSetting, strictMode } from "./tools-view";

/** The most model calls for one user message. */
export const MAX_TURNS = 8;

/** How long one tool call of a conversation may take. */
const CALL_TIMEOUT_MS = 60_000;

/**
 * The request, checked, or what is wrong with it.
 *
 * @example
 * ```ts
 * parseChatRequest({ api: "responses", strict: "auto", model: "gpt-4.1-mini", message: "hi", transcript: [] });
 * ```
 */
export function parseChatRequest(body: unknown): ChatRequest | string {
  if (typeof body !== "object" || body === null) return "Send { api, strict, model, message, transcript }.";
  const { api, strict, model, message, transcript, runId, approval } = body as { [key: string]: unknown };
  if (!isConversationApi(api)) return 'api must be "chat", "responses", "anthropic" or "gemini".';
  const setting = parseStrictSetting(strict);
  if (setting === undefined) return 'strict must be "auto", "true" or "false".';
  if (typeof model !== "string" || model.trim() === "") return "model must be a model name.";
  if (typeof message !== "string" || message.trim() === "") return "message must be some text.";
  if (!Array.isArray(transcript)) return "transcript must be the list the previous answer returned, or [].";
  const live = parseRunId(runId);
  if (typeof live === "string") return live;
  const policy = parseApproval(approval, live.runId);
  if (typeof policy === "string") return policy;
  return { api, strict: setting, model: model.trim(), message, transcript: transcript as Json[], ...live, ...policy };
}

/**
 * The `model-delta` hook of a followed run: each piece goes to the page, up to
 * `MAX_KEPT_BYTES` per turn (the answer is capped as much; a model can stream
 * megabytes). The piece that crosses the limit is cut, with the playground's
 * marker; later ones of the turn are not sent. Nothing without a page
 * following the run.
 */
function deltaHooks(live: LiveRun): ExecutorHooks {
  const { onModelDelta } = live;
  if (onModelDelta === undefined) return {};
  const used = new Map<number, number>();
  return {
    "model-delta": ({ turn, delta }) => {
      const sent = used.get(turn) ?? 0;
      const room = MAX_KEPT_BYTES - sent;
      if (room <= 0) return;
      const bytes = Buffer.byteLength(delta.delta);
      used.set(turn, sent + bytes);
      const piece = bytes <= room ? delta.delta : (capStrings(delta.delta, room).value as string);
      onModelDelta(turn, { ...delta, delta: piece });
    },
  };
}

/** Why the loop stopped, as a sentence: "Done: …" when the model answered, else "Stopped: …". */
function stopWords(outcome: LoopOutcome): string {
  if ("error" in outcome) return "Stopped: the model request failed.";
  switch (outcome.stopReason) {
    case "completed":
      return "Done: the model answered, calling no more tools.";
    case "max-turns":
      return `Stopped: the turn limit (${MAX_TURNS} model calls) was reached.`;
    case "aborted":
      return "Stopped: you stopped it (the calls in flight or waiting for approval were answered as cancelled).";
    case "incomplete":
      return `Stopped: the model did not finish its answer (${outcome.incomplete ?? "the API gave no reason"}).`;
    // (the conversation neither pauses nor sets stop conditions: the page answers each call and each request)
    case "needs-approval":
    case "needs-input":
    case "stop-when":
      return `Stopped: ${outcome.stopReason}.`;
    default: {
      const _exhaustive: never = outcome.stopReason;
      return _exhaustive;
    }
  }
}

/**
 * Sends `request.message` after the transcript and runs the tool loop in the
 * request's API until the model answers without tool calls (or
 * {@link MAX_TURNS}). Every text of the answer (a message, a call's
 * arguments, an output, in the turns and in the transcript) is kept to
 * `MAX_KEPT_BYTES` (cap-text.ts), and `cutBytes` says how much was cut. A
 * model error (bad key, unknown model, server down) comes back as
 * `modelError`, with the transcript as it was before the message, so the user
 * can try again.
 *
 * @example
 * ```ts
 * const answer = await runConversation(
 *   toolbox,
 *   { openai: { apiKey } },
 *   { api: "chat", strict: "auto", model: "gpt-4.1-mini", message: "Divide 1 by 0", transcript: [] },
 * );
 * ```
 */
export async function runConversation(
  toolbox: Toolbox,
  settings: ModelSettings,
  request: ChatRequest,
  live: LiveRun = {},
): Promise<ChatResponse> {
  const recorder = createRecorder(live.onEvent);
  const outcome = await conversationLoop(request.api, {
    common: {
      servers: toolbox,
      hooks: combineHooks(recorder.hooks, deltaHooks(live)),
      approve: liveApprove(request.approval ?? "run-everything", live),
      ...(live.elicit === undefined ? {} : { elicit: live.elicit }),
      maxTurns: MAX_TURNS,
      timeoutMs: CALL_TIMEOUT_MS,
      ...(live.signal === undefined ? {} : { signal: live.signal }),
    },
    strict: strictMode(request.strict),
    model: request.model,
    transcript: request.transcript,
    message: request.message,
    // The scripted model answers in the same client shape: no key, no network.
    scripted: request.model === SCRIPTED_MODEL,
    settings: settingsFor(settings, request.api),
  });
  // After a model error the transcript stays as it was before the message: the user can try again.
  const modelError = "error" in outcome ? modelErrorOf(outcome.error) : null;
  const transcript = "error" in outcome ? request.transcript : outcome.transcript;
  // What the page gets and sends back is capped: a model can answer with megabytes.
  const kept = capStrings({ transcript: transcript.map(toJson), turns: outcome.turns as unknown as Json });
  const { transcript: keptTranscript, turns: keptTurns } = kept.value as { transcript: Json[]; turns: Json };
  const turns = keptTurns as unknown as ChatTurn[];
  return {
    transcript: keptTranscript,
    turns,
    cutBytes: kept.cutBytes,
    finalText: modelError === null ? (turns.at(-1)?.text ?? null) : null,
    stopReason: stopWords(outcome),
    events: recorder.events(),
    modelError,
  };
}
