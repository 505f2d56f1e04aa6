import { ToolError } from "@x/toolset";
import type { OutputOptions, PlansByTool, RejectedCall, ToolCalls, ToolSearchAnswer, Toolset } from "@x/toolset";
import { renderResult, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall, Rejection } from "@x/toolset/adapter";
import { geminiName } from "./gemini-name";
import type { GeminiAnswer, GeminiContent, GeminiResponse } from "./gemini-types";
import { readCalls } from "./read-calls";
import type { ReadCall } from "./read-calls";
import { answer, callAnswered } from "./tool-output";
import { answerSearch } from "./tool-search";
import type { GeminiSearchIndex } from "./tool-search";

/** The calls of a Gemini response: those to run, those answered already, and the tool searches answered. */
export interface GeminiToolCalls extends ToolCalls<GeminiAnswer> {
  readonly searches: ToolSearchAnswer<GeminiAnswer>[];
}

/** What {@link toolCalls} reads of what `tools()` returned. */
export interface PreparedForCalls {
  readonly toolset: Toolset;
  readonly plans: PlansByTool;
  readonly searchIndex?: GeminiSearchIndex | undefined;
}

// How many names an unknown-tool answer lists.
const LISTED = 20;

/**
 * The model's function calls: those to run, those answered already, and the
 * searches for deferred tools.
 *
 * Every `functionCall` part of the first candidate's content becomes a call,
 * in order: `callId` is the call's own `id`, or, for a call without one, an id
 * made from the content and the call's position (the same content always
 * gives the same ids; the answer then carries no `id`). A call to a tool
 * offered (declared, or deferred) runs with its arguments restored (the
 * tool's plan undone). A call to any other name, with `args` that are not a
 * JSON object or that the plan cannot restore, with an id another call has
 * too, or of a response without `finishReason` (cut short: the model had
 * not finished) gives no call but a `functionResponse` with `{ error }` that
 * tells the model what was wrong, in `rejected`. A call of the search
 * function is answered in `searches`, with the tools it found. Never throws
 * on what the model sent.
 *
 * @param response - a response (`generateContent`'s, or `collectStream`'s), or the contents `responseItems` gave
 * @param prepared - what `tools()` returned
 * @param options - how the error answers are worded (`errorPrefix`), as the executor's answers are
 * @returns `calls` to run, `rejected` and `searches` (each with its `output`), all in the model's order (`index`)
 * @example
 * ```ts
 * const { calls, rejected, searches } = toolCalls(response, prepared);
 * ```
 */
export function toolCalls(
  response: GeminiResponse | readonly GeminiContent[],
  prepared: PreparedForCalls,
  options?: OutputOptions,
): GeminiToolCalls {
  const { calls: read, cut } = readCalls(response);
  const offered = new Map(Object.keys(prepared.plans).map((exposed) => [geminiName(exposed), exposed]));
  const index = prepared.searchIndex;
  const raw: RawToolCall[] = [];
  const unknown: Rejection[] = [];
  const searches: ToolSearchAnswer<GeminiAnswer>[] = [];
  for (const call of read) {
    if (!cut && index !== undefined && call.name === index.name) {
      searches.push(answerSearch(call.callId, call.args, index, call.index));
      continue;
    }
    const exposed = offered.get(call.name);
    if (exposed === undefined && !cut) {
      unknown.push({ callId: call.callId, name: call.name, index: call.index, error: unknownTool(call.name, offered) });
      continue;
    }
    raw.push({
      callId: call.callId,
      name: exposed ?? call.name,
      arguments: argumentsText(call.args),
      index: call.index,
      kind: cut ? "incomplete" : "function",
    });
  }
  const resolved = resolveToolCalls(raw, prepared.toolset, prepared.plans);
  const rejected = [...unknown, ...resolved.rejected]
    .sort((a, b) => a.index - b.index)
    .map((rejection) => rejectedCall(rejection, read, options));
  return { calls: resolved.calls, rejected, searches };
}

/** A rejection with its answer, named as the model called the tool. */
function rejectedCall(
  rejection: Rejection,
  read: readonly ReadCall[],
  options: OutputOptions | undefined,
): RejectedCall<GeminiAnswer> {
  const calledName = read[rejection.index]?.name ?? rejection.name;
  const output = answer(callAnswered(rejection.callId, calledName), renderResult(rejection.error, options), "parts");
  return { ...rejection, name: calledName, output };
}

/**
 * The arguments as `resolveToolCalls` reads them (JSON text): Gemini sends
 * `args` as an object, or none for a function without parameters. Anything
 * that does not serialise is passed on as it is and refused there.
 */
function argumentsText(args: unknown): unknown {
  if (args === undefined) return undefined;
  try {
    return JSON.stringify(args);
  } catch {
    return args;
  }
}

/** The `unknown-tool` error, listing the Gemini names of the tools offered. */
function unknownTool(name: string, offered: ReadonlyMap<string, string>): ToolError {
  const names = [...offered.keys()];
  const listed = names.slice(0, LISTED).join(", ");
  const more = names.length > LISTED ? ` and ${names.length - LISTED} more` : "";
  const available = names.length === 0 ? "No tools are available." : `Available tools: ${listed}${more}.`;
  const quoted = JSON.stringify(name.length > 100 ? `${name.slice(0, 100)}…` : name);
  return new ToolError("unknown-tool", `There is no tool named ${quoted}. ${available}`);
}
