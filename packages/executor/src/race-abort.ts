/** What {@link raceAbort} gives when the signal aborts before the answer comes. */
export const ABORTED: unique symbol = Symbol("aborted");

/**
 * The answer of a person's (or a function's) decision, or {@link ABORTED} as
 * soon as `signal` aborts: a person may never answer, and a stopped run must
 * not wait. Rejects when the answer does (with an `Error`, the value as its
 * `cause` when it is not one).
 */
export function raceAbort<T>(answering: PromiseLike<T> | T, signal: AbortSignal): Promise<T | typeof ABORTED> {
  return new Promise<T | typeof ABORTED>((resolve, reject) => {
    const onAbort = (): void => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(answering).then(
      (answer) => {
        signal.removeEventListener("abort", onAbort);
        resolve(answer);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error("The answer was a rejection.", { cause: error }));
      },
    );
  });
}
