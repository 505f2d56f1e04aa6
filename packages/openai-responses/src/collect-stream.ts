import { readStream } from "@x/toolset/adapter";
import type { CollectStreamOptions, StreamEvents } from "@x/toolset";
import { isRecord } from "./read-output";
import type { Fields } from "./read-output";
import type { ResponsesItem } from "./responses-types";

/**
 * An event of a streamed response (`stream: true`), as far as
 * {@link collectStream} reads it: the `openai` package's `ResponseStreamEvent`
 * is one. Fields are read per `type`; unknown types are ignored.
 */
export interface ResponsesStreamEvent {
  readonly type: string;
}

/** A response collected from a stream of loosely typed events. */
export interface ResponsesStreamResponse {
  id: string;
  object: "response";
  status: string;
  output: ResponsesItem[];
  /** The text of the output's messages, as the `openai` package's `output_text`. */
  output_text: string;
}

// The response type of the events' terminal events (openai's `Response` for
// its `ResponseStreamEvent`), or the loose shape above for other events.
type TerminalResponse<TEvent> = TEvent extends { readonly type: "response.completed"; readonly response: infer R }
  ? R
  : never;

/** What {@link collectStream} resolves to for events of type `TEvent`. */
export type CollectedResponse<TEvent> = [TerminalResponse<TEvent>] extends [never]
  ? ResponsesStreamResponse
  : TerminalResponse<TEvent>;

// The events that end a stream with the whole response.
const TERMINAL = new Set(["response.completed", "response.incomplete", "response.failed"]);
// The events that carry a snapshot of the response so far (its id, model, …).
const SNAPSHOT = new Set(["response.created", "response.in_progress", "response.queued"]);
// The call types whose unfinished items collectStream marks `incomplete`: their answers must never run.
const CALL_TYPES = new Set(["function_call", "custom_tool_call"]);

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const index = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;

interface ItemState {
  item: { [key: string]: unknown };
  done: boolean;
}

/**
 * Reads one event into the response being collected. Items are kept by
 * `output_index`, so the events of parallel calls may interleave; the
 * `.done` events carry the finished item or text, which replaces what the
 * deltas assembled.
 */
class ResponsesCollector {
  private envelope: Fields = {};
  private terminal: Fields | undefined;
  private error: Fields | undefined;
  private readonly items: ItemState[] = [];
  private readonly onDelta: CollectStreamOptions["onDelta"];

  constructor(onDelta: CollectStreamOptions["onDelta"]) {
    this.onDelta = onDelta;
  }

  read(event: Fields): void {
    const type = text(event.type);
    if (TERMINAL.has(type) && isRecord(event.response)) this.terminal = event.response;
    else if (SNAPSHOT.has(type) && isRecord(event.response)) this.envelope = event.response;
    else if (type === "error") this.error = event;
    else if (type === "response.output_item.added" || type === "response.output_item.done")
      this.readItem(event, type.endsWith(".done"));
    else this.readPart(type, event);
  }

  private readItem(event: Fields, done: boolean): void {
    const at = index(event.output_index);
    if (at === undefined || !isRecord(event.item)) return;
    // A copy: the deltas below append to it, and the caller's recorded events stay as they were.
    this.items[at] = { item: structuredClone<{ [key: string]: unknown }>(event.item), done };
  }

  private itemOf(event: Fields): ItemState | undefined {
    const at = index(event.output_index);
    const byIndex = at === undefined ? undefined : this.items[at];
    if (byIndex !== undefined || typeof event.item_id !== "string") return byIndex;
    return this.items.find((state) => state !== undefined && state.item.id === event.item_id);
  }

  private readPart(type: string, event: Fields): void {
    const state = this.itemOf(event);
    if (state === undefined || state.done) return;
    const { item } = state;
    switch (type) {
      case "response.function_call_arguments.delta":
        item.arguments = text(item.arguments) + text(event.delta);
        this.onDelta?.({
          type: "arguments",
          callId: text(item.call_id),
          name: text(item.name),
          delta: text(event.delta),
        });
        return;
      case "response.function_call_arguments.done":
        item.arguments = text(event.arguments);
        return;
      case "response.custom_tool_call_input.delta":
        item.input = text(item.input) + text(event.delta);
        return;
      case "response.custom_tool_call_input.done":
        item.input = text(event.input);
        return;
      case "response.content_part.added":
      case "response.content_part.done":
        this.setPart(item, event.content_index, event.part);
        return;
      case "response.output_text.delta":
        this.appendPart(item, event.content_index, "output_text", "text", text(event.delta));
        this.onDelta?.({ type: "text", delta: text(event.delta) });
        return;
      case "response.refusal.delta":
        this.appendPart(item, event.content_index, "refusal", "refusal", text(event.delta));
        return;
      default:
        // Other events (reasoning summaries, hosted tools' progress, …) are summed up by their item's `.done`.
        return;
    }
  }

  private setPart(item: { [key: string]: unknown }, at: unknown, part: unknown): void {
    const position = index(at);
    if (position === undefined || !isRecord(part)) return;
    const content = Array.isArray(item.content) ? (item.content as unknown[]) : (item.content = []);
    content[position] = structuredClone(part);
  }

  // eslint-disable-next-line max-params -- one stream event's coordinates (item, part index) and the text it adds.
  private appendPart(
    item: { [key: string]: unknown },
    at: unknown,
    partType: string,
    field: string,
    delta: string,
  ): void {
    const position = index(at);
    if (position === undefined) return;
    const content = Array.isArray(item.content) ? (item.content as unknown[]) : (item.content = []);
    const part: unknown = content[position];
    if (isRecord(part)) content[position] = { ...part, [field]: text(part[field]) + delta };
    else
      content[position] = {
        type: partType,
        [field]: delta,
        ...(partType === "output_text" ? { annotations: [] } : {}),
      };
  }

  /**
   * The response: the terminal event's, or for a stream that ended without
   * one, the last snapshot with the items so far, `status: "incomplete"`,
   * and every unfinished call marked `status: "incomplete"` so that
   * `toolCalls` answers it instead of running it.
   */
  finish(): ResponsesStreamResponse {
    const assembled = this.items.filter((state) => state !== undefined);
    if (this.terminal !== undefined) {
      const output: unknown = this.terminal.output;
      const items =
        Array.isArray(output) && output.length > 0 ? (output as ResponsesItem[]) : assembled.map((state) => state.item);
      return withText({ ...this.terminal, output: items });
    }
    const output = assembled.map(({ item, done }) =>
      done || !CALL_TYPES.has(text(item.type)) ? item : { ...item, status: "incomplete" },
    );
    const error =
      this.error === undefined ? {} : { error: { code: this.error.code ?? null, message: text(this.error.message) } };
    return withText({
      id: "",
      object: "response",
      ...this.envelope,
      ...error,
      status: this.error === undefined ? "incomplete" : "failed",
      output,
    });
  }
}

// `output_text` as the openai package adds it to every response it returns:
// the text of every `output_text` part of every message, in order.
function withText(response: Fields & { output: readonly unknown[] }): ResponsesStreamResponse {
  let outputText = "";
  for (const item of response.output) {
    if (!isRecord(item) || item.type !== "message" || !Array.isArray(item.content)) continue;
    for (const part of item.content as unknown[]) {
      if (isRecord(part) && part.type === "output_text") outputText += text(part.text);
    }
  }
  return { ...response, output_text: outputText } as unknown as ResponsesStreamResponse;
}

/**
 * Collects a streamed response (`stream: true`, or the events of
 * `openai.responses.stream(…)`) into the response the same request without
 * `stream` returns, so `toolCalls`, `responseItems` and `@x/executor` work on
 * it unchanged.
 *
 * The `response.completed` (or `.incomplete`, `.failed`) event's response is
 * the result. Items are assembled from `response.output_item.added`, the
 * argument, text and content-part deltas and `response.output_item.done`, by
 * `output_index`, so parallel calls may interleave and their arguments be
 * split anywhere; these are the result when the terminal event has none. A
 * stream that ends without a terminal event gives `status: "incomplete"`,
 * and its unfinished `function_call` and `custom_tool_call` items
 * `status: "incomplete"`: `toolCalls` answers them with an
 * `incomplete-call` error instead of running arguments that may be cut
 * short. An `error` event gives `status: "failed"` and its `error`.
 * Unknown event types, and events that are not objects, are ignored.
 *
 * @param events - the events: the `openai` package's stream, any async iterable, or an array of recorded events
 * @param options - `onDelta` receives text and arguments as they arrive; `signal` stops reading
 * @returns the response (typed as openai's `Response` for its `ResponseStreamEvent`s), `output_text` included
 * @example
 * ```ts
 * const stream = await openai.responses.create({ model: "gpt-5", input, tools, stream: true });
 * const response = await collectStream(stream, { onDelta: (d) => d.type === "text" && process.stdout.write(d.delta) });
 * const { calls, rejected } = toolCalls(response, toolset, report.nullPaths);
 * ```
 */
export async function collectStream<TEvent extends ResponsesStreamEvent>(
  events: StreamEvents<TEvent>,
  options: CollectStreamOptions = {},
): Promise<CollectedResponse<TEvent>> {
  const collector = new ResponsesCollector(options.onDelta);
  await readStream(events, (event) => (isRecord(event) ? collector.read(event) : undefined), options.signal);
  // The terminal event's response is of the events' own response type; the loose shape otherwise.
  return collector.finish() as CollectedResponse<TEvent>;
}
