// The scripted model speaking Responses: it reads the request's `input` (the
// user's last message, the `function_call` items since and the
// `function_call_output` items answering them) and `tools`, and streams its
// turn as Responses stream events: the response created, a message item with
// its text in pieces, a `function_call` item per call with its arguments in
// pieces, then the whole response completed
// (https://platform.openai.com/docs/api-reference/responses-streaming).
import { randomBytes } from "node:crypto";
import type {
  Response,
  ResponseCreateParamsStreaming,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseStreamEvent,
  Tool,
} from "openai/resources/responses/responses";
import type { ModelRequestOptions } from "../model-client";
import type { OfferedTool } from "./choose-tools";
import { argumentPieces, pause, PIECE_PAUSE_MS, textPieces } from "./pieces";
import { IMAGE_NOTE, nextTurn } from "./script";
import type { ReadCall, Reading } from "./script";

/** An event before its place in the stream is known. */
type Unnumbered = ResponseStreamEvent extends infer E
  ? E extends unknown
    ? Omit<E, "sequence_number">
    : never
  : never;

const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString("hex")}`;

/** The text of a message's content or of an output: a string, or its parts (an image read as {@link IMAGE_NOTE}). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: unknown) => {
      if (typeof part !== "object" || part === null) return "";
      const record = part as { type?: unknown; text?: unknown };
      if (typeof record.text === "string") return record.text;
      return record.type === "input_image" ? ` ${IMAGE_NOTE}` : "";
    })
    .join("");
}

function isUserMessage(item: ResponseInputItem): boolean {
  return "role" in item && item.role === "user" && (!("type" in item) || item.type === "message");
}

/** The user's last message, and the rounds of `function_call`s since (a round ends at the outputs answering it). */
function read(input: ResponseCreateParamsStreaming["input"]): Reading {
  if (typeof input === "string" || input === undefined) return { message: input ?? "", rounds: [] };
  const start = input.findLastIndex(isUserMessage);
  const since = input.slice(start + 1);
  const answers = new Map(
    since.flatMap((item) => (item.type === "function_call_output" ? [[item.call_id, textOf(item.output)]] : [])),
  );
  // A response's calls come together; the outputs answering them end the round.
  const rounds: ReadCall[][] = [];
  let inRound = false;
  for (const item of since) {
    if (item.type === "function_call_output") inRound = false;
    if (item.type !== "function_call") continue;
    if (!inRound) rounds.push([]);
    inRound = true;
    rounds.at(-1)?.push({ name: item.name, arguments: item.arguments, output: answers.get(item.call_id) });
  }
  const first = start === -1 ? undefined : input[start];
  return { message: first !== undefined && "content" in first ? textOf(first.content) : "", rounds };
}

function offeredTools(tools: readonly Tool[] | undefined): OfferedTool[] {
  return (tools ?? []).flatMap((tool) =>
    tool.type === "function"
      ? [{ name: tool.name, description: tool.description ?? "", parameters: tool.parameters ?? {} }]
      : [],
  );
}

/**
 * The scripted model's answer to a streamed Responses request, as the events
 * the API streams. A stop (`signal`) ends it between two pieces.
 *
 * @param body - the request (`input`, `tools`, `model`)
 * @example
 * ```ts
 * const response = await collectStream(responsesStream({ model: "scripted", input, tools, stream: true }));
 * ```
 */
export async function* responsesStream(
  body: ResponseCreateParamsStreaming,
  options: ModelRequestOptions = {},
): AsyncGenerator<ResponseStreamEvent> {
  const { signal } = options;
  const turn = nextTurn(read(body.input), offeredTools(body.tools));
  let sequence = 0;
  const numbered = (event: Unnumbered): ResponseStreamEvent => ({ ...event, sequence_number: sequence++ });
  const response = (status: NonNullable<Response["status"]>, output: ResponseOutputItem[]): Response => ({
    id: newId("resp"),
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    model: body.model ?? "scripted",
    output,
    output_text: output.flatMap((item) => (item.type === "message" ? [textOf(item.content)] : [])).join(""),
    access_programs: null,
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: "auto",
    tools: body.tools ?? [],
    top_p: null,
  });
  yield numbered({ type: "response.created", response: response("in_progress", []) });
  const output: ResponseOutputItem[] = [];
  if (turn.text !== "") {
    const at = output.length;
    const message: ResponseOutputMessage = {
      type: "message",
      id: newId("msg"),
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: turn.text, annotations: [] }],
    };
    const where = { item_id: message.id, output_index: at, content_index: 0 };
    yield numbered({ type: "response.output_item.added", output_index: at, item: { ...message, content: [] } });
    yield numbered({
      type: "response.content_part.added",
      ...where,
      part: { type: "output_text", text: "", annotations: [] },
    });
    for (const delta of textPieces(turn.text)) {
      await pause(PIECE_PAUSE_MS, signal);
      yield numbered({ type: "response.output_text.delta", ...where, delta, logprobs: [] });
    }
    yield numbered({ type: "response.output_text.done", ...where, text: turn.text, logprobs: [] });
    yield numbered({
      type: "response.content_part.done",
      ...where,
      part: message.content[0] ?? { type: "output_text", text: "", annotations: [] },
    });
    yield numbered({ type: "response.output_item.done", output_index: at, item: message });
    output.push(message);
  }
  for (const call of turn.calls) {
    const at = output.length;
    const item: ResponseFunctionToolCall = {
      type: "function_call",
      id: newId("fc"),
      call_id: call.callId,
      name: call.name,
      arguments: call.arguments,
      status: "completed",
    };
    const where = { item_id: item.id ?? "", output_index: at };
    yield numbered({
      type: "response.output_item.added",
      output_index: at,
      item: { ...item, arguments: "", status: "in_progress" },
    });
    for (const delta of argumentPieces(call.arguments)) {
      await pause(PIECE_PAUSE_MS, signal);
      yield numbered({ type: "response.function_call_arguments.delta", ...where, delta });
    }
    yield numbered({ type: "response.function_call_arguments.done", ...where, arguments: call.arguments });
    yield numbered({ type: "response.output_item.done", output_index: at, item });
    output.push(item);
  }
  yield numbered({ type: "response.completed", response: response("completed", output) });
}
