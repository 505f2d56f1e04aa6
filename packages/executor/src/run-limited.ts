/**
 * Starts `start(0)` … `start(count - 1)` in index order, with at most `limit`
 * started and not yet done at any time. Each start calls `done` once when it
 * is done, or `fail` with an error, which rejects the whole run. Resolves when
 * all are done. A start may call `done` synchronously: it is then counted
 * without recursion, so a long run of immediate answers cannot overflow the
 * stack.
 */
export function runLimited(
  count: number,
  limit: number,
  start: (index: number, done: () => void, fail: (error: unknown) => void) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let running = 0;
    let finished = 0;
    let pumping = false;
    const pump = (): void => {
      if (pumping) return;
      pumping = true;
      while (next < count && running < limit) {
        running++;
        start(next++, done, reject);
      }
      pumping = false;
      if (finished === count) resolve();
    };
    const done = (): void => {
      running--;
      finished++;
      pump();
    };
    pump();
  });
}
