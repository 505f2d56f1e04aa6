import type { CallOutcome } from "./answer-call";

/** Tokens used, summed over the run's responses (their `usage`, or Gemini's `usageMetadata`). */
export interface RunUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
}

/** A finished turn, as a stop condition sees it: its calls are answered. */
export interface FinishedTurn {
  readonly turn: number;
  /** The turn's response (on a resumed turn: its items, as the transcript holds them). */
  readonly response: unknown;
  /** What became of each of its calls. */
  readonly outcomes: readonly CallOutcome<unknown>[];
  /** Tokens used so far in this run. */
  readonly usage: RunUsage;
}

/**
 * Stops `runToolLoop` after a turn whose calls are answered, beside
 * `maxTurns`: `stopReason` is then `"stop-when"` and `stoppedBy` its `name`.
 */
export interface StopCondition {
  /** Says which condition stopped the run (`stoppedBy`). */
  readonly name: string;
  readonly met: (turn: FinishedTurn) => boolean;
}

/**
 * Stops once a call to the tool `name` (its exposed name) has run.
 *
 * @param name - the exposed name, as the model calls it
 * @returns a stop condition named `tool-called:<name>`
 * @example
 * ```ts
 * await runToolLoop({ model, adapter, servers, input, stopWhen: toolCalled("notes__submit") });
 * ```
 */
export function toolCalled(name: string): StopCondition {
  return {
    name: `tool-called:${name}`,
    met: (turn) => turn.outcomes.some((outcome) => outcome.kind === "call" && outcome.call.name === name),
  };
}

/**
 * Stops once the run's responses have used at least this many tokens (any
 * of the limits given), as their `usage` reports them (Chat `prompt_tokens`
 * / `completion_tokens`, Responses `input_tokens` / `output_tokens`, both
 * `total_tokens`).
 *
 * @param limits - `totalTokens`, `inputTokens`, `outputTokens`
 * @returns a stop condition named `usage`
 * @example
 * ```ts
 * await runToolLoop({ model, adapter, servers, input, stopWhen: usageAtLeast({ totalTokens: 50_000 }) });
 * ```
 */
export function usageAtLeast(limits: Partial<RunUsage>): StopCondition {
  const over = (used: number, limit: number | undefined): boolean => limit !== undefined && used >= limit;
  return {
    name: "usage",
    met: ({ usage }) =>
      over(usage.totalTokens, limits.totalTokens) ||
      over(usage.inputTokens, limits.inputTokens) ||
      over(usage.outputTokens, limits.outputTokens),
  };
}

/**
 * When `runToolLoop` stops early: a condition, a plain function of the
 * finished turn (`stoppedBy` is then its name, or `"stopWhen"`), or a list of
 * either (the first met stops the run).
 */
export type StopWhen =
  StopCondition | ((turn: FinishedTurn) => boolean) | readonly (StopCondition | ((turn: FinishedTurn) => boolean))[];

/** The conditions of a `stopWhen` option, each with its name. */
export function stopConditions(option: StopWhen | undefined): StopCondition[] {
  if (option === undefined) return [];
  const list = Array.isArray(option) ? option : [option];
  return list.map((entry: StopCondition | ((turn: FinishedTurn) => boolean)) =>
    typeof entry === "function" ? { name: entry.name === "" ? "stopWhen" : entry.name, met: entry } : entry,
  );
}

const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;

/** The tokens `response` reports using (OpenAI's and Anthropic's `usage`, Gemini's `usageMetadata`), if any. */
export function responseUsage(response: unknown): RunUsage | undefined {
  if (typeof response !== "object" || response === null) return undefined;
  const record = response as { readonly usage?: unknown; readonly usageMetadata?: unknown };
  const reported = record.usage ?? record.usageMetadata;
  if (typeof reported !== "object" || reported === null) return undefined;
  const fields = reported as { readonly [key: string]: unknown };
  const input = count(fields.input_tokens ?? fields.prompt_tokens ?? fields.promptTokenCount);
  const output = count(fields.output_tokens ?? fields.completion_tokens ?? fields.candidatesTokenCount);
  const total = count(fields.total_tokens ?? fields.totalTokenCount) || input + output;
  return { inputTokens: input, outputTokens: output, totalTokens: total };
}

/** `usage` plus what `response` reports; a response without usage adds nothing. */
export function addUsage(usage: RunUsage, response: unknown): RunUsage {
  const reported = responseUsage(response);
  if (reported === undefined) return usage;
  return {
    inputTokens: usage.inputTokens + reported.inputTokens,
    outputTokens: usage.outputTokens + reported.outputTokens,
    totalTokens: usage.totalTokens + reported.totalTokens,
  };
}
