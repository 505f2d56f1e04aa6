/**
 * The run's abort signal, listened to once per round (not once per call:
 * a hundred listeners on one signal would trip Node's leak warning and leak
 * for real when the caller reuses the signal). Each call in flight registers
 * its canceller here.
 */
export class RoundAbort {
  readonly inFlight: Set<() => void> = new Set();
  private readonly signal: AbortSignal;
  private readonly onAbort = (): void => {
    for (const cancel of [...this.inFlight]) cancel();
  };

  constructor(signal: AbortSignal) {
    this.signal = signal;
    signal.addEventListener("abort", this.onAbort, { once: true });
  }

  get aborted(): boolean {
    return this.signal.aborted;
  }

  dispose(): void {
    this.signal.removeEventListener("abort", this.onAbort);
  }
}
