import { ToolError } from "@x/toolset";
import { checkRenderOptions, showValue } from "@x/toolset/adapter";
import type { RenderSettings } from "@x/toolset/adapter";
import type { PreparedTools } from "@x/toolset";
import type { ApproveFunction } from "./approve-calls";
import type { ExecutorHooks } from "./hook-events";
import type { ElicitFunction } from "./mcp/elicitation-request";

/**
 * The default of `concurrency`: calls of one response running at once. Enough
 * for the parallel calls a model issues in practice to run together; a bound
 * for the runaway response that asks for hundreds.
 *
 * @example
 * ```ts
 * await executeToolCalls(response, prepared, clients, { concurrency: DEFAULT_CONCURRENCY * 2 });
 * ```
 */
export const DEFAULT_CONCURRENCY = 16;

/**
 * The default of `maxOutputBytes`: about 25 000 tokens of text, enough for
 * what a tool means to say, short of flooding the model's context.
 *
 * @example
 * ```ts
 * await executeToolCalls(response, prepared, clients, { maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES / 4 });
 * ```
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 100_000;

// setTimeout's largest delay: beyond it Node fires at once (with a warning).
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Options of `executeToolCalls` (and, but for the signal, of each turn of `runToolLoop`). */
export interface ExecuteOptions {
  /**
   * How long one call may take, in milliseconds (at most 2 147 483 647). When
   * it passes, the MCP request is cancelled and the call answered with a
   * `timeout` error. Default: the client's own (60 s for the SDK's `Client`).
   */
  readonly timeoutMs?: number | undefined;
  /**
   * Each progress report of a running tool restarts its `timeoutMs`, which
   * then bounds the silence between reports, not the whole call. Default `false`.
   */
  readonly resetTimeoutOnProgress?: boolean | undefined;
  /**
   * How many calls of one response run at once (a positive integer, or
   * `Infinity`). Default 16. A call cut off by `timeoutMs` or `signal` frees
   * its slot once its cancellation is sent, not when its server stops.
   */
  readonly concurrency?: number | undefined;
  /** Aborting it cancels the calls in flight (their MCP requests too) and answers every call not done `aborted`. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Decides whether each call runs (see {@link ApproveFunction}), one call at
   * a time in the model's order. Denied calls are answered with a `denied`
   * error; paused ones (`"pause"`) are returned in `pending`, unanswered.
   */
  readonly approve?: ApproveFunction | undefined;
  /**
   * Answers a tool's requests for input (MCP elicitation, `elicitation/create`
   * or 2026-07-28's `input_required`), like `approve`: given the request
   * (server, tool, call id, message and the form's schema, or a URL), it
   * answers `{ action: "accept", content }`, `{ action: "decline" }` or
   * `{ action: "cancel" }`, sync or as a promise. Content is checked against
   * the requested schema first. Left out, every request is declined at once
   * and the call's answer says why.
   */
  readonly elicit?: ElicitFunction | undefined;
  /** Called with one event object per event; see {@link ExecutorHooks}. */
  readonly hooks?: ExecutorHooks | undefined;
  /** Put argument values and results into hook events. Default `false`: events carry ids, names and timing only. */
  readonly includeValues?: boolean | undefined;
  /**
   * The most UTF-8 bytes of text one tool result may give the model, error
   * prefix and marker included; the rest is cut with a visible marker. A
   * non-negative integer, or `Infinity`. Default 100 000.
   */
  readonly maxOutputBytes?: number | undefined;
}

/** The options of a round, checked, with the defaults applied. */
export interface RoundSettings extends ExecuteSettings {
  /** The prepared tools' wording with `maxOutputBytes`: how every answer of the round is rendered. */
  readonly render: RenderSettings;
}

/** The options of `executeToolCalls`, checked, with the defaults applied. */
export interface ExecuteSettings {
  readonly timeoutMs: number | undefined;
  readonly resetTimeoutOnProgress: boolean;
  readonly concurrency: number;
  readonly signal: AbortSignal | undefined;
  readonly approve: ApproveFunction | undefined;
  readonly elicit: ElicitFunction | undefined;
  readonly includeValues: boolean;
  /** Whether progress is asked of the servers: someone listens (a progress hook), or `resetTimeoutOnProgress`. */
  readonly wantsProgress: boolean;
  readonly maxOutputBytes: number;
}

function check(ok: boolean, name: string, value: unknown, expected: string): void {
  if (!ok) throw new ToolError("invalid-options", `The option ${name} must be ${expected}; got ${showValue(value)}.`);
}

/** The settings of a round of `prepared` tools: the checked options, and how the tools' answers are rendered. */
export function roundSettings(options: ExecuteOptions | undefined, prepared: PreparedTools): RoundSettings {
  check(
    typeof prepared === "object" && prepared !== null && typeof prepared.adapter?.readCalls === "function",
    "prepared",
    prepared,
    "what an adapter's tools() returned",
  );
  const settings = executeSettings(options);
  const { errorPrefix, structured } = prepared.output;
  return {
    render: checkRenderOptions({ errorPrefix, structured, maxOutputBytes: settings.maxOutputBytes }),
    ...settings,
  };
}

/**
 * Checks the options a caller gave, before any work: a wrong one is the
 * caller's mistake (`invalid-options`), never a round that fails after some
 * calls ran.
 *
 * @throws {ToolError} `invalid-options` for a wrong value, naming the option and what it must be
 */
export function executeSettings(options: ExecuteOptions | undefined): ExecuteSettings {
  const {
    timeoutMs,
    resetTimeoutOnProgress = false,
    concurrency = DEFAULT_CONCURRENCY,
    maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES,
    approve,
    elicit,
    signal,
    includeValues = false,
  } = options ?? {};
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
  check(approve === undefined || typeof approve === "function", "approve", approve, "a function (call) => answer");
  check(elicit === undefined || typeof elicit === "function", "elicit", elicit, "a function (request) => answer");
  check(signal === undefined || signal instanceof AbortSignal, "signal", signal, "an AbortSignal");
  check(typeof includeValues === "boolean", "includeValues", includeValues, "true or false");
  check(
    maxOutputBytes === Infinity || (Number.isInteger(maxOutputBytes) && maxOutputBytes >= 0),
    "maxOutputBytes",
    maxOutputBytes,
    "a non-negative integer or Infinity",
  );
  const wantsProgress = resetTimeoutOnProgress || options?.hooks?.["tool-call-progress"] !== undefined;
  return {
    timeoutMs,
    resetTimeoutOnProgress,
    concurrency,
    signal,
    approve,
    elicit,
    includeValues,
    wantsProgress,
    maxOutputBytes,
  };
}
