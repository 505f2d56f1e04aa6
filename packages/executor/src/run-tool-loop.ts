import { ToolError } from "@x/toolset";
import type { StreamDelta, Toolset } from "@x/toolset";
import type { Adapter } from "@x/toolset/adapter";
import type { CallOutcome } from "./answer-call";
import { now } from "./clock";
import { createEmit } from "./emit";
import type { Emit } from "./emit";
import { executeSettings, roundSettings } from "./execute-options";
import type { ExecuteOptions } from "./execute-options";
import { nextExecutionId } from "./execution-id";
import type { ExecutorHooks } from "./hook-events";
import { TOOL_LOOP_STATE_FORMAT } from "./loop-state";
import type { ConversationPoint, ToolLoopState } from "./loop-state";
import type { McpClients } from "./mcp-client";
import { approving, runRound } from "./run-round";
import type { AwaitingInput, RoundContext } from "./run-round";
import { addUsage, responseUsage, stopConditions } from "./stop-when";
import type { FinishedTurn, RunUsage, StopWhen } from "./stop-when";
import { TurnToolsMaker } from "./turn-tools";
import type { TurnToolNames } from "./turn-tools";

/**
 * The default of `maxTurns`: model calls in one `runToolLoop`.
 *
 * @example
 * ```ts
 * await runToolLoop({ model, adapter, servers, input, maxTurns: DEFAULT_MAX_TURNS * 2 });
 * ```
 */
export const DEFAULT_MAX_TURNS = 10;

/** What the model function receives besides the input and the tools. */
export interface ModelContext {
  /** 1 for the first call. */
  readonly turn: number;
  /** The loop's signal, to pass on to the HTTP client (it stops the request when the run is aborted). */
  readonly signal: AbortSignal | undefined;
  /**
   * For a streamed request: pass it to the adapter's `collectStream` (with
   * `signal`) and each text and arguments delta becomes a `model-delta`
   * event as it arrives.
   */
  readonly onDelta: (delta: StreamDelta) => void;
  /**
   * The turn's `allowedTools` names (`undefined` without that option): send
   * them as the request's tool choice with the adapter package's
   * `allowedTools(names)`, beside the whole `tools` list.
   */
  readonly allowedTools: readonly string[] | undefined;
  /**
   * With `conversation: "previous-response"`: the id of the last response,
   * to send as `previous_response_id`; `null` on the first turn and without
   * that option.
   */
  readonly previousResponseId: string | null;
}

/**
 * Calls the model: typically a thin wrapper over the provider client's
 * create call. It receives a fresh copy of the whole transcript each turn.
 */
export type ModelFunction<TTool, TResponse, TEntry> = (
  input: TEntry[],
  tools: TTool[],
  context: ModelContext,
) => TResponse | PromiseLike<TResponse>;

/** A tool definition of the adapter's API: an entry of the request's `tools`. */
export type AdapterTool<TAdapter extends Adapter> = ReturnType<TAdapter["tools"]>["tools"][number];

/** The item the adapter answers a call with (a Chat tool message, a Responses `function_call_output`, …). */
export type AdapterOutput<TAdapter extends Adapter> = ReturnType<TAdapter["renderedOutput"]>;

/** The options of the adapter's `tools()` (strict mode, namespaces, deferred loading, tool search, wording). */
export type AdapterToolOptions<TAdapter extends Adapter> = NonNullable<Parameters<TAdapter["tools"]>[1]>;

/**
 * An entry of `runToolLoop`'s transcript: one of your input items, or an
 * item the adapter adds (the response's items, the answers, a user message).
 * The Responses API (`adapter.api` is `"responses"`) takes its output items
 * back as input items, which the adapter can type only loosely without
 * depending on `openai`: they are typed as your input items, and
 * `runToolLoop` checks, for your model function's response type, that
 * `responseItems` really gives such items.
 *
 * @typeParam TAdapter - the adapter's type (`typeof adapter`)
 * @typeParam TInput - an item of your input (e.g. openai's `ChatCompletionMessageParam`)
 */
export type TranscriptEntry<TAdapter extends Adapter, TInput> =
  | TInput
  | (TAdapter["api"] extends "responses"
      ? AdapterOutput<TAdapter>
      : ReturnType<TAdapter["responseItems"]>[number] | ReturnType<TAdapter["turnItems"]>[number]);

// While TypeScript is still inferring the response type from the model
// function (its first pass, where it is `unknown`), the adapter is checked
// against nothing, so the check waits for the real type.
type InferredResponse<TResponse> = unknown extends TResponse ? never : TResponse;
type ItemsFor<TResponse, TEntry> = unknown extends TResponse ? unknown : TEntry;

/**
 * What the adapter must do with the model function's response type: read its
 * calls, and repeat its items as transcript entries. Function properties, not
 * methods, so that TypeScript checks the response type strictly.
 */
interface ReadsResponse<TResponse, TEntry> {
  readonly readCalls: (response: InferredResponse<TResponse>, prepared: never) => unknown;
  readonly responseItems: (response: InferredResponse<TResponse>) => readonly ItemsFor<TResponse, TEntry>[];
}

// The adapter as given when it reads the response type, else what it should
// be (so the error says which function does not fit).
type CheckedAdapter<TAdapter, TResponse, TEntry> =
  TAdapter extends ReadsResponse<NoInfer<TResponse>, NoInfer<TEntry>>
    ? TAdapter
    : ReadsResponse<NoInfer<TResponse>, NoInfer<TEntry>>;

/** Where the loop's tools and clients come from: anything with a live `toolset` and `clients`. */
export interface LoopServers {
  /** Read each turn: a changed toolset is prepared again and sent on the next turn. */
  readonly toolset: Toolset;
  readonly clients: McpClients;
}

/**
 * Options of {@link runToolLoop}.
 *
 * @typeParam TAdapter - the adapter's type: it gives the tool, tool options, output and item types
 * @typeParam TResponse - what the model function returns (e.g. the openai package's `ChatCompletion`)
 * @typeParam TInput - an item of `input` (e.g. openai's `ChatCompletionMessageParam`)
 */
export interface ToolLoopOptions<TAdapter extends Adapter, TResponse, TInput> extends Omit<
  ExecuteOptions,
  "approve" | "signal" | "hooks"
> {
  /** Calls the model with the transcript and the tools. */
  readonly model: ModelFunction<AdapterTool<TAdapter>, TResponse, TranscriptEntry<TAdapter, TInput>>;
  /** The adapter of the model's API: `adapter` of `@x/openai-chat`, `@x/openai-responses`, `@x/anthropic`, … */
  readonly adapter: CheckedAdapter<TAdapter, TResponse, TranscriptEntry<TAdapter, TInput>>;
  /** The tools and their clients, read each turn: what `connectServers` returns, or `{ toolset, clients }`. */
  readonly servers: LoopServers;
  /** The conversation so far (messages or input items; it is not mutated), or one user message as a string. */
  readonly input: string | readonly TInput[];
  /** The adapter's tool options: strict mode, and (per API) namespaces, deferred loading, tool search, wording. */
  readonly tools?: AdapterToolOptions<TAdapter> | undefined;
  /** The most model calls (a positive integer). Default 10. */
  readonly maxTurns?: number | undefined;
  /**
   * Decides whether each call runs, as in `executeToolCalls`. A call it
   * answers `"pause"` for stops the run after the turn's other calls are
   * answered: `stopReason: "needs-approval"`, with a `state` to give
   * `resumeToolLoop` once the decision is made.
   */
  readonly approve?: ExecuteOptions["approve"];
  /** Receives every event of the run: strict fallbacks and exclusions, turns, deltas, calls. */
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
   * The tools the model may call each turn, by exposed name, while every
   * tool is still sent (the prompt cache keeps working). The model function
   * gets the names as `allowedTools`; a call to another tool is answered as
   * an unknown tool and never runs.
   */
  readonly allowedTools?: TurnToolNames<TranscriptEntry<TAdapter, TInput>> | undefined;
  /**
   * Stops the run after a turn whose calls are answered, when a condition is
   * met (`toolCalled(name)`, `usageAtLeast({ totalTokens })`, a function of
   * the finished turn, or a list): `stopReason: "stop-when"`, and
   * `stoppedBy` names the condition.
   */
  readonly stopWhen?: StopWhen | undefined;
  /**
   * `"previous-response"` (Responses API, with stored responses): after the
   * first turn, the model function gets only the items the server has not
   * seen and `context.previousResponseId`. The returned transcript is still
   * the whole conversation. Default `"send-everything"`.
   */
  readonly conversation?: "send-everything" | "previous-response" | undefined;
}

/**
 * Why the loop stopped: `completed` (the model answered without calling a
 * tool), `incomplete` (the API cut the response short: see `incomplete`),
 * `max-turns`, `aborted`, `needs-approval` (a call waits for `approve`'s
 * decision: see `state`), `needs-input` (a tool's request for input waits for
 * a person: see `state.inputs`), `stop-when` (see `stoppedBy`).
 */
export type StopReason =
  "completed" | "incomplete" | "max-turns" | "aborted" | "needs-approval" | "needs-input" | "stop-when";

/** The end of a run. */
export interface ToolLoopResult<TResponse, TEntry, TOutput = unknown> {
  /** The last response of the model (`undefined` when none returned in this call). */
  readonly response: TResponse | undefined;
  /**
   * The whole transcript: the input, then for each turn the response's items
   * and the answers to its calls. Every call in it is answered exactly once
   * (but with `needs-approval`: the last turn's answers wait in `state`).
   */
  readonly input: TEntry[];
  /** Model calls made, those before a pause included. */
  readonly turns: number;
  readonly stopReason: StopReason;
  /** Tokens used by the run so far, those before a pause included. */
  readonly usage: RunUsage;
  /** With `needs-approval` or `needs-input` only: the paused run, as plain JSON. */
  readonly state?: ToolLoopState<TEntry, TOutput>;
  /** With `stop-when` only: the `name` of the condition that was met. */
  readonly stoppedBy?: string;
  /** With `incomplete` only: why the API says the response is incomplete (`max_tokens`, `refusal`, `SAFETY`, …). */
  readonly incomplete?: string;
}

/** The options as the loop itself sees them: entries, responses and outputs it only passes along. */
export type LoopOptions = ToolLoopOptions<Adapter, unknown, unknown>;

/** The running loop's state: one object, which a pause writes out as {@link ToolLoopState}. */
export interface RunningLoop {
  readonly transcript: unknown[];
  turns: number;
  usage: RunUsage;
  /** Call ids the transcript answers (for an API that answers each id once per conversation). */
  readonly answeredIds: Set<string> | undefined;
  /** With `previous-response`: the last response's id, and how much of the transcript the server has. */
  conversation: ConversationPoint | undefined;
}

/** The loop's checked options and the run's parts, shared by `runToolLoop` and `resumeToolLoop`. */
export interface LoopRun {
  readonly options: LoopOptions;
  readonly adapter: Adapter;
  readonly servers: LoopServers;
  readonly emit: Emit;
  readonly tools: TurnToolsMaker<unknown>;
  readonly maxTurns: number;
  readonly byId: boolean;
  readonly stopWhen: ReturnType<typeof stopConditions>;
}

/**
 * Runs the agent loop: calls `model(input, tools)`, runs the response's
 * calls on the MCP servers (as `executeToolCalls` does), appends the
 * response's items and the answers, and repeats until a response has no
 * calls, `maxTurns` responses have been answered, a `stopWhen` condition is
 * met, or `signal` aborts. The toolset is read from `servers` each turn, so
 * a server's changed tool list is seen on the next turn.
 *
 * A model function that throws (or rejects) ends the loop: a `turn-end`
 * event carrying the error is emitted and the promise rejects with that
 * error. When the signal has aborted, such a throw ends the loop as
 * `aborted` instead. A model function that returns a stream instead of a
 * response is a caller's mistake (`invalid-options`): collect it first with
 * the adapter package's `collectStream`.
 *
 * @param options - the model function, adapter, servers, input, tool options and limits
 * @returns the last response, the whole transcript, turns, usage and why it stopped
 * @throws whatever the model function throws (unless the signal aborted); a `ToolError("invalid-options")` for a wrong
 *   option, before the model is called
 * @example
 * ```ts
 * await using servers = await connectServers("mcp.json");
 * // With Responses, type the items as the SDK's `ResponseInputItem[]` (a string alone does not type-check there:
 * // the response's output items go back as input items, typed as yours).
 * const input: ResponseInputItem[] = [{ role: "user", content: "What is 2 + 3?" }];
 * const { response } = await runToolLoop({
 *   model: (input, tools) => openai.responses.create({ model: "gpt-5-mini", input, tools }),
 *   adapter,
 *   servers,
 *   input,
 * });
 * ```
 */
export async function runToolLoop<TAdapter extends Adapter, TResponse, TInput = never>(
  options: ToolLoopOptions<TAdapter, TResponse, TInput>,
): Promise<ToolLoopResult<TResponse, TranscriptEntry<TAdapter, TInput>, AdapterOutput<TAdapter>>> {
  // The types are proved at the call site: the loop passes entries, responses and outputs along without
  // looking into them (the adapter does), so it is written over `unknown`.
  const run = startRun(options as unknown as LoopOptions);
  const input = options.input;
  if (typeof input !== "string" && !Array.isArray(input)) {
    throw new ToolError("invalid-options", "The option input must be a string (one user message) or a list of items.");
  }
  const transcript: unknown[] =
    typeof input === "string" ? [run.adapter.userMessage(input)] : [...(input as unknown[])];
  const loop: RunningLoop = {
    transcript,
    turns: 0,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    answeredIds: answeredIds(run.adapter, transcript),
    conversation: undefined,
  };
  return (await runTurns(run, loop)) as ToolLoopResult<
    TResponse,
    TranscriptEntry<TAdapter, TInput>,
    AdapterOutput<TAdapter>
  >;
}

/** The call ids `transcript` answers, for an adapter whose API answers each id once per conversation. */
export function answeredIds(adapter: Adapter, transcript: readonly unknown[]): Set<string> | undefined {
  return adapter.answeredCallIds === undefined ? undefined : new Set(adapter.answeredCallIds(transcript));
}

// Every option runToolLoop and resumeToolLoop take, and where the options that moved now go.
const LOOP_OPTIONS = new Set([
  "model",
  "adapter",
  "servers",
  "input",
  "tools",
  "maxTurns",
  "approve",
  "elicit",
  "hooks",
  "signal",
  "activeTools",
  "allowedTools",
  "stopWhen",
  "conversation",
  "timeoutMs",
  "resetTimeoutOnProgress",
  "concurrency",
  "includeValues",
  "maxOutputBytes",
  "claim",
]);
const MOVED: { readonly [name: string]: string } = {
  toolset: "pass servers: { toolset, clients } (or what connectServers returns)",
  clients: "pass servers: { toolset, clients } (or what connectServers returns)",
  strict: "pass it in tools: { strict }",
  strictOptions: "pass it in tools: { strictOptions }",
  output: "pass errorPrefix and structured in tools: { … }",
};

/** Refuses an option the function does not take, so a misspelt or moved one is never silently ignored. */
function checkOptionNames(options: object, by: "runToolLoop" | "resumeToolLoop"): void {
  const takes = (name: string): boolean =>
    LOOP_OPTIONS.has(name) && name !== (by === "runToolLoop" ? "claim" : "input");
  const unknown = Object.keys(options).find((name) => !takes(name));
  if (unknown === undefined) return;
  const hint = Object.hasOwn(MOVED, unknown)
    ? `: ${MOVED[unknown]}`
    : unknown === "input"
      ? ": the state's transcript is the input"
      : "";
  throw new ToolError("invalid-options", `${by} has no option ${JSON.stringify(unknown)}${hint}.`);
}

/** Checks the loop's options and makes the run's parts. */
export function startRun(options: LoopOptions, by: "runToolLoop" | "resumeToolLoop" = "runToolLoop"): LoopRun {
  if (typeof options !== "object" || options === null) {
    throw new ToolError("invalid-options", `${by} takes one options object { model, adapter, servers, … }.`);
  }
  checkOptionNames(options, by);
  const { model, adapter, servers, maxTurns = DEFAULT_MAX_TURNS } = options;
  if (typeof model !== "function") {
    throw new ToolError("invalid-options", "The option model must be a function (input, tools, context) => response.");
  }
  if (typeof adapter?.readCalls !== "function" || typeof adapter.tools !== "function") {
    throw new ToolError(
      "invalid-options",
      "The option adapter must be an adapter object: `adapter` of @x/openai-chat, @x/openai-responses, " +
        "@x/anthropic or @x/gemini.",
    );
  }
  if (
    typeof servers !== "object" ||
    servers === null ||
    typeof servers.toolset?.resolve !== "function" ||
    typeof servers.clients !== "object" ||
    servers.clients === null
  ) {
    throw new ToolError(
      "invalid-options",
      "The option servers must have a toolset and clients: what connectServers returns, or { toolset, clients }.",
    );
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
  const emit = createEmit(options.hooks);
  const tools = new TurnToolsMaker<unknown>({
    adapter: adapter,
    source: servers,
    toolOptions: options.tools,
    activeTools: options.activeTools,
    allowedTools: options.allowedTools,
    emit,
  });
  // Checked once, so a wrong option fails before the model is called.
  executeSettings(options);
  return {
    options,
    adapter: adapter,
    servers,
    emit,
    tools,
    maxTurns,
    byId,
    stopWhen: stopConditions(options.stopWhen),
  };
}

const isStream = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";

const responseId = (response: unknown): string | undefined =>
  typeof response === "object" && response !== null && "id" in response && typeof response.id === "string"
    ? response.id
    : undefined;

const modelName = (response: unknown): string | undefined => {
  if (typeof response !== "object" || response === null) return undefined;
  const { model, modelVersion } = response as { model?: unknown; modelVersion?: unknown };
  return typeof model === "string" ? model : typeof modelVersion === "string" ? modelVersion : undefined;
};

/** The context of one round of the loop, under the turn's tools and execution id. */
export function roundContext(
  run: LoopRun,
  prepared: RoundContext<unknown>["prepared"],
  executionId: string,
): RoundContext<unknown> {
  const { options, servers, emit } = run;
  return {
    prepared,
    clients: servers.clients,
    settings: roundSettings(options, prepared),
    emit,
    executionId,
  };
}

/**
 * The state a pause writes out: the running loop's, with the paused turn's
 * answers and calls, under a new id.
 */
export function pausedState(
  run: LoopRun,
  loop: RunningLoop,
  responseItems: number,
  round: {
    readonly awaitingInput: readonly AwaitingInput[];
    readonly outcomes: readonly CallOutcome<unknown>[];
    readonly searches: readonly { callId: string; index: number; output: unknown }[];
    readonly pending: readonly ToolLoopState["pending"][number][];
  },
): ToolLoopState {
  const answered = [...round.outcomes, ...round.searches]
    .map(({ callId, index, output }) => ({ callId, index, output }))
    .sort((a, b) => a.index - b.index);
  return {
    format: TOOL_LOOP_STATE_FORMAT,
    id: globalThis.crypto.randomUUID(),
    api: run.adapter.api,
    transcript: [...loop.transcript],
    turns: loop.turns,
    usage: loop.usage,
    responseItems,
    answered,
    pending: [...round.pending],
    inputs: [...round.awaitingInput],
    ...(loop.conversation === undefined ? {} : { conversation: loop.conversation }),
  };
}

/** Adds `entries` to the transcript, and the call ids they answer to the loop's set. */
export function append(run: LoopRun, loop: RunningLoop, entries: readonly unknown[]): void {
  loop.transcript.push(...entries);
  if (loop.answeredIds !== undefined)
    for (const id of run.adapter.answeredCallIds?.(entries) ?? []) loop.answeredIds.add(id);
}

/** Whether a finished turn meets a `stopWhen` condition: its name, or `undefined`. */
export function stoppedBy(run: LoopRun, turn: FinishedTurn): string | undefined {
  return run.stopWhen.find((condition) => condition.met(turn))?.name;
}

/** The loop of {@link runToolLoop} from `loop` on (a new run, or one `resumeToolLoop` continues). */
export async function runTurns(run: LoopRun, loop: RunningLoop): Promise<ToolLoopResult<unknown, unknown>> {
  const { options, adapter, emit, maxTurns, byId } = run;
  const { model, signal } = options;
  const aborted = (): boolean => signal?.aborted === true;
  const end = (
    response: unknown,
    stop: Omit<ToolLoopResult<unknown, unknown>, "response" | "input" | "turns" | "usage">,
  ) => ({
    response,
    input: loop.transcript,
    turns: loop.turns,
    usage: loop.usage,
    ...stop,
  });
  let response: unknown;
  if (loop.turns >= maxTurns) return end(response, { stopReason: "max-turns" });
  while (!aborted()) {
    const turn = loop.turns + 1;
    const startTime = now();
    const executionId = nextExecutionId();
    const turnEnd = (fields: {
      callCount: number;
      rejectedCount: number;
      error?: unknown;
      usage?: RunUsage;
      model?: string;
    }): void => {
      const timestamp = now();
      emit?.({
        type: "turn-end",
        timestamp,
        executionId,
        turn,
        startTime,
        durationMs: timestamp - startTime,
        api: adapter.api,
        ...fields,
      });
    };
    emit?.({ type: "turn-start", timestamp: startTime, executionId, turn, inputLength: loop.transcript.length });
    const { prepared, allowedTools } = run.tools.forTurn({ turn, transcript: loop.transcript });
    try {
      const onDelta = (delta: StreamDelta): void => void emit?.({ type: "model-delta", timestamp: now(), turn, delta });
      const point = loop.conversation;
      const sent = byId && point !== undefined ? loop.transcript.slice(point.seen) : [...loop.transcript];
      const previousResponseId = byId ? (point?.previousResponseId ?? null) : null;
      const tools = adapter.turnTools?.(prepared, loop.transcript) ?? [...prepared.tools];
      response = await model(sent, tools, { turn, signal, onDelta, allowedTools, previousResponseId });
      if (isStream(response)) {
        throw new ToolError(
          "invalid-options",
          "The model function returned a stream, not a response: pass the stream through the adapter package's " +
            "collectStream(stream, { signal, onDelta }) and return what it gives.",
        );
      }
    } catch (error) {
      turnEnd({ callCount: 0, rejectedCount: 0, error });
      if (aborted()) break;
      throw error;
    }
    loop.turns = turn;
    const used = responseUsage(response);
    loop.usage = addUsage(loop.usage, response);
    const items = adapter.responseItems(response);
    append(run, loop, items);
    const id = responseId(response);
    if (byId && id !== undefined) loop.conversation = { previousResponseId: id, seen: loop.transcript.length };
    const context = roundContext(run, prepared, executionId);
    const resolved = adapter.readCalls(
      response,
      prepared,
      loop.answeredIds === undefined ? {} : { answeredCallIds: loop.answeredIds },
    );
    const round = await runRound(resolved, approving(context), context);
    const counts = {
      callCount: round.outcomes.filter((o) => o.kind === "call").length,
      rejectedCount: round.outcomes.filter((o) => o.kind === "rejected").length,
      ...(used === undefined ? {} : { usage: used }),
      ...(modelName(response) === undefined ? {} : { model: modelName(response)! }),
    };
    turnEnd(counts);
    if (round.pending.length > 0 || round.awaitingInput.length > 0) {
      const state = pausedState(run, loop, items.length, round);
      return end(response, { stopReason: round.pending.length > 0 ? "needs-approval" : "needs-input", state });
    }
    append(run, loop, adapter.turnItems(round.outputs));
    if (round.outputs.length === 0) {
      const ending = adapter.responseEnd(response);
      if (ending === "complete") return end(response, { stopReason: "completed" });
      if (ending !== "continue") return end(response, { stopReason: "incomplete", incomplete: ending.incomplete });
    } else {
      const met = stoppedBy(run, { turn, response, outcomes: round.outcomes, usage: loop.usage });
      if (met !== undefined) return end(response, { stopReason: "stop-when", stoppedBy: met });
    }
    if (aborted()) break;
    if (loop.turns >= maxTurns) return end(response, { stopReason: "max-turns" });
  }
  return end(response, { stopReason: "aborted" });
}
