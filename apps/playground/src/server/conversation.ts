// The Conversation view: one user message, then runToolLoop with the official
// openai client until the model answers without calling a tool.
import { runToolLoop } from "@x/executor";
import { adapter as chatAdapter } from "@x/openai-chat";
import { adapter as responsesAdapter } from "@x/openai-responses";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { ApiName, ChatRequest, ChatResponse, ChatTurn, Json } from "../shared/api-types";
import { capStrings } from "./cap-text";
import { createRecorder } from "./event-recorder";
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
  const { api, strict, model, message, transcript } = body as { [key: string]: unknown };
  if (api !== "chat" && api !== "responses") return 'api must be "chat" or "responses".';
  const setting = parseStrictSetting(strict);
  if (setting === undefined) return 'strict must be "auto", "true" or "false".';
  if (typeof model !== "string" || model.trim() === "") return "model must be a model name.";
  if (typeof message !== "string" || message.trim() === "") return "message must be some text.";
  if (!Array.isArray(transcript)) return "transcript must be the list the previous answer returned, or [].";
  return { api, strict: setting, model: model.trim(), message, transcript: transcript as Json[] };
}

type Record_ = { readonly [key: string]: unknown };

/** A string field, or "" when it is missing or not a string. */
function text(record: Record_, ...keys: string[]): string {
  for (const key of keys) if (typeof record[key] === "string") return record[key];
  return "";
}

function isRecord(value: unknown): value is Record_ {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What the model wrote and called in one response, in either API's shape. */
function readResponse(api: ApiName, response: unknown): Omit<ChatTurn, "turn" | "outputs"> {
  if (api === "chat") {
    const choices = isRecord(response) && Array.isArray(response["choices"]) ? (response["choices"] as unknown[]) : [];
    const first: unknown = choices[0];
    const message: Record_ = isRecord(first) && isRecord(first["message"]) ? first["message"] : {};
    const toolCalls = Array.isArray(message["tool_calls"]) ? (message["tool_calls"] as unknown[]) : [];
    return {
      text: typeof message["content"] === "string" && message["content"] !== "" ? message["content"] : null,
      calls: toolCalls.filter(isRecord).map((call) => {
        const fn: Record_ = isRecord(call["function"]) ? call["function"] : isRecord(call["custom"]) ? call["custom"] : {};
        return { callId: text(call, "id"), name: text(fn, "name"), arguments: text(fn, "arguments", "input") };
      }),
    };
  }
  const output = isRecord(response) && Array.isArray(response["output"]) ? (response["output"] as unknown[]) : [];
  const items = output.filter(isRecord);
  const texts = items
    .filter((item) => item["type"] === "message" && Array.isArray(item["content"]))
    .flatMap((item) => (item["content"] as unknown[]).filter(isRecord))
    .flatMap((part) => (part["type"] === "output_text" && typeof part["text"] === "string" ? [part["text"]] : []));
  return {
    text: texts.length === 0 ? null : texts.join("\n"),
    calls: items
      .filter((item) => typeof item["call_id"] === "string" && text(item, "type").endsWith("_call"))
      .map((item) => ({ callId: text(item, "call_id"), name: text(item, "name", "type"), arguments: text(item, "arguments", "input") })),
  };
}

/** The items of `transcript` that answer `callIds`. */
function outputsFor(transcript: readonly unknown[], callIds: readonly string[]): Json[] {
  return transcript
    .filter(isRecord)
    .filter((item) => callIds.includes(text(item, "tool_call_id", "call_id")) && (item["role"] === "tool" || text(item, "type").endsWith("_output")))
    .map(toJson);
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
 * const answer = await runConversation(toolbox, { apiKey }, { api: "chat", strict: "auto", model: "gpt-4.1-mini", message: "Divide 1 by 0", transcript: [] });
 * ```
 */
export async function runConversation(toolbox: Toolbox, settings: OpenAiSettings, request: ChatRequest): Promise<ChatResponse> {
  const openai = new OpenAI({
    apiKey: settings.apiKey,
    ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
    maxRetries: 1,
    timeout: 120_000,
  });
  const recorder = createRecorder();
  const responses: unknown[] = [];
  const common = {
    toolset: toolbox.toolset,
    clients: toolbox.clients,
    strict: strictMode(request.strict),
    hooks: recorder.hooks,
    maxTurns: MAX_TURNS,
    timeoutMs: CALL_TIMEOUT_MS,
  };
  let transcript: readonly unknown[];
  let stopReason: string;
  let modelError: ChatResponse["modelError"] = null;
  try {
    if (request.api === "chat") {
      // The transcript is the one this server returned for the same API.
      const input = [...(request.transcript as unknown as ChatCompletionMessageParam[]), { role: "user", content: request.message } as const];
      const result = await runToolLoop({
        ...common,
        adapter: chatAdapter,
        input,
        model: async (messages, tools, { signal }) => {
          const completion = await openai.chat.completions.create({ model: request.model, messages, tools }, signal === undefined ? {} : { signal });
          responses.push(completion);
          return completion;
        },
      });
      transcript = result.input;
      stopReason = result.stopReason;
    } else {
      const input = [...(request.transcript as unknown as ResponseInputItem[]), { role: "user", content: request.message } as const];
      const result = await runToolLoop({
        ...common,
        adapter: responsesAdapter,
        input,
        model: async (items, tools, { signal }) => {
          const response = await openai.responses.create(
            // Output items of earlier turns go back as input items, as the Responses API expects.
            { model: request.model, input: items, tools },
            signal === undefined ? {} : { signal },
          );
          responses.push(response);
          return response;
        },
      });
      transcript = result.input;
      stopReason = result.stopReason;
    }
  } catch (error) {
    transcript = request.transcript;
    stopReason = "model-error";
    modelError = modelErrorOf(error);
  }
  const read = responses.map((response, index): ChatTurn => {
    const turn = readResponse(request.api, response);
    const outputs = modelError === null ? outputsFor(transcript, turn.calls.map((call) => call.callId)) : [];
    return { turn: index + 1, ...turn, outputs };
  });
  // What the page gets and sends back is capped: a model can answer with megabytes.
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
        ? "the model answered without calling a tool"
        : stopReason === "max-turns"
          ? `the turn limit (${MAX_TURNS} model calls) was reached`
          : stopReason === "model-error"
            ? "the model request failed"
            : stopReason,
    events: recorder.events(),
    modelError,
  };
}
