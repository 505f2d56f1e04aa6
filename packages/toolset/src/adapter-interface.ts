import type { Toolset } from "./build-toolset";
import type { NullPathsByTool, PrepareOptions, PreparedTools } from "./prepare-tool-definitions";
import type { OutputOptions, RenderOptions } from "./render-options";
import type { RenderedResult } from "./render-result";
import type { ToolCalls } from "./resolve-tool-calls";
import type { ToolOutcome } from "./to-call-tool-result";

/** Options of an adapter's `toolCalls`: how error answers are rendered, and what its own tool search searches. */
export interface ToolCallsOptions extends OutputOptions {
  /**
   * The index a client-side tool search answers from, as the adapter's
   * `tools()` reported it (`report.toolSearch` of `@x/openai-responses`);
   * opaque here. Given, the adapter answers each tool search in `searches`.
   */
  readonly toolSearch?: unknown;
  /**
   * Call ids answered earlier in the conversation (what `answeredCallIds`
   * gave for its items): a call with one of them is neither run nor answered
   * again. Only for an adapter that has `answeredCallIds`.
   */
  readonly answeredCallIds?: ReadonlySet<string> | undefined;
}

/**
 * One OpenAI API's wire format, bundled for the executor: `@x/openai-chat`
 * and `@x/openai-responses` each export one as `adapter`.
 *
 * @typeParam TTool - a tool definition of the API
 * @typeParam TResponse - what the model returns (a completion, a response, or a list of calls)
 * @typeParam TOutput - the item that answers one call
 * @typeParam TItem - an item of the next request's input (messages or input items)
 */
export interface Adapter<TTool = unknown, TResponse = unknown, TOutput = unknown, TItem = unknown> {
  /**
   * Which API this adapter speaks. `@x/executor` reads it at run time (a paused
   * run resumes only with an adapter of the same API), and `runToolLoop`'s
   * types read it too: on `"responses"` the output items it repeats are typed
   * as the caller's own input items (see `TranscriptEntry` there).
   */
  readonly api: "chat" | "responses";
  /** The request's `tools` and the report of strict preparation. */
  tools(toolset: Toolset, options?: PrepareOptions): PreparedTools<TTool>;
  /**
   * The response's calls: those to run, and those answered already with an
   * error output, rendered with `options` (the same `errorPrefix` as
   * the calls' answers). `nullPaths` (the `tools()` report's) is also
   * the list of tools offered: given, a call to a tool without an entry is
   * rejected as `unknown-tool` even when the toolset has it. With
   * `options.toolSearch`, an adapter with a client-side tool search answers
   * each search in `searches`.
   */
  toolCalls(
    response: TResponse,
    toolset: Toolset,
    nullPaths?: NullPathsByTool,
    options?: ToolCallsOptions,
  ): ToolCalls<TOutput>;
  /**
   * The item answering `callId` with a result `renderResult` rendered: the
   * adapter maps the parts to its wire shape and does nothing else. What
   * `@x/executor` calls.
   */
  renderedOutput(callId: string, rendered: RenderedResult): TOutput;
  /** The item answering `callId` with `outcome`: `renderedOutput(callId, renderResult(outcome, options))`. */
  toolOutput(callId: string, outcome: ToolOutcome, options?: RenderOptions): TOutput;
  /**
   * The items of `response` that the next request's input must repeat before
   * the outputs (Chat: the assistant message with its `tool_calls`;
   * Responses: the output items, reasoning included).
   */
  responseItems(response: TResponse): TItem[];
  /**
   * For an API that takes one answer per call id in a whole conversation
   * (Responses): the call ids `items` answer, which `toolCalls` must then not
   * answer again (given as `options.answeredCallIds`). `@x/executor`'s loop
   * keeps the set as its transcript grows, so each turn reads only its
   * response. Left out (Chat Completions, whose assistant messages are each
   * answered on their own), a response's calls are read on their own.
   */
  answeredCallIds?(items: readonly unknown[]): string[];
}
