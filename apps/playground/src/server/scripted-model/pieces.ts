// How the scripted model streams: its text a few words at a time and a call's
// arguments a few characters at a time, with a short pause between pieces, as
// a model's tokens arrive. A stop (the signal) ends the stream at once.

/** The pause between two pieces: long enough to watch, short enough not to wait. */
export const PIECE_PAUSE_MS = 25;

/**
 * `text` in pieces of two words (spaces kept), as streamed.
 *
 * @example
 * ```ts
 * textPieces("I'll call demo__divide now."); // ["I'll call ", "demo__divide now."]
 * ```
 */
export function textPieces(text: string): string[] {
  const words = text.split(/(?<=\s)/);
  const pieces: string[] = [];
  for (let at = 0; at < words.length; at += 2) pieces.push(words.slice(at, at + 2).join(""));
  return pieces;
}

/**
 * A call's arguments in pieces of up to 12 characters, as streamed.
 *
 * @example
 * ```ts
 * argumentPieces('{"dividend":84,"divisor":2}'); // ['{"dividend":', '84,"divisor"', ':2}']
 * ```
 */
export function argumentPieces(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += 12) pieces.push(text.slice(at, at + 12));
  return pieces.length === 0 ? [""] : pieces;
}

/**
 * Waits `ms`, or rejects with the signal's reason once it aborts.
 *
 * @example
 * ```ts
 * await pause(PIECE_PAUSE_MS, signal);
 * ```
 */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason as Error);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
