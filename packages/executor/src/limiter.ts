/** Runs a task now, or once a slot is free; its promise is the task's. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A concurrency limiter: at most `concurrency` tasks run at once, and the
 * others start in the order they were given, each as soon as a running task
 * settles. A finished task hands its slot straight to the next one waiting,
 * so a task given meanwhile never jumps the queue.
 *
 * @param concurrency - a positive integer, or `Infinity`
 * @returns the function that runs a task under the limit
 * @example
 * ```ts
 * const limit = createLimiter(2);
 * const results = await Promise.all(urls.map((url) => limit(() => fetch(url))));
 * ```
 */
export function createLimiter(concurrency: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  };
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    const result = task();
    result.then(release, release);
    return result;
  };
  return <T>(task: () => Promise<T>): Promise<T> => {
    if (running < concurrency) {
      running++;
      return run(task);
    }
    return new Promise<void>((resolve) => waiting.push(resolve)).then(() => run(task));
  };
}
