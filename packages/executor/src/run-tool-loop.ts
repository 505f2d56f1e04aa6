import { ToolError } from "@x/toolset";
import type { PrepareOptions, StreamDelta, Toolset } from "@x/toolset";
import type { Adapter } from "@x/toolset/adapter";
import { executeApprovedRound } from "./approved-round";
import type { ApproveFunction } from "./approve-calls";
import { now } from "./clock";
import { createDispatcher, NOOP_DISPATCHER } from "./dispatcher";
import { roundSettings } from "./execute-options";
import type { ExecuteOptions } from "./execute-options";
import { executeRound } from "./execute-tool-calls";
import type { ExecutorHooks } from "./hook-events";
import type { McpClients } from "./mcp-client";
import { reportStrictProblems } from "./prepare-tools";
import { TurnToolsMaker } from "./turn-tools";
import type { TurnToolNames } from "./turn-tools";
import { addUsage } from "./stop-when";
import type { RunUsage, StopCondition } from "./stop-when";
import { TOOL_LOOP_STATE_FORMAT } from "./tool-loop-state";
import type { ToolLoopState } from "./tool-loop-state";

/**
 * The default of `maxTurns`: model calls in one `runToolLoop`.
 *
 * @example
 * ```ts
 * await runToolLoop({ model, adapter, toolset, clients, input, maxTurns: DEFAULT_MAX_TURNS * 2 });
 * ```
 */
export const DEFAULT_MAX_TURNS = 10;

const ignoreDelta = (): void => {};

/** What the model function receives besides the input and the tools. */
export interface ModelContext {
  /** 1 for the first call. */
  readonly turn: number;
  /** The loop's signal, to pass on to the HTTP client (it stops the request when the run is aborted). */
  readonly signal: AbortSignal | undefined;
  /**
   * For a streamed request: pass it to the adapter's `collectStream` (with
   * `signal`) and each text and arguments delta becomes a `model-delta`
   * event as it arrives. Does nothing without a `model-delta` hook.
   *
   * ```ts
   * model: async (input, tools, { signal, onDelta }) =>
   *   collectStream(await openai.responses.create({ model: "gpt-5", input, tools, stream: true }, { signal }), {
   *     signal,
   *     onDelta,
   *   }),
   * ```
   */
  readonly onDelta: (delta: StreamDelta) => void;
  /**
   * The turn's `allowedTools` names (`undefined` without that option): send
   * them as the request's `tool_choice` with the adapter package's
   * `allowedTools(names)`, beside the whole `tools` list.
   */
  readonly allowedTools: readonly string[] | undefined;
  /**
   * With `conversation: "previous-response"`: the id of the last response,
   * to send as `previous_response_id`; `null` on the first turn and without
   * that option (the API takes `null` as none).
   */
  readonly previousResponseId: string | null;
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

/** A tool definition of the adapter's API: an entry of the request's `tools`, as the adapter's `tools` gives them. */
export type AdapterTool<TAdapter extends Adapter> = ReturnType<TAdapter["tools"]>["tools"][number];

/** The item the adapter answers a call with (a Chat tool message, a Responses `function_call_output`, …). */
export type AdapterOutput<TAdapter extends Adapter> =
  TAdapter extends Adapter<unknown, never, infer TOutput, unknown> ? TOutput : never;

/**
 * An entry of `runToolLoop`'s transcript: one of your input items, an output
 * answering a call, or an item the adapter repeats from a response. Chat
 * Completions repeats the assistant message as the adapter types it
 * (`responseItems`' own type). The Responses API (`adapter.api` is
 * `"responses"`) takes its output items back as input items, which the
 * adapter can type only loosely without depending on `openai`: they are typed
 * as your input items, and `runToolLoop` checks, for your model function's
 * response type, that `responseItems` really gives such items.
 *
 * @typeParam TAdapter - the adapter's type (`typeof adapter`)
 * @typeParam TInput - an item of your input (e.g. openai's `ChatCompletionMessageParam`)
 */
export type TranscriptEntry<TAdapter extends Adapter, TInput> =
  | TInput
  | AdapterOutput<TAdapter>
  | (TAdapter["api"] extends "responses" ? never : ReturnType<TAdapter["responseItems"]>[number]);

// While TypeScript is still inferring the response type from the model
// function (its first pass, where it is `unknown`), the adapter is checked
// against nothing: `never` for the response it reads, `unknown` for the items
// it gives, so the check waits for the real type instead of failing on a
// placeholder.
type InferredResponse<TResponse> = unknown extends TResponse ? never : TResponse;
type ItemsFor<TResponse, TEntry> = unknown extends TResponse ? unknown : TEntry;

/**
 * What the adapter must do with the model function's response type: read its
 * calls, and repeat its items as transcript entries. Function properties, not
 * methods, so that TypeScript checks the response type strictly.
 */
interface ReadsResponse<TResponse, TEntry> {
  readonly toolCalls: (response: InferredResponse<TResponse>, toolset: Toolset) => unknown;
  readonly responseItems: (response: InferredResponse<TResponse>) => readonly ItemsFor<TResponse, TEntry>[];
}

// The adapter as given when it reads the response type, else what it should
// be (so the error says which function does not fit). Not `TAdapter & …`:
// TypeScript let an adapter through that intersection whose toolCalls cannot
// read the response (executor.test-d.ts has both directions).
type CheckedAdapter<TAdapter, TResponse, TEntry> =
  TAdapter extends ReadsResponse<NoInfer<TResponse>, NoInfer<TEntry>>
    ? TAdapter
    : ReadsResponse<NoInfer<TResponse>, NoInfer<TEntry>>;

/**
 * Options of {@link runToolLoop}.
 *
 * @typeParam TAdapter - the adapter's type: it gives the tool, output and (Chat) repeated item types
 * @typeParam TResponse - what the model function returns (e.g. the openai package's `ChatCompletion`)
 * @typeParam TInput - an item of `input` (e.g. openai's `ChatCompletionMessageParam`)
 */
export interface ToolLoopOptions<TAdapter extends Adapter, TResponse, TInput> extends Pick<
  ExecuteOptions<unknown, unknown>,
  "timeoutMs" | "resetTimeoutOnProgress" | "concurrency" | "includeValues" | "maxOutputBytes" | "output"
> {
  /** Calls the model with the transcript and the tools. */
  readonly model: ModelFunction<AdapterTool<TAdapter>, TResponse, TranscriptEntry<TAdapter, TInput>>;
  /**
   * `adapter` from `@x/openai-chat` or `@x/openai-responses`. The response type
   * comes from the model function (e.g. the openai package's `ChatCompletion`),
   * which the adapter must be able to read; its `responseItems` of that type
   * must give transcript entries (with the Responses adapter: input items).
   */
  readonly adapter: CheckedAdapter<TAdapter, TResponse, TranscriptEntry<TAdapter, TInput>>;
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
  /**
   * Decides whether each call runs, as in `executeToolCalls`. A call it
   * answers `"pause"` for stops the run after the turn's other calls are
   * answered: `stopReason: "needs-approval"`, with a `state` to give
   * `resumeToolLoop` once the decision is made.
   */
  readonly approve?: ApproveFunction | undefined;
  /** Receives every event of the run: strict fallbacks and exclusions, turns, calls. */
  readonly hooks?: ExecutorHooks | undefined;
  /** Stops the loop: calls in flight are cancelled and answered, no further model call is made. */
  readonly signal?: AbortSignal | undefined;
  /**
   * The tools sent each turn, by exposed name: a list, or a function of the
   * turn and the transcript (`undefined`: all). A call to a tool not sent
   * this turn is answered as an unknown tool and never runs.
   */
  readonly activeTools?: TurnToolNames<TranscriptEntry<TAdapter, TInput>> | undefined;
  /**
   * The tools the model may call each turn, by exposed name (a list, or a
   * function of the turn and the transcript), while every tool is still sent:
   * the request's prefix stays the same, so the prompt cache keeps working.
   * The model function gets the names as `allowedTools`, for the API's
   * `allowed_tools` tool choice; a call to another tool is answered as an
   * unknown tool and never runs.
   */
  readonly allowedTools?: TurnToolNames<TranscriptEntry<TAdapter, TInput>> | undefined;
  /**
   * Stops the run after a turn whose calls are answered, when a condition
   * is met (`toolCalled(name)`, `usageAtLeast({ totalTokens })`, or your own):
   * `stopReason: "stop-when"`, and `stoppedBy` names the condition.
   */
  readonly stopWhen?: StopCondition | readonly StopCondition[] | undefined;
  /**
   * `"previous-response"` (Responses API, with stored responses): after the
   * first turn, the model function gets only the items the server has not
   * seen (the outputs answering the last response's calls) and
   * `context.previousResponseId` to send as `previous_response_id`. The
   * returned transcript is still the whole conversation. Default
   * `"send-everything"`: the whole transcript every turn (works with
   * `store: false`).
   */
  readonly conversation?: "send-everything" | "previous-response" | undefined;
}

/** Why the loop stopped. */
export type StopReason = "completed" | "max-turns" | "aborted" | "needs-approval" | "stop-when";

/** The end of a run. */
export interface ToolLoopResult<TResponse, TEntry, TOutput = unknown> {
  /**
   * The last response of the model (`undefined` when the signal aborted
   * before the first model call returned, and after a resume that made no
   * model call).
   */
  readonly response: TResponse | undefined;
  /**
   * The whole transcript: the input, then for each turn the response's items
   * and the outputs answering its calls. Every call in it is answered exactly
   * once, so it is a valid input for a next request whatever the stop reason
   * (but `needs-approval`: then the last turn's answers wait in `state`).
   */
  readonly input: TEntry[];
  /** Model calls that returned. */
  readonly turns: number;
  /**
   * `completed`: the last response had no tool calls; `max-turns`: `maxTurns`
   * model calls were made (the last response's calls are answered too);
   * `aborted`: the signal aborted; `needs-approval`: `approve` answered
   * `"pause"` for a call (see `state`); `stop-when`: a `stopWhen` condition
   * was met (see `stoppedBy`; the last turn's calls are answered).
   */
  readonly stopReason: StopReason;
  /**
   * With `needs-approval` only: the paused run, as plain JSON. Store it
   * (`JSON.stringify`) and give it to `resumeToolLoop` with the decisions.
   */
  readonly state?: ToolLoopState<TEntry, TOutput>;
  /** With `stop-when` only: the `name` of the condition that was met. */
  readonly stoppedBy?: string;
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
 *   new StdioClientTransport({
 *     command: "npx",
 *     args: ["-y", "@modelcontextprotocol/server-everything", "stdio"],
 *     stderr: "ignore",
 *   }),
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
export function runToolLoop<TAdapter extends Adapter, TResponse, TInput>(
  options: ToolLoopOptions<TAdapter, TResponse, TInput>,
): Promise<ToolLoopResult<TResponse, TranscriptEntry<TAdapter, TInput>, AdapterOutput<TAdapter>>> {
  // The types are proved here, at the call site: the loop passes entries, responses and outputs along without
  // looking into them (the adapter does), so it is written over `unknown` (see LoopOptions).
  return runTurns(options as LoopOptions, 0) as Promise<
    ToolLoopResult<TResponse, TranscriptEntry<TAdapter, TInput>, AdapterOutput<TAdapter>>
  >;
}

/** The options as the loop itself sees them: entries, responses and outputs it only passes along. */
export type LoopOptions = ToolLoopOptions<Adapter, unknown, unknown>;

/** Where a `previous-response` conversation stands: the last response's id, and the transcript entries it had seen. */
export interface ConversationPoint {
  readonly previousResponseId: string;
  readonly seen: number;
}

const responseId = (response: unknown): string | undefined =>
  typeof response === "object" && response !== null && "id" in response && typeof response.id === "string"
    ? response.id
    : undefined;

/**
 * The loop of {@link runToolLoop}, after `turnsBefore` model calls (those of
 * a run `resumeToolLoop` continues: they count towards `maxTurns` and number
 * the turns).
 */
export async function runTurns(
  options: LoopOptions,
  turnsBefore: number,
  resumeFrom?: ConversationPoint,
): Promise<ToolLoopResult<unknown, unknown>> {
  const { model, adapter, toolset, clients, signal, maxTurns = DEFAULT_MAX_TURNS } = options;
  if (typeof model !== "function") {
    throw new ToolError("invalid-options", "The option model must be a function (input, tools) => response.");
  }
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new ToolError("invalid-options", `The option maxTurns must be a positive integer; got ${String(maxTurns)}.`);
  }
  const byId = options.conversation === "previous-response";
  if (options.conversation !== undefined && !byId && options.conversation !== "send-everything") {
    throw new ToolError(
      "invalid-options",
      `The option conversation must be "send-everything" or "previous-response"; got ${String(options.conversation)}.`,
    );
  }
  // The options a round takes have the same names here: roundSettings checks them and reads only those.
  const settings = roundSettings({ ...options, adapter });
  const dispatcher = createDispatcher(options.hooks, options.includeValues === true);

  const prepareOptions = {
    ...(options.strict === undefined ? {} : { strict: options.strict }),
    ...(options.strictOptions === undefined ? {} : { strictOptions: options.strictOptions }),
  };
  const prepared = adapter.tools(toolset, prepareOptions);
  reportStrictProblems(toolset, prepared, dispatcher);
  const turnTools = new TurnToolsMaker({
    adapter,
    toolset,
    prepareOptions,
    all: prepared,
    activeTools: options.activeTools,
    allowedTools: options.allowedTools,
  });
  const stopWhen: readonly StopCondition[] =
    options.stopWhen === undefined ? [] : "met" in options.stopWhen ? [options.stopWhen] : options.stopWhen;
  let usage: RunUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

  // A function, not a property read: the signal may abort while the loop awaits.
  const aborted = (): boolean => signal?.aborted === true;
  const transcript: unknown[] = [...options.input];
  // Responses: the API takes one output per call_id in a whole conversation,
  // so a call_id the model reuses from earlier (this run or the input) is
  // answered already: the adapter skips calls with these ids (a reused one is
  // neither run nor answered again). Kept as the transcript grows, so each
  // turn reads only its response. Chat Completions answers each assistant
  // message on its own: its adapter has no answeredCallIds.
  const answeredIds = adapter.answeredCallIds === undefined ? undefined : new Set(adapter.answeredCallIds(transcript));
  const remember = (entries: readonly unknown[]): void => {
    if (answeredIds === undefined) return;
    for (const id of adapter.answeredCallIds?.(entries) ?? []) answeredIds.add(id);
  };
  // With previous-response: the last response's id and how much of the transcript the server has.
  let point = resumeFrom;
  let response: unknown;
  let turns = turnsBefore;
  if (turns >= maxTurns) return { response, input: transcript, turns, stopReason: "max-turns" };
  while (!aborted()) {
    const turn = turns + 1;
    const startTime = now();
    const turnEnd = (callCount: number, rejectedCount: number, failure: { error?: unknown }): void => {
      const end = now();
      dispatcher.emit({
        type: "turn-end",
        timestamp: end,
        turn,
        startTime,
        durationMs: end - startTime,
        callCount,
        rejectedCount,
        ...failure,
      });
    };
    dispatcher.emit({ type: "turn-start", timestamp: startTime, turn, inputLength: transcript.length });
    const offered = turnTools.forTurn({ turn, transcript });
    try {
      const onDelta =
        dispatcher === NOOP_DISPATCHER
          ? ignoreDelta
          : (delta: StreamDelta): void => dispatcher.emit({ type: "model-delta", timestamp: now(), turn, delta });
      const sent = byId && point !== undefined ? transcript.slice(point.seen) : [...transcript];
      const previousResponseId = byId ? (point?.previousResponseId ?? null) : null;
      const context = { turn, signal, onDelta, allowedTools: offered.allowedTools, previousResponseId };
      response = await model(sent, offered.tools, context);
    } catch (error) {
      turnEnd(0, 0, { error });
      if (aborted()) break;
      throw error;
    }
    turns = turn;
    const items = adapter.responseItems(response);
    transcript.push(...items);
    const id = responseId(response);
    if (byId && id !== undefined) point = { previousResponseId: id, seen: transcript.length };
    const context = {
      settings: { ...settings, nullPaths: offered.nullPaths, answeredCallIds: answeredIds },
      toolset,
      clients,
      dispatcher,
    };
    const {
      outcomes,
      outputs,
      pending = [],
    } = options.approve === undefined
      ? await executeRound(response, context)
      : await executeApprovedRound(response, context, options.approve);
    remember(items);
    const rejectedCount = outcomes.filter((o) => o.kind === "rejected").length;
    turnEnd(outcomes.filter((o) => o.kind === "call").length, rejectedCount, {});
    if (pending.length > 0) {
      // The turn's answers wait with the paused calls, so that on resume they all go in in the model's order.
      const answered = outcomes.map(({ callId, index, output }) => ({ callId, index, output }));
      const state: ToolLoopState = {
        format: TOOL_LOOP_STATE_FORMAT,
        api: adapter.api,
        transcript: [...transcript],
        turns,
        answered,
        pending,
        ...(point === undefined ? {} : { conversation: point }),
      };
      return { response, input: transcript, turns, stopReason: "needs-approval", state };
    }
    transcript.push(...outputs);
    remember(outputs);
    usage = addUsage(usage, response);
    if (outputs.length === 0) return { response, input: transcript, turns, stopReason: "completed" };
    const finished = { turn, response, outcomes, usage };
    const met = stopWhen.find((condition) => condition.met(finished));
    if (met !== undefined) return { response, input: transcript, turns, stopReason: "stop-when", stoppedBy: met.name };
    if (aborted()) break;
    if (turns >= maxTurns) return { response, input: transcript, turns, stopReason: "max-turns" };
  }
  return { response, input: transcript, turns, stopReason: "aborted" };
}
