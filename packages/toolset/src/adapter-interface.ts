import type { Toolset } from "./build-toolset";
import type { PrepareOptions } from "./prepare-tool-definitions";
import type { PreparedTools } from "./prepared-tools";
import type { RenderedResult } from "./render-result";
import type { ResolvedToolCalls } from "./resolve-tool-calls";

/** The call an answer is for: its id, and the name the model called (Gemini's answer repeats it). */
export interface CallRef {
  readonly callId: string;
  readonly name: string;
  /** The type of the API item that made the call, where the answer's type depends on it (Responses). */
  readonly itemType?: string;
}

/** Options of an adapter's `readCalls` and `toolCalls`. */
export interface ToolCallsOptions {
  /**
   * Call ids answered earlier in the conversation (what `answeredCallIds`
   * gave): a call with one of them is neither run nor answered again. Only
   * for an adapter that has `answeredCallIds`.
   */
  readonly answeredCallIds?: ReadonlySet<string> | undefined;
}

/**
 * How a response ended when it holds no call to answer: `"complete"` (the
 * model is done), `"continue"` (call the model again with nothing added:
 * Anthropic's `pause_turn`), or `{ incomplete }` with the API's reason (a
 * token limit, a refusal, a safety stop).
 */
export type ResponseEnd = "complete" | "continue" | { readonly incomplete: string };

/**
 * One model API's wire format, bundled for `@x/executor`: each adapter
 * package (`@x/openai-chat`, `@x/openai-responses`, `@x/anthropic`,
 * `@x/gemini`) exports one as `adapter`.
 *
 * @typeParam TTool - a tool definition of the API
 * @typeParam TResponse - what the model returns
 * @typeParam TOutput - the answer to one call
 * @typeParam TItem - an item of the next request's conversation (a message, an input item, a content)
 * @typeParam TOptions - the options of its `tools()`
 */
export interface Adapter<
  TTool = unknown,
  TResponse = unknown,
  TOutput = unknown,
  TItem = unknown,
  TOptions extends PrepareOptions = PrepareOptions,
> {
  /** Which API this adapter speaks: a paused run resumes only with an adapter of the same API. */
  readonly api: "chat" | "responses" | "anthropic" | "gemini";
  /** The request's tools for `toolset`, and everything a round needs to answer the model's calls. */
  tools(toolset: Toolset, options?: TOptions): PreparedTools<TTool, TResponse, TOutput, TItem>;
  /**
   * The calls of a response (or of the items `responseItems` gave for it),
   * resolved against `prepared`: those to run, those to answer with an error
   * (not yet rendered), and the tool searches the adapter answered itself.
   * Never throws, whatever the response holds.
   */
  readCalls(
    response: TResponse | readonly TItem[],
    prepared: PreparedTools<TTool, TResponse, TOutput, TItem>,
    options?: ToolCallsOptions,
  ): ResolvedToolCalls<TOutput>;
  /** The answer to `call` from a rendered result (`renderResult`): the adapter maps the parts and nothing else. */
  renderedOutput(call: CallRef, rendered: RenderedResult): TOutput;
  /** What the next request repeats of `response`, as received (reasoning and signatures included). */
  responseItems(response: TResponse): TItem[];
  /**
   * The items answering one turn, from its answers in the model's order:
   * the answers themselves (OpenAI), or one message holding them all
   * (Anthropic's user message of `tool_result`s, Gemini's content of
   * `functionResponse`s). `[]` for no answers.
   */
  turnItems(outputs: readonly TOutput[]): TItem[];
  /** One user message holding `text`. */
  userMessage(text: string): TItem;
  /** How `response` ended, read when it holds no call to answer. */
  responseEnd(response: TResponse): ResponseEnd;
  /**
   * The first way `items` break the API's rule that every call is answered
   * exactly once, where the API wants its answer (`undefined` when they keep
   * it): what `resumeToolLoop` checks a stored transcript with before
   * anything runs. Never throws.
   */
  transcriptProblem?(items: readonly unknown[]): string | undefined;
  /**
   * The tools this turn's request sends, for an API whose tool search runs
   * on the client with no way to load what it found (Gemini): the prepared
   * tools plus those earlier searches in `transcript` found. Left out, every
   * turn sends `prepared.tools`.
   */
  turnTools?(prepared: PreparedTools<TTool, TResponse, TOutput, TItem>, transcript: readonly unknown[]): TTool[];
  /**
   * For an API that takes one answer per call id in a whole conversation
   * (Responses): the call ids `items` answer. Left out where each response's
   * calls are answered on their own.
   */
  answeredCallIds?(items: readonly unknown[]): string[];
}
