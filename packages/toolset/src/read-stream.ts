/**
 * A piece of a model's answer as it streams in, for a UI or a log: text, or a
 * piece of a function call's arguments (JSON text, split anywhere).
 */
export type StreamDelta =
  | {
      readonly type: "text";
      /** The text added. */
      readonly delta: string;
    }
  | {
      readonly type: "arguments";
      /** The id the call's answer will carry (Chat `id`, Responses `call_id`). */
      readonly callId: string;
      /** The exposed name the model is calling. */
      readonly name: string;
      /** The JSON text added to the call's arguments. */
      readonly delta: string;
    };

/** Options of an adapter's `collectStream`. */
export interface CollectStreamOptions {
  /** Called with each text and arguments delta as it arrives; a throw from it stops the collection. */
  readonly onDelta?: ((delta: StreamDelta) => void) | undefined;
  /**
   * Stops reading: the stream is closed (its `return()` is called) and the
   * collection rejects with the signal's reason, even while it waits for the
   * next event. Nothing is returned, so nothing half-read can run.
   */
  readonly signal?: AbortSignal | undefined;
}

/** Events as an array or an iterable (sync or async): an SDK stream, or a recorded list. */
export type StreamEvents<TEvent> = Iterable<TEvent> | AsyncIterable<TEvent>;

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new Error("The stream was aborted.");

/**
 * Closes the stream without waiting: an SDK stream aborts its HTTP response
 * at once, while an async generator stuck awaiting would never finish
 * closing. How the closing goes adds nothing to the reason the caller gets.
 */
function close(iterator: Iterator<unknown> | AsyncIterator<unknown>): void {
  try {
    void Promise.resolve(iterator.return?.()).catch(() => {});
  } catch {
    // A return() that throws has closed as far as it can.
  }
}

/**
 * Hands each event of `events` to `visit`, in order, until the stream ends.
 * With a signal that aborts, it stops at once (while waiting for an event
 * too), closes the stream and rejects with the signal's reason.
 *
 * @param events - an array, an iterable or an async iterable of events
 * @param visit - called with each event
 * @param signal - stops reading when it aborts
 * @returns a promise that resolves when the stream has ended
 * @example
 * ```ts
 * let text = "";
 * await readStream(["a", "b"], (event) => (text += event), undefined);
 * ```
 */
export async function readStream<TEvent>(
  events: StreamEvents<TEvent>,
  visit: (event: TEvent) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (signal === undefined) {
    for await (const event of events) visit(event);
    return;
  }
  signal.throwIfAborted();
  const iterator =
    Symbol.asyncIterator in events ? events[Symbol.asyncIterator]() : (events as Iterable<TEvent>)[Symbol.iterator]();
  let stop: (reason: unknown) => void = () => {};
  const aborted = new Promise<never>((_resolve, reject) => (stop = reject));
  // The abort promise may never be awaited again: keep its rejection from being reported as unhandled.
  aborted.catch(() => {});
  const onAbort = (): void => stop(abortReason(signal));
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done === true) return;
      visit(next.value);
      if (signal.aborted) throw abortReason(signal);
    }
  } catch (error) {
    close(iterator);
    throw error;
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
