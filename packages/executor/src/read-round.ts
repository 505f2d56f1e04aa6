import { nextExecutionId } from "./execution-id";
import { rejectedOutcome } from "./run-round";
import type { RoundCalls, RoundContext } from "./run-round";

/**
 * The calls of `response`, read with the adapter, as one round under a new
 * execution id, the rejected ones answered and reported; `undefined` when the
 * response has nothing to answer (no id is taken, nothing is reported).
 */
export function readRound<TResponse, TOutput>(
  response: TResponse,
  context: RoundContext<TResponse, TOutput>,
): RoundCalls<TOutput> | undefined {
  const { settings, toolset, dispatcher } = context;
  const { toolSearch, answeredCallIds } = settings;
  const options =
    toolSearch === undefined && answeredCallIds === undefined
      ? settings.render
      : { ...settings.render, toolSearch, answeredCallIds };
  const { calls, rejected, searches = [] } = settings.adapter.toolCalls(response, toolset, settings.nullPaths, options);
  if (calls.length === 0 && rejected.length === 0 && searches.length === 0) return undefined;
  const executionId = nextExecutionId(dispatcher);
  for (const rejection of rejected) dispatcher.callRejected(executionId, rejection);
  return { executionId, calls, answered: rejected.map(rejectedOutcome), searches };
}
