// What each model call of a conversation said and called, read through the
// adapters (never by hand): the calls are the adapter's own reading of the
// response, and their outputs are the transcript's items at their place.
import type { PreparedTools } from "@x/toolset";
import type { ResolvedToolCalls } from "@x/toolset/adapter";
import type { ChatTurn, Json } from "../shared/api-types";
import { toJson } from "./to-json";

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
    position += reader.adapter.responseItems(response).length;
    // The loop puts one output per call right after the response's items, in the model's order.
    const outputs = source.transcript.slice(position, position + answered.length) as TOutput[];
    position += answered.length;
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
    };
  });
}
