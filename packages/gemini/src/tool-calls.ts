import { ToolError } from "@x/toolset";
import type { ToolCalls, ToolSearchAnswer } from "@x/toolset";
import { answerRejected, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall, Rejection, ResolvedToolCalls, ResolveTarget, ToolCallsOptions } from "@x/toolset/adapter";
import { geminiName } from "./gemini-name";
import type { GeminiAnswer, GeminiContent, GeminiResponse } from "./gemini-types";
import { readModelCalls } from "./read-calls";
import { answerSearch } from "./tool-search";
import type { GeminiSearchIndex } from "./tool-search";
import type { GeminiTools } from "./tools";

/** The calls of a Gemini response: those to run, those answered already, and the tool searches answered. */
export interface GeminiToolCalls extends ToolCalls<GeminiAnswer> {
  readonly searches: ToolSearchAnswer<GeminiAnswer>[];
}

// How many names an unknown-tool answer lists.
const LISTED = 20;

/**
 * The calls of a response (or of the contents `responseItems` gave for it),
 * resolved against the prepared tools and not yet answered: the Gemini
 * adapter's `readCalls`. Calls of the search function are answered here,
 * from `prepared.searchIndex`. See {@link toolCalls}.
 *
 * @param response - a response, or the contents `responseItems` gave for it
 * @param prepared - the toolset, the plans of the tools offered, and the search index
 * @returns the calls to run, the rejections (unanswered) and the searches (answered), in the model's order
 * @example
 * ```ts
 * const { calls, rejected, searches } = readCalls(response, prepared);
 * ```
 */
export function readCalls(
  response: GeminiResponse | readonly GeminiContent[],
  prepared: ResolveTarget & { readonly searchIndex?: unknown },
  _options?: ToolCallsOptions,
): ResolvedToolCalls<GeminiAnswer> {
  const { calls: read, cut } = readModelCalls(response);
  const offered = new Map(Object.keys(prepared.plans).map((exposed) => [geminiName(exposed), exposed]));
  // (a prepared tools' index is the one its tools() built)
  const index = prepared.searchIndex as GeminiSearchIndex | undefined;
  const raw: RawToolCall[] = [];
  const unknown: Rejection[] = [];
  const searches: ToolSearchAnswer<GeminiAnswer>[] = [];
  for (const call of read) {
    if (!cut && index !== undefined && call.name === index.name) {
      searches.push(answerSearch(call.callId, call.args, index, call.index));
      continue;
    }
    const exposed = offered.get(call.name);
    // A name no tool is declared under (a renamed tool's exposed name included) is unknown to the model.
    if (exposed === undefined && !cut) {
      unknown.push({ callId: call.callId, name: call.name, index: call.index, error: unknownTool(call.name, offered) });
      continue;
    }
    raw.push({
      callId: call.callId,
      name: exposed ?? call.name,
      arguments: call.args,
      parsed: true,
      index: call.index,
      kind: cut ? "incomplete" : "function",
    });
  }
  const resolved = resolveToolCalls(raw, prepared);
  const rejected = [...unknown, ...resolved.rejected].sort((a, b) => a.index - b.index);
  return { calls: resolved.calls, rejected, searches };
}

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
 * tells the model what was wrong, in `rejected`, worded as `prepared.output`
 * says. A call of the search function is answered in `searches`, with the
 * tools it found. Never throws on what the model sent.
 *
 * @param response - a response (`generateContent`'s, or `collectStream`'s), or the contents `responseItems` gave
 * @param prepared - what `tools()` returned
 * @param options - not read by this adapter (it has no conversation-wide call ids)
 * @returns `calls` to run, `rejected` and `searches` (each with its `output`), all in the model's order (`index`)
 * @example
 * ```ts
 * const { calls, rejected, searches } = toolCalls(response, prepared);
 * ```
 */
export function toolCalls(
  response: GeminiResponse | readonly GeminiContent[],
  prepared: GeminiTools,
  options?: ToolCallsOptions,
): GeminiToolCalls {
  return answerRejected(readCalls(response, prepared, options), prepared);
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
