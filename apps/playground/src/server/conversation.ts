// The Conversation view: one user message, then runToolLoop with the official
// openai client (or the scripted model, scripted-model/, in the same client
// shape) until the model answers without calling a tool. Each request
// streams (`stream: true`), collected by the adapter's `collectStream`, so the
// page sees the text and the calls' arguments as they arrive; each call goes
// through the approval policy the page chose.
import { combineHooks, runToolLoop } from "@x/executor";
import type { ExecutorHooks } from "@x/executor";
import { adapter as chatAdapter, collectStream as collectChatStream } from "@x/openai-chat";
import { adapter as responsesAdapter, collectStream as collectResponsesStream } from "@x/openai-responses";
import OpenAI from "openai";
import type { ChatCompletionChunk, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Response, ResponseInputItem } from "openai/resources/responses/responses";
import type { ChatStreamCompletion, ChatToolMessage } from "@x/openai-chat";
import type { ResponsesAnswer } from "@x/openai-responses";
import type { ChatRequest, ChatResponse, ChatTurn, Json } from "../shared/api-types";
import { liveApprove, parseApproval } from "./approval-policy";
import { readTurns } from "./conversation-turns";
import type { TurnReader } from "./conversation-turns";
import { capStrings, MAX_KEPT_BYTES } from "./cap-text";
import { createRecorder } from "./event-recorder";
import { parseRunId } from "./live-run";
import type { LiveRun } from "./live-run";
import type { ModelClient } from "./model-client";
import { scriptedClient } from "./scripted-model/scripted-client";
import { SCRIPTED_MODEL } from "../shared/scripted-model";
import { toJson } from "./to-json";
import type { Toolbox } from "./toolbox";
import { parseStrictSetting, strictMode } from "./tools-view";

/** Where the model is. The key stays here: the page only learns whether there is one. */
export interface OpenAiSettings {
  readonly apiKey?: string;
  readonly baseURL?: string;
  /** The model the page starts with. */
  readonly model?: string;
}

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
  if (api !== "chat" && api !== "responses") return 'api must be "chat" or "responses".';
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

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A completion as collectStream makes it from a streamed one. */
type ChatCompletion = ChatStreamCompletion<ChatCompletionChunk>;

/** Chat Completions: the completion's message text; a tool message's content is text already. */
const chatReader: TurnReader<ChatCompletion, ChatToolMessage> = {
  adapter: chatAdapter,
  text: (completion) => completion.choices[0]?.message.content || null,
  returned: (output) => output.content,
};

/** Responses: the SDK's `output_text`; an output's text parts, images as a placeholder. */
const responsesReader: TurnReader<Response, ResponsesAnswer> = {
  adapter: responsesAdapter,
  text: (response) => response.output_text || null,
  returned: (output) => {
    if (output.type === "tool_search_output") return `${output.tools.length} tool definition(s) found`;
    if (typeof output.output === "string") return output.output;
    return output.output
      .map((part) =>
        "text" in part ? part.text : "type" in part ? `[${part.type.replace("input_", "")}]` : part.stdout,
      )
      .join(" ");
  },
};

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

function modelErrorOf(error: unknown): { status: number | null; message: string } {
  if (error instanceof OpenAI.APIError) {
    // The body's own message, without the status the SDK puts in front of it.
    const body: unknown = error.error;
    const message = isRecord(body) && typeof body["message"] === "string" ? body["message"] : error.message;
    return { status: typeof error.status === "number" ? error.status : null, message };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Sends `request.message` after the transcript and runs the tool loop until
 * the model answers without tool calls (or {@link MAX_TURNS}). Every text
 * of the answer (a message, a call's arguments, an output, in the turns and
 * in the transcript) is kept to `MAX_KEPT_BYTES` (cap-text.ts), and
 * `cutBytes` says how much was cut. A model error
 * (bad key, unknown model, server down) comes back as `modelError`, with the
 * transcript as it was before the message, so the user can try again.
 *
 * @example
 * ```ts
 * const answer = await runConversation(
 *   toolbox,
 *   { apiKey },
 *   { api: "chat", strict: "auto", model: "gpt-4.1-mini", message: "Divide 1 by 0", transcript: [] },
 * );
 * ```
 */
export async function runConversation(
  toolbox: Toolbox,
  settings: OpenAiSettings,
  request: ChatRequest,
  live: LiveRun = {},
): Promise<ChatResponse> {
  // The scripted model answers here, in the same client shape: no key, no network.
  const openai: ModelClient =
    request.model === SCRIPTED_MODEL
      ? scriptedClient
      : new OpenAI({
          apiKey: settings.apiKey,
          ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
          maxRetries: 1,
          timeout: 120_000,
        });
  const recorder = createRecorder(live.onEvent);
  const strict = strictMode(request.strict);
  const common = {
    servers: toolbox,
    tools: { strict },
    hooks: combineHooks(recorder.hooks, deltaHooks(live)),
    approve: liveApprove(request.approval ?? "run-everything", live),
    ...(live.elicit === undefined ? {} : { elicit: live.elicit }),
    maxTurns: MAX_TURNS,
    timeoutMs: CALL_TIMEOUT_MS,
    ...(live.signal === undefined ? {} : { signal: live.signal }),
  };
  let transcript: readonly unknown[];
  let stopReason: string;
  let modelError: ChatResponse["modelError"] = null;
  const inputLength = request.transcript.length + 1;
  const chatResponses: ChatCompletion[] = [];
  const responsesResponses: Response[] = [];
  const { toolset } = toolbox;
  /** The turns so far, read back; after a model error there is no loop transcript, so no outputs are shown. */
  const readBack = (loopTranscript: readonly unknown[]): ChatTurn[] =>
    request.api === "chat"
      ? readTurns(chatReader, {
          prepared: chatAdapter.tools(toolset, { strict }),
          responses: chatResponses,
          transcript: loopTranscript,
          inputLength,
        })
      : readTurns(responsesReader, {
          prepared: responsesAdapter.tools(toolset, { strict }),
          responses: responsesResponses,
          transcript: loopTranscript,
          inputLength,
        });
  try {
    if (request.api === "chat") {
      // The transcript is the one this server returned for the same API.
      const input = [
        ...(request.transcript as unknown as ChatCompletionMessageParam[]),
        { role: "user", content: request.message } as const,
      ];
      const result = await runToolLoop({
        ...common,
        adapter: chatAdapter,
        input,
        model: async (messages, tools, { signal, onDelta }) => {
          const stream = await openai.chat.completions.create(
            { model: request.model, messages, tools, stream: true },
            signal === undefined ? {} : { signal },
          );
          const completion = await collectChatStream(stream, { onDelta, signal });
          chatResponses.push(completion);
          return completion;
        },
      });
      transcript = result.input;
      stopReason = result.stopReason;
    } else {
      const input = [
        ...(request.transcript as unknown as ResponseInputItem[]),
        { role: "user", content: request.message } as const,
      ];
      const result = await runToolLoop({
        ...common,
        adapter: responsesAdapter,
        input,
        model: async (items, tools, { signal, onDelta }) => {
          const stream = await openai.responses.create(
            // Output items of earlier turns go back as input items, as the Responses API expects.
            { model: request.model, input: items, tools, stream: true },
            signal === undefined ? {} : { signal },
          );
          const response = await collectResponsesStream(stream, { onDelta, signal });
          responsesResponses.push(response);
          return response;
        },
      });
      transcript = result.input;
      stopReason = result.stopReason;
    }
  } catch (error) {
    // The transcript stays as it was before the message: the user can try again.
    transcript = request.transcript;
    stopReason = "model-error";
    modelError = modelErrorOf(error);
  }
  // What the page gets and sends back is capped: a model can answer with megabytes.
  const read = readBack(modelError === null ? transcript : []);
  const kept = capStrings({ transcript: transcript.map(toJson), turns: read as unknown as Json });
  const { transcript: keptTranscript, turns: keptTurns } = kept.value as { transcript: Json[]; turns: Json };
  const turns = keptTurns as unknown as ChatTurn[];
  return {
    transcript: keptTranscript,
    turns,
    cutBytes: kept.cutBytes,
    finalText: modelError === null ? (turns.at(-1)?.text ?? null) : null,
    stopReason:
      stopReason === "completed"
        ? "Done: the model answered, calling no more tools."
        : stopReason === "max-turns"
          ? `Stopped: the turn limit (${MAX_TURNS} model calls) was reached.`
          : stopReason === "model-error"
            ? "Stopped: the model request failed."
            : stopReason === "aborted"
              ? "Stopped: you stopped it (the calls in flight or waiting for approval were answered as cancelled)."
              : `Stopped: ${stopReason}.`,
    events: recorder.events(),
    modelError,
  };
}
