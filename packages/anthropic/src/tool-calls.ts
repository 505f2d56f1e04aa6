import type { OutputOptions, PlansByTool, ToolCalls, Toolset } from "@x/toolset";
import { renderResult, resolveToolCalls } from "@x/toolset/adapter";
import type { RawToolCall, ResolvedToolCalls } from "@x/toolset/adapter";
import type { AnthropicResponse, AnthropicToolResultBlock, AnthropicToolUseBlock } from "./anthropic-types";
import { readReply, readToolUses, text } from "./read-tool-uses";
import { ANTHROPIC_ERROR_PREFIX, renderedOutput } from "./tool-output";

/** What {@link toolCalls} needs of the prepared tools: the toolset, and the plans of the tools offered. */
export interface OfferedTools {
  readonly toolset: Toolset;
  /** Exposed name → plan, for every tool the request offered (and no other). */
  readonly plans: PlansByTool;
}

/**
 * The arguments `resolveToolCalls` decodes for one block. `input` arrives as
 * an object; what decoding must refuse is handed over as JSON text that says
 * so: streamed input that is not JSON as it streamed (`arguments-not-json`),
 * any other non-object as its JSON (`arguments-not-object`, naming its kind).
 */
function sentArguments(block: AnthropicToolUseBlock): string {
  if (typeof block.input_json === "string") return block.input_json;
  try {
    // An object (the API's form) as JSON text; anything else too, so that its kind is named.
    return JSON.stringify(block.input) ?? "null";
  } catch {
    // A cycle or a BigInt in a hand-made message: not an object JSON can carry.
    return "null";
  }
}

function rawCall(block: AnthropicToolUseBlock, index: number, cutOff: boolean): RawToolCall {
  const name = text(block.name);
  if (cutOff) return { callId: block.id, name, arguments: undefined, index, kind: "incomplete" };
  return { callId: block.id, name, arguments: sentArguments(block), index, kind: "function" };
}

/** The one place the calls meet `@x/toolset`'s resolution: names, offered tools, arguments restored. */
function resolve(raw: readonly RawToolCall[], offered: OfferedTools): ResolvedToolCalls {
  return resolveToolCalls(raw, offered.toolset, offered.plans);
}

/**
 * The model's tool calls: those to run, and those answered already.
 *
 * Each `tool_use` block of the reply whose name is a tool offered becomes a
 * call with its `input` restored by the tool's plan (encodings undone). A
 * block calling an unknown tool (or one left out of the request), whose
 * `input` is not an object, which shares its id with another, or which was
 * cut off (`collectStream` marked it incomplete, or the reply stopped at
 * `max_tokens` inside it) gives no call but a `tool_result` with
 * `is_error: true` telling the model what was wrong, in `rejected`. Never
 * throws on what the model sent.
 *
 * @param response - a `Message`, its `content`, or `messages` entries (the last assistant message is read)
 * @param offered - what `tools()` returned (its `toolset` and `plans`)
 * @param options - how the rejected calls' answers are worded (`errorPrefix`, default `""`)
 * @returns `calls` to run and `rejected` (each with its `output`), both in the model's order
 * @example
 * ```ts
 * const prepared = tools(toolset);
 * const message = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: prepared.tools });
 * const { calls, rejected } = toolCalls(message, prepared);
 * ```
 */
export function toolCalls(
  response: AnthropicResponse,
  offered: OfferedTools,
  options?: OutputOptions,
): ToolCalls<AnthropicToolResultBlock> {
  const raw = readToolUses(readReply(response)).map(({ block, cutOff }, index) => rawCall(block, index, cutOff));
  const { calls, rejected } = resolve(raw, offered);
  const wording = { ...options, errorPrefix: options?.errorPrefix ?? ANTHROPIC_ERROR_PREFIX };
  return {
    calls,
    rejected: rejected.map((rejection) => ({
      ...rejection,
      output: renderedOutput(rejection, renderResult(rejection.error, wording)),
    })),
  };
}
