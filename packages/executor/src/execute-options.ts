import type { Adapter, NullPathsByTool, OutputOptions, RejectedCall, StructuredMode, ToolCall, ToolError, ToolOutcome } from "@x/toolset";
import type { ExecutorHooks } from "./hook-events";
import { DEFAULT_MAX_OUTPUT_BYTES } from "./truncate-result";

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

// setTimeout's largest delay: beyond it Node fires at once (with a warning).
const MAX_TIMEOUT_MS = 2_147_483_647;

// The modes renderResult takes; `satisfies` fails the build if StructuredMode gains one.
const STRUCTURED_MODES = { auto: true, prefer: true, append: true, ignore: true } satisfies { [mode in StructuredMode]: true };

/** Options of `executeToolCalls`. */
export interface ExecuteOptions<TResponse, TOutput> {
  /** The API's adapter: `adapter` from `@x/openai-chat` or `@x/openai-responses`. */
  readonly adapter: Adapter<unknown, TResponse, TOutput, unknown>;
  /**
   * The null paths from the `tools()` report, so the nulls strict mode
   * introduced are removed from arguments. It is also the list of tools
   * offered: given, a call to a tool without an entry (one left out under
   * `strict: true`) is answered as an unknown tool and never runs, even when
   * the toolset has it. Left out, every tool of the toolset can run.
   */
  readonly nullPaths?: NullPathsByTool;
  /**
   * How long one call may take, in milliseconds (at most 2 147 483 647). When
   * it passes, the MCP request is cancelled and the call answered with a
   * `timeout` error. Default: the client's own (60 s for the SDK's `Client`).
   */
  readonly timeoutMs?: number;
  /**
   * Each progress report of a running tool (MCP `notifications/progress`)
   * restarts its `timeoutMs`, here and in the SDK (its `resetTimeoutOnProgress`):
   * a long tool that keeps reporting is not cut off; `timeoutMs` then bounds
   * the silence between reports, not the whole call. Default `false`.
   */
  readonly resetTimeoutOnProgress?: boolean;
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
  readonly concurrency?: number;
  /** Aborting it cancels the calls in flight (their MCP requests too) and answers every call not yet done with an `aborted` error. */
  readonly signal?: AbortSignal;
  /** Called with one event object per event; see {@link ExecutorHooks}. */
  readonly hooks?: ExecutorHooks;
  /** Put argument values and results into hook events. Default `false`: events carry ids, names and timing only. */
  readonly includeValues?: boolean;
  /**
   * The most UTF-8 bytes of text one tool result may give the model, error
   * prefix, line breaks and marker included; the rest is cut with a visible
   * marker (`[… truncated: N more bytes]`). Images are not counted. A non-negative integer, or `Infinity` for no limit. Default 100 000.
   */
  readonly maxOutputBytes?: number;
  /**
   * Passed to the adapter's `toolOutput` and `toolCalls` (error prefix,
   * `structuredContent` mode): every answer, rejected calls included. Checked
   * with the other options, before any call runs: `structured` one of
   * `"auto"`, `"prefer"`, `"append"`, `"ignore"`; `errorPrefix` a string.
   */
  readonly output?: OutputOptions;
}

/** What became of one call of the response. */
export type CallOutcome<TOutput> =
  | {
      /** The call ran (or was due to run: `no-client`, `aborted` before it started). */
      readonly kind: "call";
      readonly callId: string;
      readonly index: number;
      readonly call: ToolCall;
      /** The MCP result as the server sent it (checked, before any cut), or the error. */
      readonly outcome: ToolOutcome;
      /** The item answering the call, as the model receives it. */
      readonly output: TOutput;
      readonly durationMs: number;
      /** UTF-8 bytes of text cut by `maxOutputBytes` (0 when nothing was cut). */
      readonly truncatedBytes: number;
    }
  | {
      /** The call was not run: unknown tool, bad arguments, an unsupported or duplicate call. */
      readonly kind: "rejected";
      readonly callId: string;
      readonly index: number;
      readonly rejection: RejectedCall<TOutput>;
      readonly outcome: ToolError;
      readonly output: TOutput;
      readonly durationMs: 0;
      readonly truncatedBytes: 0;
    };

/** The answers to one response's calls. */
export interface ExecuteResult<TOutput> {
  /** One item per call id, in the order the model issued the calls: append them to the next request's input. */
  readonly outputs: TOutput[];
  /** One entry per call and per rejection, in the same order. */
  readonly outcomes: CallOutcome<TOutput>[];
}

/** Options after checking, with defaults applied. */
export interface RoundSettings<TResponse, TOutput> {
  readonly adapter: Adapter<unknown, TResponse, TOutput, unknown>;
  readonly nullPaths: NullPathsByTool | undefined;
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  readonly concurrency: number;
  readonly signal: AbortSignal | undefined;
  readonly maxOutputBytes: number;
  readonly output: OutputOptions | undefined;
}

function check(ok: boolean, name: string, value: unknown, expected: string): void {
  if (!ok) throw new RangeError(`The option ${name} must be ${expected}; got ${String(value)}.`);
}

/**
 * Checks the output options here, before any call runs: a wrong one found by
 * the adapter's `toolOutput` would reject the round after some calls had run
 * on their servers, leaving their call ids unanswered.
 */
function checkOutput(output: OutputOptions | undefined): void {
  if (output === undefined) return;
  check(typeof output === "object" && output !== null, "output", output, "an object (OutputOptions) or left out");
  const { structured, errorPrefix } = output;
  check(
    structured === undefined || (typeof structured === "string" && Object.hasOwn(STRUCTURED_MODES, structured)),
    "output.structured",
    structured,
    '"auto", "prefer", "append" or "ignore"',
  );
  check(errorPrefix === undefined || typeof errorPrefix === "string", "output.errorPrefix", errorPrefix, "a string");
}

/** Checks the options a caller gave and applies the defaults; throws a `RangeError` for a wrong value. */
export function roundSettings<TResponse, TOutput>(options: ExecuteOptions<TResponse, TOutput>): RoundSettings<TResponse, TOutput> {
  const {
    adapter,
    timeoutMs,
    resetTimeoutOnProgress = false,
    concurrency = DEFAULT_CONCURRENCY,
    maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES,
  } = options;
  check(
    typeof adapter?.toolCalls === "function" && typeof adapter.toolOutput === "function",
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
  check(
    maxOutputBytes === Infinity || (Number.isInteger(maxOutputBytes) && maxOutputBytes >= 0),
    "maxOutputBytes",
    maxOutputBytes,
    "a non-negative integer or Infinity",
  );
  checkOutput(options.output);
  return {
    adapter,
    nullPaths: options.nullPaths,
    timeoutMs,
    resetTimeoutOnProgress,
    concurrency,
    signal: options.signal,
    maxOutputBytes,
    output: options.output,
  };
}
