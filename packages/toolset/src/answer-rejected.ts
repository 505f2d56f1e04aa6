import type { PreparedTools } from "./prepared-tools";
import { renderResult } from "./render-result";
import type { ResolvedToolCalls, ToolCalls } from "./resolve-tool-calls";

/**
 * The calls of a response with each rejected one answered: every adapter's
 * public `toolCalls` is its `readCalls` through this. Each rejection's error
 * is rendered with the prepared tools' wording and mapped by their adapter.
 *
 * @param resolved - what the adapter's `readCalls` gave
 * @param prepared - the tools the response's calls were resolved against
 * @returns the calls to run, the rejected ones with their answers, the searches answered
 * @example
 * ```ts
 * export function toolCalls(response: ChatResponse, prepared: ChatPrepared, options?: ToolCallsOptions) {
 *   return answerRejected(readCalls(response, prepared, options), prepared);
 * }
 * ```
 */
export function answerRejected<TOutput>(
  resolved: ResolvedToolCalls<TOutput>,
  prepared: Pick<PreparedTools<unknown, unknown, TOutput>, "adapter" | "output">,
): ToolCalls<TOutput> {
  const { adapter, output } = prepared;
  return {
    calls: resolved.calls,
    rejected: resolved.rejected.map((rejection) => ({
      ...rejection,
      output: adapter.renderedOutput(rejection, renderResult(rejection.error, output)),
    })),
    searches: resolved.searches,
  };
}
