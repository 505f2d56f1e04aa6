// The Run view's calls in flight, by the id the page gave them, so that
// `POST /api/call/cancel` can stop one (its MCP request is cancelled).

/** Calls in flight and how to stop each. */
export interface RunningCalls {
  /**
   * A signal for the call `runId` (`undefined` when one with this id is running); `done` forgets it when the call is
   * over.
   */
  start(runId: string): { readonly signal: AbortSignal; done(): void } | undefined;
  /** Aborts the call `runId`; `false` when no such call is running. */
  cancel(runId: string): boolean;
  /** Aborts every call (the server is closing). */
  cancelAll(): void;
}

/**
 * An empty registry.
 *
 * @example
 * ```ts
 * const running = createRunningCalls();
 * const { signal, done } = running.start(runId);
 * ```
 */
export function createRunningCalls(): RunningCalls {
  const calls = new Map<string, AbortController>();
  return {
    start: (runId) => {
      if (calls.has(runId)) return undefined;
      const controller = new AbortController();
      calls.set(runId, controller);
      return { signal: controller.signal, done: () => calls.delete(runId) };
    },
    cancel: (runId) => {
      const controller = calls.get(runId);
      controller?.abort(new Error("cancelled from the page"));
      return controller !== undefined;
    },
    cancelAll: () => {
      for (const controller of calls.values()) controller.abort(new Error("the playground is closing"));
      calls.clear();
    },
  };
}
