import { readStream } from "@x/toolset/adapter";
import type { CollectStreamOptions, StreamEvents } from "@x/toolset";
import type { ChatToolCall } from "./chat-types";
import { isRecord } from "./read-tool-calls";

/** Why a choice ended, as the API says it (`null` in a collected stream that was cut off before its last chunk). */
export type ChatFinishReason = "stop" | "length" | "tool_calls" | "content_filter" | "function_call";

/** One entry of a chunk's `delta.tool_calls`: a piece of the call at `index`. */
export interface ChatChunkToolCall {
  readonly index: number;
  readonly id?: string;
  readonly type?: "function" | "custom";
  readonly function?: { readonly name?: string; readonly arguments?: string };
  readonly custom?: { readonly name?: string; readonly input?: string };
}

/** A choice of a chunk: its `delta` and, on its last chunk, its `finish_reason`. */
export interface ChatChunkChoice {
  readonly index: number;
  readonly finish_reason?: ChatFinishReason | null;
  readonly logprobs?: {
    readonly content?: readonly unknown[] | null;
    readonly refusal?: readonly unknown[] | null;
  } | null;
  readonly delta?: {
    readonly content?: string | null;
    readonly refusal?: string | null;
    readonly tool_calls?: readonly ChatChunkToolCall[];
    readonly audio?: {
      readonly id?: string;
      readonly data?: string;
      readonly expires_at?: number;
      readonly transcript?: string;
    };
  };
}

/**
 * A `chat.completion.chunk` of a streamed completion, as far as
 * {@link collectStream} reads it: the `openai` package's `ChatCompletionChunk` is one.
 */
export interface ChatStreamChunk {
  readonly id?: string;
  readonly created?: number;
  readonly model?: string;
  readonly system_fingerprint?: string;
  readonly service_tier?: string | null;
  readonly usage?: unknown;
  readonly choices?: readonly ChatChunkChoice[];
}

// The element types of the chunks' logprobs lists, so that openai's come back as they went in.
type LogprobOf<TChunk extends ChatStreamChunk> = NonNullable<TChunk["choices"]>[number] extends {
  readonly logprobs?: infer L;
}
  ? NonNullable<L> extends { readonly content?: readonly (infer P)[] | null }
    ? P
    : never
  : never;

/** A choice of a collected completion. */
export interface ChatStreamChoice<TLogprob> {
  index: number;
  /** `null` only when the stream ended before the choice's last chunk: its tool calls are then never run. */
  finish_reason: ChatFinishReason | null;
  logprobs: { content: TLogprob[] | null; refusal: TLogprob[] | null } | null;
  message: {
    role: "assistant";
    content: string | null;
    refusal: string | null;
    /** Left out when the model called no tool. */
    tool_calls?: ChatToolCall[];
    /** Present when the model answered with audio. */
    audio?: { id: string; data: string; expires_at: number; transcript: string };
  };
}

/**
 * What {@link collectStream} resolves to: the `chat.completion` the same
 * request without `stream` returns (the `openai` package's `ChatCompletion`,
 * with `usage`, `service_tier` and logprobs typed as the chunks typed them).
 */
export interface ChatStreamCompletion<TChunk extends ChatStreamChunk = ChatStreamChunk> {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: ChatStreamChoice<LogprobOf<TChunk>>[];
  system_fingerprint?: string;
  service_tier?: TChunk["service_tier"];
  /** The last chunk's `usage` (sent with `stream_options: { include_usage: true }`). */
  usage?: NonNullable<TChunk["usage"]>;
}

// The chunks come off the network: each field is read once, then checked, so
// that no value (null where an object belongs, an object whose toString is
// null, a getter) can make the collection throw.

// A list field of a chunk, or none when the chunk has something else there.
const list = <T>(value: readonly T[] | null | undefined): readonly T[] =>
  Array.isArray(value) ? (value as readonly T[]) : [];

// An index of a choice or of a tool call: an integer, so that the sort in `finish` compares numbers.
const isIndex = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

interface CallState {
  id: string;
  type: "function" | "custom";
  name: string;
  text: string;
}

interface ChoiceState<TLogprob> {
  readonly index: number;
  finishReason: ChatFinishReason | null;
  content: string | null;
  refusal: string | null;
  logprobs: { content: TLogprob[] | null; refusal: TLogprob[] | null } | null;
  audio: { id: string; data: string; expires_at: number; transcript: string } | undefined;
  readonly calls: Map<number, CallState>;
}

const newChoice = <TLogprob>(index: number): ChoiceState<TLogprob> => ({
  index,
  finishReason: null,
  content: null,
  refusal: null,
  logprobs: null,
  audio: undefined,
  calls: new Map(),
});

// Appends `more` to `collected` in place (never a copy of what is collected so far: a stream
// has a logprob per token, and copying at each chunk grows with the square of the tokens).
function appendAll<T>(collected: T[] | null, more: readonly T[]): T[] {
  const target = collected ?? [];
  for (const entry of more) target.push(entry);
  return target;
}

/**
 * Reads one chunk into the completion being collected. The pieces of a tool
 * call carry its `index`: its id, type and name come with its first piece,
 * and every piece's text is appended, so parallel calls may interleave and
 * arguments may be split anywhere (a key, a `\u` escape).
 */
class ChatCollector<TChunk extends ChatStreamChunk> {
  readonly completion: ChatStreamCompletion<TChunk> = {
    id: "",
    object: "chat.completion",
    created: 0,
    model: "",
    choices: [],
  };
  private readonly choices = new Map<number, ChoiceState<LogprobOf<TChunk>>>();
  private readonly onDelta: CollectStreamOptions["onDelta"];

  constructor(onDelta: CollectStreamOptions["onDelta"]) {
    this.onDelta = onDelta;
  }

  read(chunk: TChunk): void {
    if (typeof chunk !== "object" || chunk === null) return;
    const { completion } = this;
    const { id, created, model, system_fingerprint: fingerprint, service_tier: tier, usage, choices } = chunk;
    if (typeof id === "string") completion.id = id;
    if (typeof created === "number") completion.created = created;
    if (typeof model === "string") completion.model = model;
    if (typeof fingerprint === "string") completion.system_fingerprint = fingerprint;
    if (tier !== undefined && tier !== null) completion.service_tier = tier;
    if (usage !== undefined && usage !== null) completion.usage = usage;
    for (const choice of list(choices)) if (isRecord(choice)) this.readChoice(choice);
  }

  private readChoice(choice: ChatChunkChoice): void {
    const { index, finish_reason: finishReason, delta, logprobs } = choice;
    if (!isIndex(index)) return;
    let state = this.choices.get(index);
    if (state === undefined) this.choices.set(index, (state = newChoice(index)));
    // Deltas are passed on for the first choice only: the one toolCalls and responseItems read.
    const onDelta = index === 0 ? this.onDelta : undefined;
    if (finishReason !== undefined && finishReason !== null) state.finishReason = finishReason;
    if (isRecord(delta)) {
      const { content, refusal, audio, tool_calls: pieces } = delta;
      if (typeof content === "string" && content !== "") {
        state.content = (state.content ?? "") + content;
        onDelta?.({ type: "text", delta: content });
      }
      if (typeof refusal === "string") state.refusal = (state.refusal ?? "") + refusal;
      if (isRecord(audio)) this.readAudio(state, audio);
      for (const piece of list(pieces)) if (isRecord(piece)) this.readToolCall(state, piece, onDelta);
    }
    if (isRecord(logprobs)) this.readLogprobs(state, logprobs);
  }

  private readToolCall(
    state: ChoiceState<LogprobOf<TChunk>>,
    piece: ChatChunkToolCall,
    onDelta: CollectStreamOptions["onDelta"],
  ): void {
    const { index, id, type } = piece;
    if (!isIndex(index)) return;
    let call = state.calls.get(index);
    if (call === undefined) state.calls.set(index, (call = { id: "", type: "function", name: "", text: "" }));
    // As the openai package's own stream helper does: a non-empty id or name replaces, text is appended.
    if (typeof id === "string" && id !== "") call.id = id;
    if (type === "function" || type === "custom") call.type = type;
    const fn: unknown = piece.function;
    const custom: unknown = piece.custom;
    const part = call.type === "custom" ? custom : fn;
    const name = isRecord(part) ? part.name : undefined;
    if (typeof name === "string" && name !== "") call.name = name;
    const text = (isRecord(fn) ? fn.arguments : undefined) ?? (isRecord(custom) ? custom.input : undefined);
    if (typeof text === "string" && text !== "") {
      call.text += text;
      if (call.type === "function") onDelta?.({ type: "arguments", callId: call.id, name: call.name, delta: text });
    }
  }

  private readAudio(state: ChoiceState<LogprobOf<TChunk>>, audio: { readonly [key: string]: unknown }): void {
    const collected = (state.audio ??= { id: "", data: "", expires_at: 0, transcript: "" });
    const { id, data, expires_at: expiresAt, transcript } = audio;
    if (typeof id === "string") collected.id = id;
    if (typeof data === "string") collected.data += data;
    if (typeof expiresAt === "number") collected.expires_at = expiresAt;
    if (typeof transcript === "string") collected.transcript += transcript;
  }

  private readLogprobs(state: ChoiceState<LogprobOf<TChunk>>, logprobs: { readonly [key: string]: unknown }): void {
    const collected = (state.logprobs ??= { content: null, refusal: null });
    // The chunk type's logprob entries are LogprobOf<TChunk>: this is where they are read.
    const content = logprobs.content as readonly LogprobOf<TChunk>[] | null | undefined;
    const refusal = logprobs.refusal as readonly LogprobOf<TChunk>[] | null | undefined;
    if (content !== undefined && content !== null) collected.content = appendAll(collected.content, list(content));
    if (refusal !== undefined && refusal !== null) collected.refusal = appendAll(collected.refusal, list(refusal));
  }

  finish(): ChatStreamCompletion<TChunk> {
    const choices = [...this.choices.values()].sort((a, b) => a.index - b.index);
    this.completion.choices = choices.map((state) => {
      const toolCalls = [...state.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => toolCall(call));
      return {
        index: state.index,
        finish_reason: state.finishReason,
        logprobs: state.logprobs,
        message: {
          role: "assistant",
          content: state.content,
          refusal: state.refusal,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          ...(state.audio === undefined ? {} : { audio: state.audio }),
        },
      };
    });
    return this.completion;
  }
}

const toolCall = (call: CallState): ChatToolCall =>
  call.type === "custom"
    ? { id: call.id, type: "custom", custom: { name: call.name, input: call.text } }
    : { id: call.id, type: "function", function: { name: call.name, arguments: call.text } };

/**
 * Collects a streamed chat completion (`stream: true`) into the completion
 * the same request without `stream` returns, so `toolCalls`, `responseItems`
 * and `@x/executor` work on it unchanged.
 *
 * Tool calls are assembled by their `index`, so parallel calls may arrive
 * interleaved and their arguments split anywhere. A stream that ends before
 * a choice's last chunk (no `finish_reason`) gives that choice
 * `finish_reason: null`: `toolCalls` then rejects its calls
 * (`incomplete-call`) instead of running arguments that may be cut short.
 * Chunks that are not objects, and fields this package does not know, are
 * ignored.
 *
 * @param events - the chunks: the `openai` package's stream (`chat.completions.create({ …, stream: true })`),
 *   any async iterable, or an array of recorded chunks
 * @param options - `onDelta` receives the first choice's text and arguments as they arrive; `signal` stops reading
 * @returns the completion, with `usage` when the last chunk carried it
 * @example
 * ```ts
 * const stream = await openai.chat.completions.create({ model: "gpt-5", messages, tools, stream: true });
 * const completion = await collectStream(stream, {
 *   onDelta: (d) => d.type === "text" && process.stdout.write(d.delta),
 * });
 * const { calls, rejected } = toolCalls(completion, toolset, report.nullPaths);
 * ```
 */
export async function collectStream<TChunk extends ChatStreamChunk>(
  events: StreamEvents<TChunk>,
  options: CollectStreamOptions = {},
): Promise<ChatStreamCompletion<TChunk>> {
  const collector = new ChatCollector<TChunk>(options.onDelta);
  await readStream(events, (chunk) => collector.read(chunk), options.signal);
  return collector.finish();
}
