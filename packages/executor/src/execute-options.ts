import { ToolError } from "@x/toolset";
import type { NullPathsByTool, OutputOptions } from "@x/toolset";
import { checkRenderOptions } from "@x/toolset/adapter";
import type { Adapter, RenderSettings } from "@x/toolset/adapter";
import type { ApproveFunction } from "./approve-calls";
import type { ExecutorHooks } from "./hook-events";

/**
 * The default of `concurrency`: calls of one response running at once. Enough
 * for the parallel calls a model issues in practice to run together; a bound
 * for the runaway response that asks for hundreds.
 *
 * @example
 * ```ts
 * await executeToolCalls(response, toolset, clients, { adapter, concurrency: DEFAULT_CONCURRENCY * 2 });
 * ```
 */
export const DEFAULT_CONCURRENCY = 16;

/**
 * The default of `maxOutputBytes`: about 25 000 tokens of text, enough for
 * what a tool means to say, short of flooding the model's context.
 *
 * @example
 * ```ts
 * await executeToolCalls(response, toolset, clients, { adapter, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES / 4 });
 * ```
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 100_000;

// setTimeout's largest delay: beyond it Node fires at once (with a warning).
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Options of `executeToolCalls`. */
export interface ExecuteOptions<TResponse, TOutput> {
  /** The API's adapter: `adapter` from `@x/openai-chat` or `@x/openai-responses`. */
  readonly adapter: Adapter<unknown, TResponse, TOutput, unknown>;
  /**
   * The plans from the `tools()` report (`report.plans`; `report.nullPaths`
   * also works, for tools without encodings), so the nulls strict mode
   * introduced are removed from arguments and encoded arguments restored (one
   * that cannot be is answered as `arguments-not-restorable` and never runs). It is also the list of tools
   * offered: given, a call to a tool without an entry (one left out under
   * `strict: true`) is answered as an unknown tool and never runs, even when
   * the toolset has it. Left out, every tool of the toolset can run.
   */
  readonly nullPaths?: NullPathsByTool | undefined;
  /**
   * `report.toolSearch` from the `tools()` report, when tools are deferred
   * with a client-side tool search (`@x/openai-responses`' `toolSearch:
   * "client"`): the adapter then answers each of the model's tool searches
   * from it, once, with the definitions it finds (outcomes of kind
   * `"search"`). Left out, tool searches are not answered here.
   */
  readonly toolSearch?: unknown;
  /**
   * How long one call may take, in milliseconds (at most 2 147 483 647). When
   * it passes, the MCP request is cancelled and the call answered with a
   * `timeout` error. Default: the client's own (60 s for the SDK's `Client`).
   */
  readonly timeoutMs?: number | undefined;
  /**
   * Each progress report of a running tool (MCP `notifications/progress`)
   * restarts its `timeoutMs`, here and in the SDK (its `resetTimeoutOnProgress`):
   * a long tool that keeps reporting is not cut off; `timeoutMs` then bounds
   * the silence between reports, not the whole call. Default `false`.
   */
  readonly resetTimeoutOnProgress?: boolean | undefined;
  /**
   * How many calls of one response run at once (a positive integer, or
   * `Infinity`). Default 16. Precisely: at most `concurrency` requests of the
   * round are awaiting an answer from this executor at any time. A call cut
   * off by `timeoutMs` or `signal` frees its slot once its cancellation is
   * sent (the next queued request goes out after it), not when its server
   * stops: a server that ignores `notifications/cancelled` may still be
   * running it, so such a server can run more than `concurrency` calls at
   * once. The SDK drops a response that arrives after the cancellation, so
   * the executor cannot know when the server really stops; tools should
   * honour the cancellation (the SDK's `McpServer` hands each handler
   * `extra.signal`).
   */
  readonly concurrency?: number | undefined;
  /**
   * Aborting it cancels the calls in flight (their MCP requests too) and answers every call not yet done with an
   * `aborted` error.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Decides whether each call runs (see {@link ApproveFunction}): asked once
   * per call that would run, one at a time in the model's order. Denied
   * calls are answered with a `denied` error; paused ones (`"pause"`) are
   * returned in `pending`, unanswered. Hooks only observe; this is the veto.
   */
  readonly approve?: ApproveFunction | undefined;
  /** Called with one event object per event; see {@link ExecutorHooks}. */
  readonly hooks?: ExecutorHooks | undefined;
  /** Put argument values and results into hook events. Default `false`: events carry ids, names and timing only. */
  readonly includeValues?: boolean | undefined;
  /**
   * The most UTF-8 bytes of text one tool result may give the model, error
   * prefix, line breaks and marker included; the rest is cut with a visible
   * marker (`[… truncated: N more bytes]`). Images are not counted. A
   * non-negative integer, or `Infinity` for no limit. Default 100 000.
   */
  readonly maxOutputBytes?: number | undefined;
  /**
   * How every answer is worded (error prefix, `structuredContent` mode),
   * rejected calls included: each result is rendered once, with these and
   * `maxOutputBytes` (`renderResult` of `@x/toolset/adapter`), and the adapter
   * maps it to its wire shape. Checked with the other options, before any call
   * runs: `structured` one of `"auto"`, `"prefer"`, `"append"`, `"ignore"`;
   * `errorPrefix` a string.
   */
  readonly output?: OutputOptions | undefined;
}

/** Options after checking, with defaults applied. */
export interface RoundSettings<TResponse, TOutput> {
  readonly adapter: Adapter<unknown, TResponse, TOutput, unknown>;
  readonly nullPaths: NullPathsByTool | undefined;
  readonly toolSearch: unknown;
  /** Set by `runToolLoop` for an adapter with `answeredCallIds`: the call ids its transcript answers so far. */
  readonly answeredCallIds: ReadonlySet<string> | undefined;
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  readonly concurrency: number;
  readonly signal: AbortSignal | undefined;
  /** `output` and `maxOutputBytes`, checked, with the defaults applied. */
  readonly render: RenderSettings;
}

function check(ok: boolean, name: string, value: unknown, expected: string): void {
  if (!ok) throw new ToolError("invalid-options", `The option ${name} must be ${expected}; got ${String(value)}.`);
}

const RENDER_OPTION_NAMES = {
  options: "output",
  errorPrefix: "output.errorPrefix",
  structured: "output.structured",
  maxOutputBytes: "maxOutputBytes",
} as const;

/**
 * Checks the options a caller gave and applies the defaults; throws a
 * `ToolError("invalid-options")` for a wrong value. The render options are
 * checked here too, by toolset's one check: a wrong one found when the first
 * answer is rendered would reject the round after some calls had run on their
 * servers, leaving their call ids unanswered.
 */
export function roundSettings<TResponse, TOutput>(
  options: ExecuteOptions<TResponse, TOutput>,
): RoundSettings<TResponse, TOutput> {
  const {
    adapter,
    timeoutMs,
    resetTimeoutOnProgress = false,
    concurrency = DEFAULT_CONCURRENCY,
    maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES,
    output,
  } = options;
  check(
    typeof adapter?.toolCalls === "function" && typeof adapter.renderedOutput === "function",
    "adapter",
    adapter,
    "an adapter object (`adapter` from @x/openai-chat or @x/openai-responses)",
  );
  check(
    timeoutMs === undefined || (typeof timeoutMs === "number" && timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS),
    "timeoutMs",
    timeoutMs,
    `a number of milliseconds above 0 and at most ${MAX_TIMEOUT_MS}`,
  );
  check(typeof resetTimeoutOnProgress === "boolean", "resetTimeoutOnProgress", resetTimeoutOnProgress, "true or false");
  check(
    concurrency === Infinity || (Number.isInteger(concurrency) && concurrency >= 1),
    "concurrency",
    concurrency,
    "a positive integer or Infinity",
  );
  // `output` must be an object to go with the cap; toolset's one check does the rest.
  check(
    output === undefined || (typeof output === "object" && output !== null),
    "output",
    output,
    "an object (OutputOptions) or left out",
  );
  const render = checkRenderOptions(
    { errorPrefix: output?.errorPrefix, structured: output?.structured, maxOutputBytes },
    RENDER_OPTION_NAMES,
  );
  check(
    options.approve === undefined || typeof options.approve === "function",
    "approve",
    options.approve,
    "a function (call) => answer",
  );
  return {
    adapter,
    nullPaths: options.nullPaths,
    toolSearch: options.toolSearch,
    answeredCallIds: undefined,
    timeoutMs,
    resetTimeoutOnProgress,
    concurrency,
    signal: options.signal,
    render,
  };
}
