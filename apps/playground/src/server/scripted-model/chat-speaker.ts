// The scripted model speaking Chat Completions: it reads the request's
// `messages` (the user's last message, the assistant's tool calls since and
// the tool messages answering them) and `tools`, and streams its turn as
// `chat.completion.chunk`s: the role, the text in pieces, then each call's id
// and name and its arguments in pieces, then the finish reason
// (https://platform.openai.com/docs/api-reference/chat-streaming/streaming).
import { randomBytes } from "node:crypto";
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { ModelRequestOptions } from "../model-client";
import type { OfferedTool } from "./choose-tools";
import { argumentPieces, pause, PIECE_PAUSE_MS, textPieces } from "./pieces";
import { nextTurn } from "./script";
import type { ReadCall, Reading } from "./script";

/** A message's text: a string, or its text parts joined (images and other parts are not text). */
function textOf(content: ChatCompletionMessageParam["content"]): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => ("text" in part && typeof part.text === "string" ? part.text : "")).join("");
}

/** The function tools of the request, as the model is offered them. */
function offeredTools(tools: readonly ChatCompletionTool[] | undefined): OfferedTool[] {
  return (tools ?? []).flatMap((tool) =>
    tool.type === "function"
      ? [
          {
            name: tool.function.name,
            description: tool.function.description ?? "",
            parameters: tool.function.parameters ?? {},
          },
        ]
      : [],
  );
}

/** The user's last message, and each assistant message's calls since it, with the tool messages answering them. */
function read(messages: readonly ChatCompletionMessageParam[]): Reading {
  const start = messages.findLastIndex((message) => message.role === "user");
  const since = messages.slice(start + 1);
  const answers = new Map(
    since.flatMap((message) => (message.role === "tool" ? [[message.tool_call_id, textOf(message.content)]] : [])),
  );
  const rounds = since.flatMap((message): ReadCall[][] =>
    message.role === "assistant" && message.tool_calls !== undefined && message.tool_calls.length > 0
      ? [
          message.tool_calls.flatMap((call) =>
            call.type === "function"
              ? [{ name: call.function.name, arguments: call.function.arguments, output: answers.get(call.id) }]
              : [],
          ),
        ]
      : [],
  );
  return { message: start === -1 ? "" : textOf(messages[start]?.content ?? ""), rounds };
}

/**
 * The scripted model's answer to a streamed Chat Completions request, as the
 * chunks the API streams. A stop (`signal`) ends it between two pieces.
 *
 * @param body - the request (`messages`, `tools`, `model`)
 * @example
 * ```ts
 * const completion = await collectStream(chatStream({ model: "scripted", messages, tools, stream: true }));
 * ```
 */
export async function* chatStream(
  body: ChatCompletionCreateParamsStreaming,
  options: ModelRequestOptions = {},
): AsyncGenerator<ChatCompletionChunk> {
  const { signal } = options;
  const turn = nextTurn(read(body.messages), offeredTools(body.tools));
  const base = {
    id: `chatcmpl-${randomBytes(12).toString("base64url")}`,
    object: "chat.completion.chunk" as const,
    created: Math.floor(Date.now() / 1000),
    model: body.model,
  };
  const chunk = (
    delta: ChatCompletionChunk.Choice.Delta,
    finish: ChatCompletionChunk.Choice["finish_reason"] = null,
  ): ChatCompletionChunk => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] });
  yield chunk({ role: "assistant", content: "" });
  for (const piece of textPieces(turn.text)) {
    await pause(PIECE_PAUSE_MS, signal);
    yield chunk({ content: piece });
  }
  for (const [index, call] of turn.calls.entries()) {
    yield chunk({
      tool_calls: [{ index, id: call.callId, type: "function", function: { name: call.name, arguments: "" } }],
    });
    for (const piece of argumentPieces(call.arguments)) {
      await pause(PIECE_PAUSE_MS, signal);
      yield chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  }
  yield chunk({}, turn.calls.length === 0 ? "stop" : "tool_calls");
}
