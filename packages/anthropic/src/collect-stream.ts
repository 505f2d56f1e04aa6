import { readStream } from "@x/toolset/adapter";
import type { CollectStreamOptions, StreamEvents } from "@x/toolset";
import type { AnthropicAnyBlock, AnthropicStopReason } from "./anthropic-types";
import { isRecord, text } from "./read-tool-uses";

/**
 * An event of a streamed reply (`RawMessageStreamEvent` of the SDK, plus the
 * `error` and `ping` events of
 * https://platform.claude.com/docs/en/build-with-claude/streaming), as far as
 * {@link collectStream} reads it.
 */
export type AnthropicStreamEvent =
  | { readonly type: "message_start"; readonly message: { readonly [field: string]: unknown } | object }
  | { readonly type: "content_block_start"; readonly index: number; readonly content_block: AnthropicAnyBlock }
  | {
      readonly type: "content_block_delta";
      readonly index: number;
      readonly delta: {
        readonly type: string;
        readonly text?: string;
        readonly partial_json?: string;
        readonly thinking?: string;
        readonly signature?: string;
      };
    }
  | { readonly type: "content_block_stop"; readonly index: number }
  | {
      readonly type: "message_delta";
      readonly delta: {
        readonly stop_reason?: AnthropicStopReason | null;
        readonly stop_sequence?: string | null;
      };
      readonly usage?: object;
    }
  | { readonly type: "message_stop" }
  | { readonly type: "ping" }
  | { readonly type: "error"; readonly error: { readonly type: string; readonly message: string } };

/** A content block of a collected reply: the block as it started, its deltas applied. */
export interface AnthropicCollectedBlock {
  type: string;
  [field: string]: unknown;
}

/**
 * What {@link collectStream} resolves to: the `Message` the same request
 * without `stream` returns, and `error` when the stream carried an `error` event.
 */
export interface AnthropicCollectedMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: AnthropicCollectedBlock[];
  /** `null` when the stream ended (or failed) before `message_delta` said why. */
  stop_reason: AnthropicStopReason | null;
  stop_sequence: string | null;
  usage: { [field: string]: unknown };
  /** The `error` event's error (`overloaded_error`, …): the reply stopped there. */
  error?: { type: string; message: string };
  [field: string]: unknown;
}

// The blocks whose input streams as JSON text (`input_json_delta`).
const INPUT_BLOCKS = new Set(["tool_use", "server_tool_use"]);

interface BlockState {
  readonly block: AnthropicCollectedBlock;
  json: string;
  stopped: boolean;
}

/** Reads each event into the reply being collected. */
class MessageCollector {
  readonly message: AnthropicCollectedMessage = {
    id: "",
    type: "message",
    role: "assistant",
    model: "",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: {},
  };
  private readonly blocks = new Map<number, BlockState>();
  private failed = false;
  private readonly onDelta: CollectStreamOptions["onDelta"];

  constructor(onDelta: CollectStreamOptions["onDelta"]) {
    this.onDelta = onDelta;
  }

  read(event: AnthropicStreamEvent): void {
    // Nothing after an error event belongs to the reply.
    if (!isRecord(event) || this.failed) return;
    switch (event.type) {
      case "message_start":
        this.start(event.message);
        return;
      case "content_block_start":
        if (
          typeof event.index === "number" &&
          isRecord(event.content_block) &&
          typeof event.content_block.type === "string"
        )
          this.blocks.set(event.index, { block: { ...event.content_block }, json: "", stopped: false });
        return;
      case "content_block_delta":
        this.delta(event.index, event.delta);
        return;
      case "content_block_stop":
        this.stop(event.index);
        return;
      case "message_delta":
        this.messageDelta(event);
        return;
      case "error":
        this.failed = true;
        this.message.error = {
          type: text(isRecord(event.error) ? event.error.type : undefined),
          message: text(isRecord(event.error) ? event.error.message : undefined),
        };
        return;
      case "message_stop":
      case "ping":
        return;
      default: {
        // An event type this package does not know (the API grows): ignored.
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  }

  private start(message: unknown): void {
    if (!isRecord(message)) return;
    const { content: _content, ...fields } = message;
    Object.assign(this.message, fields, { type: "message", role: "assistant", content: [] });
    if (!isRecord(this.message.usage)) this.message.usage = {};
    else this.message.usage = { ...this.message.usage };
  }

  private delta(index: unknown, delta: unknown): void {
    const state = typeof index === "number" ? this.blocks.get(index) : undefined;
    if (state === undefined || state.stopped || !isRecord(delta)) return;
    const { block } = state;
    switch (delta.type) {
      case "text_delta":
        if (typeof delta.text !== "string") return;
        block.text = text(block.text) + delta.text;
        if (delta.text !== "") this.onDelta?.({ type: "text", delta: delta.text });
        return;
      case "input_json_delta":
        if (typeof delta.partial_json !== "string") return;
        state.json += delta.partial_json;
        if (block.type === "tool_use" && delta.partial_json !== "")
          this.onDelta?.({
            type: "arguments",
            callId: text(block.id),
            name: text(block.name),
            delta: delta.partial_json,
          });
        return;
      case "thinking_delta":
        if (typeof delta.thinking === "string") block.thinking = text(block.thinking) + delta.thinking;
        return;
      case "signature_delta":
        if (typeof delta.signature === "string") block.signature = delta.signature;
        return;
      case "citations_delta":
        block.citations = [...(Array.isArray(block.citations) ? (block.citations as unknown[]) : []), delta.citation];
        return;
      default:
        return;
    }
  }

  /** A block is whole: its streamed input, if any, is parsed (fine-grained streaming may leave it invalid). */
  private stop(index: unknown): void {
    const state = typeof index === "number" ? this.blocks.get(index) : undefined;
    if (state === undefined || state.stopped) return;
    state.stopped = true;
    if (!INPUT_BLOCKS.has(state.block.type) || state.json === "") return;
    const parsed = parseJson(state.json);
    if (parsed.ok && isRecord(parsed.value)) {
      state.block.input = parsed.value;
    } else {
      // Input streamed eagerly is sent unbuffered and may not be JSON
      // (https://platform.claude.com/docs/en/agents-and-tools/tool-use/fine-grained-tool-streaming):
      // kept as streamed, so that the call is answered with what was wrong.
      state.block.input = {};
      state.block.input_json = state.json;
    }
  }

  private messageDelta(event: { readonly delta: unknown; readonly usage?: unknown }): void {
    if (isRecord(event.delta)) {
      const { stop_reason, stop_sequence, ...rest } = event.delta;
      if (typeof stop_reason === "string") this.message.stop_reason = stop_reason as AnthropicStopReason;
      if (typeof stop_sequence === "string") this.message.stop_sequence = stop_sequence;
      for (const [field, value] of Object.entries(rest)) if (value !== undefined) this.message[field] = value;
    }
    // The usage of message_delta is cumulative: a field it gives replaces the start's.
    if (isRecord(event.usage)) {
      for (const [field, value] of Object.entries(event.usage)) {
        if (value !== null && value !== undefined) this.message.usage[field] = value;
      }
    }
  }

  finish(): AnthropicCollectedMessage {
    this.message.content = [...this.blocks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, state]) => {
        if (state.stopped || !INPUT_BLOCKS.has(state.block.type)) return state.block;
        // The stream ended inside this call: its input may be cut short, so it never runs.
        const { input_json: _json, ...block } = state.block;
        return { ...block, input: {}, incomplete: true };
      });
    return this.message;
  }
}

function parseJson(json: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false };
  }
}

/**
 * Collects a streamed reply (`stream: true`) into the `Message` the same
 * request without `stream` returns, so `toolCalls`, `responseItems` and
 * `@x/executor` work on it unchanged.
 *
 * Blocks are assembled by their `index`: text from `text_delta`, a call's
 * `input` from its `input_json_delta` pieces, parsed at `content_block_stop`
 * (thinking and its signature too). Streamed input that is not a JSON object
 * (eager input streaming sends it unbuffered) is kept in `input_json`, and
 * `toolCalls` answers that call `arguments-not-json`. A call whose block never
 * stopped (the stream ended inside it, or an `error` event came) is marked
 * `incomplete: true` with `input: {}`, and `toolCalls` answers it
 * `incomplete-call`, never running input that may be cut short. A stream that
 * ends before `message_delta` leaves `stop_reason: null`; an `error` event ends
 * the reply there and is kept in `error`. Events that are not objects, and
 * types this package does not know, are ignored.
 *
 * @param events - the `@anthropic-ai/sdk` stream (`messages.create({ …, stream: true })`), any async iterable, or an
 *   array of recorded events
 * @param options - `onDelta` receives text and call input as they arrive; `signal` stops reading
 * @returns the message
 * @example
 * ```ts
 * const stream = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools, stream: true });
 * const message = await collectStream(stream, {
 *   onDelta: (d) => d.type === "text" && process.stdout.write(d.delta),
 * });
 * const { calls, rejected } = toolCalls(message, prepared);
 * ```
 */
export async function collectStream(
  events: StreamEvents<AnthropicStreamEvent>,
  options: CollectStreamOptions = {},
): Promise<AnthropicCollectedMessage> {
  const collector = new MessageCollector(options.onDelta);
  await readStream(events, (event) => collector.read(event), options.signal);
  return collector.finish();
}
