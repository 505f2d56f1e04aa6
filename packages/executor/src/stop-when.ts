import type { CallOutcome } from "./run-round";

/** Tokens used, summed over the run's responses (their `usage`, as either API reports it). */
export interface RunUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
}

/** A finished turn, as a stop condition sees it: its calls are answered. */
export interface FinishedTurn {
  readonly turn: number;
  /** The turn's response. */
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
 * await runToolLoop({ model, adapter, toolset, clients, input, stopWhen: toolCalled("notes__submit") });
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
 * await runToolLoop({ model, adapter, toolset, clients, input, stopWhen: usageAtLeast({ totalTokens: 50_000 }) });
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

const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;

/** `usage` plus what `response` reports; a response without usage adds nothing. */
export function addUsage(usage: RunUsage, response: unknown): RunUsage {
  const reported: unknown =
    typeof response === "object" && response !== null && "usage" in response ? response.usage : undefined;
  if (typeof reported !== "object" || reported === null) return usage;
  const fields = reported as { readonly [key: string]: unknown };
  const input = count(fields.input_tokens ?? fields.prompt_tokens);
  const output = count(fields.output_tokens ?? fields.completion_tokens);
  const total = count(fields.total_tokens) || input + output;
  return {
    inputTokens: usage.inputTokens + input,
    outputTokens: usage.outputTokens + output,
    totalTokens: usage.totalTokens + total,
  };
}
