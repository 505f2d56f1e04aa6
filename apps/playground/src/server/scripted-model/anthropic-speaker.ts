// The scripted model speaking Anthropic's Messages API: it reads the request's
// `messages` (the user's last message, the assistant messages' `tool_use`
// blocks since and the `tool_result` blocks answering them) and `tools`, and
// streams its turn as the API's server-sent events: `message_start`, a text
// block with its `text_delta`s, a `tool_use` block per call with its input in
// `input_json_delta`s, then `message_delta` with the stop reason and
// `message_stop` (https://platform.claude.com/docs/en/build-with-claude/streaming).
// Like the API, it refuses a request where a `tool_use` of the turn has no
// `tool_result` in the next user message.
import { randomBytes } from "node:crypto";
import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  ToolUnion,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { ModelRequestOptions } from "../model-client";
import type { OfferedTool } from "./choose-tools";
import { argumentPieces, pause, PIECE_PAUSE_MS, textPieces } from "./pieces";
import { ScriptedRefusal } from "./refusal";
import { IMAGE_NOTE, nextTurn } from "./script";
import type { ReadCall, Reading, Turn } from "./script";

const newId = (prefix: string): string => `${prefix}_${randomBytes(18).toString("base64url")}`;

/** A message's blocks (a string is one text block). */
function blocksOf(message: MessageParam | undefined): ContentBlockParam[] {
  const content = message?.content;
  if (content === undefined) return [];
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

/** A user message that says something (not only `tool_result`s): where a turn starts. */
const saysSomething = (message: MessageParam): boolean =>
  message.role === "user" && blocksOf(message).some((block) => block.type !== "tool_result");

/** What a `tool_result` says, as the model reads it: its text, images as {@link IMAGE_NOTE}, documents by title. */
function resultText(
  content: string | readonly { readonly type: string; readonly text?: string }[] | undefined,
): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .map((block) =>
      block.type === "text" ? (block.text ?? "") : block.type === "image" ? IMAGE_NOTE : `[${block.type}]`,
    )
    .join(" ");
}

/** The user's last message, and each assistant message's calls since, with the results answering them. */
function read(messages: readonly MessageParam[]): Reading {
  const start = messages.findLastIndex(saysSomething);
  const rounds: ReadCall[][] = [];
  for (let at = start + 1; at < messages.length; at++) {
    const message = messages[at];
    if (message?.role !== "assistant") continue;
    const uses = blocksOf(message).flatMap((block) => (block.type === "tool_use" ? [block] : []));
    if (uses.length === 0) continue;
    const results = blocksOf(messages[at + 1]).flatMap((block) => (block.type === "tool_result" ? [block] : []));
    const unanswered = uses.filter((use) => !results.some((result) => result.tool_use_id === use.id));
    if (unanswered.length > 0) {
      throw new ScriptedRefusal(
        400,
        `messages.${at + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ` +
          `${unanswered.map((use) => use.id).join(", ")}. Each \`tool_use\` block must have a corresponding ` +
          "`tool_result` block in the next message.",
      );
    }
    rounds.push(
      uses.map((use) => {
        const result = results.find((each) => each.tool_use_id === use.id);
        return {
          name: use.name,
          arguments: JSON.stringify(use.input ?? {}),
          output: resultText(result?.content),
          isError: result?.is_error === true,
        };
      }),
    );
  }
  const message = blocksOf(messages[start])
    .map((block) => (block.type === "text" ? block.text : ""))
    .join("");
  return { message, rounds };
}

/** The request's custom tools (those with an `input_schema`), as the model is offered them. */
function offeredTools(tools: readonly ToolUnion[] | undefined): OfferedTool[] {
  return (tools ?? []).flatMap((tool) =>
    "input_schema" in tool
      ? [{ name: tool.name, description: tool.description ?? "", parameters: tool.input_schema }]
      : [],
  );
}

/**
 * The scripted model's answer to a streamed Messages request, as the events
 * the API streams. The request is read at once: one the API would refuse (a
 * `tool_use` without its `tool_result`) is refused before any event. A stop
 * (`signal`) ends the stream between two pieces.
 *
 * @param body - the request (`model`, `messages`, `tools`)
 * @throws {ScriptedRefusal} the 400 the API gives a `tool_use` left unanswered
 * @example
 * ```ts
 * const body = { model: "scripted", max_tokens: 1024, messages, tools, stream: true } as const;
 * const message = await collectStream(anthropicStream(body));
 * ```
 */
export function anthropicStream(
  body: MessageCreateParamsStreaming,
  options: ModelRequestOptions = {},
): AsyncGenerator<RawMessageStreamEvent> {
  const turn = nextTurn(read(body.messages), offeredTools(body.tools));
  return streamTurn(turn, body.model, options.signal);
}

async function* streamTurn(
  turn: Turn,
  model: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<RawMessageStreamEvent> {
  const message: Message = {
    id: newId("msg"),
    type: "message",
    role: "assistant",
    model,
    content: [],
    container: null,
    diagnostics: null,
    stop_details: null,
    stop_reason: null,
    stop_sequence: null,
    usage: {
      cache_creation: null,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      inference_geo: null,
      input_tokens: 0,
      output_tokens: 0,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: null,
      speed: null,
    },
  };
  yield { type: "message_start", message };
  let index = 0;
  if (turn.text !== "") {
    yield { type: "content_block_start", index, content_block: { type: "text", text: "", citations: null } };
    for (const text of textPieces(turn.text)) {
      await pause(PIECE_PAUSE_MS, signal);
      yield { type: "content_block_delta", index, delta: { type: "text_delta", text } };
    }
    yield { type: "content_block_stop", index };
    index += 1;
  }
  for (const call of turn.calls) {
    yield {
      type: "content_block_start",
      index,
      // (the input comes in the deltas; the start carries an empty one, as the API streams it)
      content_block: { type: "tool_use", id: call.callId, name: call.name, input: {}, caller: { type: "direct" } },
    };
    for (const partial_json of argumentPieces(call.arguments)) {
      await pause(PIECE_PAUSE_MS, signal);
      yield { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } };
    }
    yield { type: "content_block_stop", index };
    index += 1;
  }
  yield {
    type: "message_delta",
    delta: {
      stop_reason: turn.calls.length === 0 ? "end_turn" : "tool_use",
      stop_sequence: null,
      stop_details: null,
      container: null,
    },
    usage: {
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      input_tokens: null,
      output_tokens: 0,
      output_tokens_details: null,
      server_tool_use: null,
    },
  };
  yield { type: "message_stop" };
}
