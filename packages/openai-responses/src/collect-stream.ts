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
export type ResponsesCollectedResponse<TEvent> = [TerminalResponse<TEvent>] extends [never]
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

// A copy of the item's own fields and of its content list: all the deltas change (a part is replaced, never changed
// in place). The caller's events stay as they were, and no copy walks the item's depth, which JSON does not limit.
const copyItem = (item: Fields): { [key: string]: unknown } => {
  const copy: { [key: string]: unknown } = { ...item };
  if (Array.isArray(copy.content)) copy.content = [...(copy.content as unknown[])];
  return copy;
};

/** An item left out because its `output_index` is no position of the response: what the result says about it. */
interface LeftOut {
  readonly outputIndex: number;
  readonly event: number;
  readonly item: Fields;
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
  // By output_index: a Map, never an array, so that an index costs nothing however large it is.
  private readonly items = new Map<number, ItemState>();
  // The output_index of each item id, for events that name their item by id alone.
  private readonly byId = new Map<string, number>();
  private readonly leftOut = new Map<number, LeftOut>();
  private events = 0;
  private readonly onDelta: CollectStreamOptions["onDelta"];

  constructor(onDelta: CollectStreamOptions["onDelta"]) {
    this.onDelta = onDelta;
  }

  read(event: Fields): void {
    this.events++;
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
    const { item } = event;
    if (at === undefined || !isRecord(item)) return;
    // The API numbers items 0, 1, 2, … in the order it adds them, each with events of its own: the item at index n
    // has n items before it, so n is below the number of events read so far, however the stream skipped. A larger
    // index is no position of this response.
    if (at >= this.events) {
      if (!this.leftOut.has(at)) this.leftOut.set(at, { outputIndex: at, event: this.events, item });
      return;
    }
    const state = { item: copyItem(item), done };
    this.items.set(at, state);
    const { id } = state.item;
    if (typeof id === "string") this.byId.set(id, at);
  }

  private itemOf(event: Fields): ItemState | undefined {
    const at = index(event.output_index);
    const byIndex = at === undefined ? undefined : this.items.get(at);
    if (byIndex !== undefined) return byIndex;
    const id = event.item_id;
    const byId = typeof id === "string" ? this.byId.get(id) : undefined;
    return byId === undefined ? undefined : this.items.get(byId);
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
    const content = contentOf(item);
    const position = partIndex(at, content);
    // The part itself is kept, not copied: appendPart replaces a part, never changes it.
    if (position !== undefined && isRecord(part)) content[position] = part;
  }

  // eslint-disable-next-line max-params -- one stream event's coordinates (item, part index) and the text it adds.
  private appendPart(
    item: { [key: string]: unknown },
    at: unknown,
    partType: string,
    field: string,
    delta: string,
  ): void {
    const content = contentOf(item);
    const position = partIndex(at, content);
    if (position === undefined) return;
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
    const assembled = [...this.items.entries()].sort(([a], [b]) => a - b).map(([, state]) => state);
    const leftOut = this.leftOutError();
    if (this.terminal !== undefined) {
      const output: unknown = this.terminal.output;
      if (Array.isArray(output) && output.length > 0) return withText({ ...this.terminal, output });
      return withText({ ...this.terminal, ...leftOut, output: assembled.map((state) => state.item) });
    }
    const output = assembled.map(({ item, done }) =>
      done || !CALL_TYPES.has(text(item.type)) ? item : { ...item, status: "incomplete" },
    );
    const error =
      this.error === undefined
        ? leftOut
        : { status: "failed", error: { code: this.error.code ?? null, message: text(this.error.message) } };
    return withText({ id: "", object: "response", ...this.envelope, status: "incomplete", ...error, output });
  }

  // A response whose output lacks items the stream sent is not what the API produced: it is `failed`, and its
  // `error` (in the shape of the API's own, code `server_error`: the server sent it) says which items and why.
  private leftOutError(): { status?: string; error?: { code: string; message: string } } {
    const [first, ...more] = this.leftOut.values();
    if (first === undefined) return {};
    const { type, call_id: callId } = first.item;
    const what =
      (typeof type === "string" ? `a ${quote(type)} item` : "an item") +
      (typeof callId === "string" ? ` (call_id ${quote(callId)})` : "");
    const others = more.length === 0 ? "" : ` So are ${more.length} more item(s) placed the same way.`;
    const message =
      `Event ${first.event} of the stream put ${what} at output_index ${first.outputIndex}, a position no item of ` +
      `a stream of ${first.event} events can have: the stream is malformed, and that item is left out, not run.` +
      others;
    return { status: "failed", error: { code: "server_error", message } };
  }
}

// A field's text for a message, shortened: it comes from the stream and may be long.
const quote = (value: string): string => JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);

// The content list of an item being assembled (a new one when it has none).
const contentOf = (item: { [key: string]: unknown }): unknown[] =>
  Array.isArray(item.content) ? (item.content as unknown[]) : (item.content = []);

// The position of a content part: one the item has, or the next. Parts are numbered in order as items are; an event
// about a part further on (a part never announced) is ignored, as events about items never seen are, and leaves no
// hole in the list (a hole would go out as `null` in the next request's input).
const partIndex = (at: unknown, content: readonly unknown[]): number | undefined => {
  const position = index(at);
  return position !== undefined && position <= content.length ? position : undefined;
};

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
): Promise<ResponsesCollectedResponse<TEvent>> {
  const collector = new ResponsesCollector(options.onDelta);
  await readStream(events, (event) => (isRecord(event) ? collector.read(event) : undefined), options.signal);
  // The terminal event's response is of the events' own response type; the loose shape otherwise.
  return collector.finish() as ResponsesCollectedResponse<TEvent>;
}
