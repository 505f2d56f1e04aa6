import type { ExecutorEvent, ExecutorEventOf, ExecutorEventType, ExecutorHooks } from "./hook-events";

/**
 * Sends one event to its hook, if there is one; `undefined` when the run has
 * no hooks, so that `emit?.({ … })` does not even build the event.
 */
export type Emit = ((event: ExecutorEvent) => void) | undefined;

const noop = (): void => {};

/** Calls `hook` so that neither a throw nor a rejection reaches the caller: a hook must never break execution. */
export function callSafely<E>(hook: (event: E) => void | PromiseLike<void>, event: E): void {
  try {
    const returned = hook(event);
    if (returned !== undefined && returned !== null && typeof returned.then === "function") {
      returned.then(undefined, noop);
    }
  } catch {
    // A hook must never break execution.
  }
}

/**
 * The `emit` of a run: each event, frozen, to the hook of its type. Without
 * hooks there is none, so a run without telemetry does nothing per event.
 */
export function createEmit(hooks: ExecutorHooks | undefined): Emit {
  if (hooks === undefined) return undefined;
  return (event) => {
    const hook = hooks[event.type] as
      ((event: ExecutorEventOf<ExecutorEventType>) => void | PromiseLike<void>) | undefined;
    if (hook !== undefined) callSafely(hook, Object.freeze(event));
  };
}
