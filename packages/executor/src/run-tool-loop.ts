import { ToolError } from "@x/toolset";
import type { OutputOptions, PrepareOptions, Toolset } from "@x/toolset";
import type { Adapter } from "@x/toolset/adapter";
import { now } from "./clock";
import { createDispatcher } from "./dispatcher";
import { roundSettings } from "./execute-options";
import { executeRound } from "./execute-tool-calls";
import type { ExecutorHooks } from "./hook-events";
import type { McpClients } from "./mcp-client";
import { reportStrictProblems } from "./prepare-tools";

/**
 * The default of `maxTurns`: model calls in one `runToolLoop`.
 *
 * @example
 * ```ts
 * await runToolLoop({ model, adapter, toolset, clients, input, maxTurns: DEFAULT_MAX_TURNS * 2 });
 * ```
 */
export const DEFAULT_MAX_TURNS = 10;

/** What the model function receives besides the input and the tools. */
export interface ModelContext {
  /** 1 for the first call. */
  readonly turn: number;
  /** The loop's signal, to pass on to the HTTP client (it stops the request when the run is aborted). */
  readonly signal: AbortSignal | undefined;
}

/**
 * Calls the model: typically a thin wrapper over `openai.chat.completions.create`
 * or `openai.responses.create`. It receives a fresh copy of the whole
 * transcript each turn.
 */
export type ModelFunction<TTool, TResponse, TEntry> = (
  input: TEntry[],
  tools: TTool[],
  context: ModelContext,
) => TResponse | PromiseLike<TResponse>;

/** The tool definitions an adapter's `tools` gives: the request's `tools`. */
export type AdapterTool<TAdapter extends Adapter> = ReturnType<TAdapter["tools"]>["tools"][number];

/** The items an adapter answers calls with (its `Adapter` output type): the outputs of the transcript. */
export type AdapterOutput<TAdapter extends Adapter> =
  TAdapter extends Adapter<unknown, never, infer TOutput, unknown> ? TOutput : never;

/**
 * An entry of `runToolLoop`'s transcript: an input item, an output answering
 * a call, or an item the adapter repeats from a response. Chat Completions
 * repeats its own assistant message (the type `responseItems` returns).
 * On the Responses API (`api: "responses"`) output items go back as input
 * items of the same API, which the adapter's own types can only type loosely
 * without depending on `openai`: they are typed as the caller's input items,
 * and `runToolLoop` checks, for the model function's response type, that
 * `responseItems` gives such items.
 */
export type TranscriptEntry<TAdapter extends Adapter, TInput> =
  | TInput
  | AdapterOutput<TAdapter>
  | (TAdapter["api"] extends "responses" ? never : ReturnType<TAdapter["responseItems"]>[number]);

// What `responseItems` of the model function's response type must give:
// transcript entries. `unknown` while TypeScript is still inferring that
// response type from the model function (its first pass), so the check waits
// for the real type instead of failing on a placeholder.
type ResponseItemsOf<TResponse, TEntry> = unknown extends TResponse ? unknown : TEntry;

/**
 * Options of {@link runToolLoop}.
 *
 * @typeParam TAdapter - the adapter: it gives the tool, output and (Chat) repeated item types
 * @typeParam TResponse - what the model function returns (e.g. the openai package's `ChatCompletion`)
 * @typeParam TInput - an item of the caller's input (e.g. openai's `ChatCompletionMessageParam`)
 */
export interface ToolLoopOptions<TAdapter extends Adapter, TResponse, TInput> {
  /** Calls the model with the transcript and the tools. */
  readonly model: ModelFunction<AdapterTool<TAdapter>, TResponse, TranscriptEntry<TAdapter, TInput>>;
  /**
   * `adapter` from `@x/openai-chat` or `@x/openai-responses`. The response type
   * comes from the model function, which the adapter must be able to read; its
   * `responseItems` of that type must give transcript entries (with the
   * Responses adapter: input items).
   */
  readonly adapter: TAdapter & {
    toolCalls(response: NoInfer<TResponse>, ...rest: never[]): unknown;
    responseItems(
      response: NoInfer<TResponse>,
    ): readonly NoInfer<ResponseItemsOf<TResponse, TranscriptEntry<TAdapter, TInput>>>[];
  };
  readonly toolset: Toolset;
  /** MCP clients by server name: a record or a `Map`; a connected SDK `Client` works as is. */
  readonly clients: McpClients;
  /** The conversation so far (messages or input items); it is not mutated. */
  readonly input: readonly TInput[];
  /** The most model calls (a positive integer). Default 10. */
  readonly maxTurns?: number | undefined;
  /**
   * Strict mode of the tools. Default `"auto"`. Only the tools sent can run:
   * under `true`, a call to a tool left out is answered as an unknown tool.
   */
  readonly strict?: PrepareOptions["strict"] | undefined;
  /** Passed to `strictSchema` for every tool. */
  readonly strictOptions?: PrepareOptions["strictOptions"] | undefined;
  /** Receives every event of the run: strict fallbacks and exclusions, turns, calls. */
  readonly hooks?: ExecutorHooks | undefined;
  /** Stops the loop: calls in flight are cancelled and answered, no further model call is made. */
  readonly signal?: AbortSignal | undefined;
  /** As in `executeToolCalls`. */
  readonly timeoutMs?: number | undefined;
  /** As in `executeToolCalls`. Default `false`. */
  readonly resetTimeoutOnProgress?: boolean | undefined;
  /** As in `executeToolCalls`. Default 16. */
  readonly concurrency?: number | undefined;
  /** As in `executeToolCalls`. */
  readonly includeValues?: boolean | undefined;
  /** As in `executeToolCalls`. Default 100 000. */
  readonly maxOutputBytes?: number | undefined;
  /** As in `executeToolCalls`. */
  readonly output?: OutputOptions | undefined;
}

/** Why the loop stopped. */
export type StopReason = "completed" | "max-turns" | "aborted";

/** The end of a run. */
export interface ToolLoopResult<TResponse, TEntry> {
  /** The last response of the model (`undefined` only when the signal aborted before the first model call returned). */
  readonly response: TResponse | undefined;
  /**
   * The whole transcript: the input, then for each turn the response's items
   * and the outputs answering its calls. Every call in it is answered exactly
   * once, so it is a valid input for a next request whatever the stop reason.
   */
  readonly input: TEntry[];
  /** Model calls that returned. */
  readonly turns: number;
  /**
   * `completed`: the last response had no tool calls; `max-turns`: `maxTurns`
   * model calls were made (the last response's calls are answered too);
   * `aborted`: the signal aborted.
   */
  readonly stopReason: StopReason;
}

/**
 * Runs the agent loop: calls `model(input, tools)`, appends the response's
 * items (`adapter.responseItems`) and the outputs answering its calls (run on
 * the MCP clients as `executeToolCalls` does), and repeats until a response
 * has no calls, `maxTurns` responses have been answered, or `signal` aborts.
 * With the Responses adapter, a `call_id` the model reuses from an earlier
 * turn is answered already: that call is not run and gets no second output
 * (the API takes one output per `call_id` in a conversation).
 *
 * A model function that throws (or rejects) ends the loop: a `turn-end` event
 * carrying the error is emitted and the returned promise rejects with that
 * error, since there is no call to answer and no response to return. When the
 * signal has aborted, a throw from the model function (typically the HTTP
 * client's abort error) ends the loop as `aborted` instead.
 *
 * @param options - the model function, adapter, toolset, clients, input and limits
 * @returns the last response, the whole transcript, the number of turns and why it stopped
 * @throws whatever the model function throws (unless the signal aborted); a `ToolError("invalid-options")` for a wrong
 *   option, before the model is called
 *
 * @example
 * ```ts
 * import OpenAI from "openai";
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js";
 * import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
 * import { buildToolset } from "@x/toolset";
 * import { adapter } from "@x/openai-chat";
 * import { runToolLoop } from "@x/executor";
 *
 * const client = new Client({ name: "agent", version: "1.0.0" });
 * await client.connect(
 *   new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-everything", "stdio"], stderr: "ignore" }),
 * );
 * const { toolset } = buildToolset({ everything: (await client.listTools()).tools });
 *
 * const openai = new OpenAI();
 * const input: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "What is 2 + 3? Use the tool." }];
 * const { response, stopReason } = await runToolLoop({
 *   model: (messages, tools, { signal }) =>
 *     openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }, { signal }),
 *   adapter,
 *   toolset,
 *   clients: { everything: client },
 *   input,
 *   maxTurns: 5,
 * });
 * ```
 */
export async function runToolLoop<TAdapter extends Adapter, TResponse, TInput>(
  options: ToolLoopOptions<TAdapter, TResponse, TInput>,
): Promise<ToolLoopResult<TResponse, TranscriptEntry<TAdapter, TInput>>> {
  type Entry = TranscriptEntry<TAdapter, TInput>;
  const { model, adapter, toolset, clients, signal, maxTurns = DEFAULT_MAX_TURNS } = options;
  if (typeof model !== "function") {
    throw new ToolError("invalid-options", "The option model must be a function (input, tools) => response.");
  }
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new ToolError("invalid-options", `The option maxTurns must be a positive integer; got ${String(maxTurns)}.`);
  }
  const settings = roundSettings({
    adapter,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.resetTimeoutOnProgress === undefined ? {} : { resetTimeoutOnProgress: options.resetTimeoutOnProgress }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
    ...(options.output === undefined ? {} : { output: options.output }),
    ...(signal === undefined ? {} : { signal }),
  });
  const dispatcher = createDispatcher(options.hooks, options.includeValues === true);

  const prepared = adapter.tools(toolset, {
    ...(options.strict === undefined ? {} : { strict: options.strict }),
    ...(options.strictOptions === undefined ? {} : { strictOptions: options.strictOptions }),
  });
  reportStrictProblems(toolset, prepared, dispatcher);
  const round = { ...settings, nullPaths: prepared.report.plans };

  // A function, not a property read: the signal may abort while the loop awaits.
  const aborted = (): boolean => signal?.aborted === true;
  const transcript: Entry[] = [...options.input];
  let response: TResponse | undefined;
  let turns = 0;
  while (!aborted()) {
    const turn = turns + 1;
    const startTime = now();
    const turnEnd = (callCount: number, rejectedCount: number, failure: { error?: unknown }): void => {
      const end = now();
      dispatcher.emit({ type: "turn-end", timestamp: end, turn, startTime, durationMs: end - startTime, callCount, rejectedCount, ...failure });
    };
    dispatcher.emit({ type: "turn-start", timestamp: startTime, turn, inputLength: transcript.length });
    try {
      response = await model([...transcript], [...prepared.tools], { turn, signal });
    } catch (error) {
      turnEnd(0, 0, { error });
      if (aborted()) break;
      throw error;
    }
    turns = turn;
    // Entries by the options' type: it checked responseItems against the model's response type.
    transcript.push(...(adapter.responseItems(response) as Entry[]));
    // Responses: the API takes one output per call_id in a whole conversation, so
    // a call_id the model reuses from an earlier turn is answered already. The
    // adapter skips every call its items answer: given the transcript, it reads
    // this turn's new calls only (a reused one is neither run nor answered again).
    // Chat Completions answers each assistant message on its own: the response is enough.
    const called = adapter.api === "responses" ? (transcript as unknown as TResponse) : response;
    const { outcomes, outputs } = await executeRound(called, toolset, clients, round, dispatcher);
    // The adapter's outputs: the generic adapter's type erased them to unknown here.
    transcript.push(...(outputs as AdapterOutput<TAdapter>[]));
    const rejectedCount = outcomes.filter((o) => o.kind === "rejected").length;
    turnEnd(outcomes.length - rejectedCount, rejectedCount, {});
    if (outputs.length === 0) return { response, input: transcript, turns, stopReason: "completed" };
    if (aborted()) break;
    if (turns >= maxTurns) return { response, input: transcript, turns, stopReason: "max-turns" };
  }
  return { response, input: transcript, turns, stopReason: "aborted" };
}
