// What each model call of a conversation said and called, read through the
// adapters (never by hand): the calls are the adapter's own reading of the
// response, and their outputs are the transcript's items at their place (one
// item per answer in the OpenAI APIs, one message holding them all in
// Anthropic's and Gemini's: the adapter's `turnItems`).
import type { PreparedTools } from "@x/toolset";
import type { ResolvedToolCalls } from "@x/toolset/adapter";
import type { ChatTurn, Json } from "../shared/api-types";
import { capStrings } from "./cap-text";
import { toJson } from "./to-json";

/** Each text of a replayed turn shown to the page is kept to this many bytes: it is a view of the item, not a copy. */
const REPLAYED_BYTES = 2_000;

/** How to read one API's responses and outputs for the page. */
export interface TurnReader<TResponse, TOutput> {
  readonly adapter: {
    readCalls(response: TResponse, prepared: never): ResolvedToolCalls<unknown>;
    responseItems(response: TResponse): unknown[];
  };
  /** What the model wrote, or `null`. */
  text(response: TResponse): string | null;
  /** What the model reads in an output (images as a placeholder). */
  returned(output: TOutput): string;
  /**
   * Whether the page is shown the model's turn as the next request replays it: where the replay carries more
   * than the transcript shows (Gemini's thought signatures, Anthropic's blocks as sent back).
   */
  readonly showsReplay: boolean;
  /** The answers to `count` calls at the start of `items` (what follows the response's items), and how many items. */
  answers(items: readonly unknown[], count: number): { readonly outputs: TOutput[]; readonly items: number };
}

/**
 * {@link TurnReader.answers} for an API that answers each call with an item of its own (Chat, Responses).
 *
 * @example
 * ```ts
 * const reader = { adapter, text, returned, answers: oneItemEach };
 * ```
 */
export function oneItemEach<TOutput>(items: readonly unknown[], count: number): { outputs: TOutput[]; items: number } {
  const outputs = items.slice(0, count) as TOutput[];
  return { outputs, items: outputs.length };
}

/**
 * {@link TurnReader.answers} for an API that answers a turn's calls in one
 * message (Anthropic's user message of `tool_result`s, Gemini's content of
 * `functionResponse`s): `answersOf` gives the answers a message holds.
 *
 * @example
 * ```ts
 * const answers = oneMessage((item) => (item as GeminiContent).parts as GeminiAnswer[]);
 * ```
 */
export function oneMessage<TOutput>(
  answersOf: (item: unknown) => readonly TOutput[],
): (items: readonly unknown[], count: number) => { outputs: TOutput[]; items: number } {
  return (items, count) =>
    count === 0 || items[0] === undefined
      ? { outputs: [], items: 0 }
      : { outputs: answersOf(items[0]).slice(0, count), items: 1 };
}

/** What the loop needs to be read back: the tools as they were prepared for it. */
export interface TurnSource<TResponse> {
  readonly prepared: PreparedTools;
  /** The model's responses, in order. */
  readonly responses: readonly TResponse[];
  /** `runToolLoop`'s transcript: the input, then per turn the response's items and the outputs answering its calls. */
  readonly transcript: readonly unknown[];
  /** How many items of the transcript came before the first turn. */
  readonly inputLength: number;
}

/**
 * Each turn of a finished loop: text, calls (in the model's order, with the
 * arguments the server received, or why the call was rejected) and outputs.
 *
 * @example
 * ```ts
 * const turns = readTurns(chatReader, { prepared, responses, transcript, inputLength: input.length });
 * ```
 */
export function readTurns<TResponse, TOutput>(
  reader: TurnReader<TResponse, TOutput>,
  source: TurnSource<TResponse>,
): ChatTurn[] {
  let position = source.inputLength;
  return source.responses.map((response, index): ChatTurn => {
    const { calls, rejected } = reader.adapter.readCalls(response, source.prepared as never);
    const answered = [
      ...calls.map((call) => ({
        index: call.index,
        callId: call.callId,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      })),
      ...rejected.map((call) => ({
        index: call.index,
        callId: call.callId,
        name: call.name,
        arguments: `(rejected: ${call.error.code})`,
      })),
    ].sort((a, b) => a.index - b.index);
    const replayed = reader.adapter.responseItems(response);
    position += replayed.length;
    // The loop puts the answers right after the response's items, in the model's order.
    const { outputs, items } = reader.answers(source.transcript.slice(position), answered.length);
    position += items;
    return {
      turn: index + 1,
      text: reader.text(response),
      calls: answered.map((call, at) => ({
        callId: call.callId,
        name: call.name,
        arguments: call.arguments,
        returned: outputs[at] === undefined ? "(no output)" : reader.returned(outputs[at]),
      })),
      outputs: outputs.map((output): Json => toJson(output)),
      replayed: reader.showsReplay ? (capStrings(toJson(replayed), REPLAYED_BYTES).value as Json[]) : [],
    };
  });
}
