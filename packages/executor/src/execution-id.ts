import { NOOP_DISPATCHER } from "./dispatcher";
import type { Dispatcher } from "./dispatcher";

let executions = 0;

/**
 * The id of a new round (`executionId` in the hook events): only hooks see
 * it, so without them it is not even made.
 */
export function nextExecutionId(dispatcher: Dispatcher): string {
  return dispatcher === NOOP_DISPATCHER ? "" : String(++executions);
}
