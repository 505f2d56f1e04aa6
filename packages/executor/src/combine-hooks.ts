import { callSafely } from "./emit";
import type { ExecutorEventType, ExecutorHooks } from "./hook-events";

// Keyed by every event type, so a new type cannot be forgotten here: the compiler asks for it.
const EVENT_TYPES: { readonly [T in ExecutorEventType]: true } = {
  "tool-call-start": true,
  "tool-call-progress": true,
  "tool-call-elicitation": true,
  "tool-call-end": true,
  "tool-call-error": true,
  "tool-call-rejected": true,
  "tool-call-denied": true,
  "model-delta": true,
  "strict-fallback": true,
  "tool-excluded": true,
  "turn-start": true,
  "turn-end": true,
};
const eventTypes = Object.keys(EVENT_TYPES) as ExecutorEventType[];

/**
 * One hooks object that calls each of `hooks` in order for every event.
 * Each hook is isolated: one that throws or rejects does not keep the others
 * from running. `undefined` entries are skipped, so optional hooks combine
 * without ceremony.
 *
 * @param hooks - the hooks objects to combine
 * @returns a hooks object with a function for each event type that any of `hooks` handles
 *
 * @example
 * ```ts
 * import { combineHooks } from "@x/executor";
 * import { otelHooks } from "@x/executor/otel";
 *
 * const seen: string[] = [];
 * const hooks = combineHooks(otelHooks(), { "tool-call-end": (event) => void seen.push(event.name) });
 * ```
 */
export function combineHooks(...hooks: readonly (ExecutorHooks | undefined)[]): ExecutorHooks {
  const combined: { [T in ExecutorEventType]?: (event: never) => void } = {};
  for (const type of eventTypes) {
    const handlers = hooks.flatMap((h) => {
      const handler = h?.[type] as ((event: never) => void | PromiseLike<void>) | undefined;
      return handler === undefined ? [] : [handler];
    });
    if (handlers.length === 0) continue;
    combined[type] = (event: never) => {
      for (const handler of handlers) callSafely(handler, event);
    };
  }
  return combined as ExecutorHooks;
}
