// One call in flight: who it is, how to ask its `elicit`, what to tell the
// model besides the tool's result, and how to stop it. Built by callMcpTool,
// read by the parts that answer requests for input.
import type { ElicitationRecord, ElicitFunction } from "./elicitation-request";

/** The call's identity, as requests for input name it. */
export interface CallOrigin {
  readonly server: string;
  readonly tool: string;
  readonly callId: string;
}

/** One call in flight. */
export interface CallSession {
  readonly origin: CallOrigin;
  readonly elicit: ElicitFunction | undefined;
  /** Aborts when the caller cancels the call or the call fails. */
  readonly signal: AbortSignal;
  /** Sentences for the model about requests answered without a person. */
  readonly notes: string[];
  /** The task the call runs as, once the server created it (requests for input name it). */
  taskId: string | undefined;
  /** Reports an answered request (the `tool-call-elicitation` event). */
  report(record: ElicitationRecord | undefined): void;
  /** Stops the call: its request is cancelled and the call ends with `error`. */
  fail(error: unknown): void;
}

/** A session and the promise that rejects when it is stopped (by the caller's signal or by `fail`). */
export function createCallSession(
  origin: CallOrigin,
  options: {
    readonly elicit: ElicitFunction | undefined;
    readonly onElicitation: ((record: ElicitationRecord) => void) | undefined;
    readonly signal: AbortSignal | undefined;
  },
): { readonly session: CallSession; readonly stopped: Promise<never>; readonly dispose: () => void } {
  const controller = new AbortController();
  const { signal: outer, onElicitation } = options;
  // Rejects with the caller's reason or the failure. Listened to before any
  // request is sent, so it settles before the SDK's own rejection is seen.
  const stopped = new Promise<never>((_, reject) => {
    // The caller's own reason, whatever it is: callMcpTool rejects with it.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
  });
  stopped.catch(() => undefined);
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted === true) controller.abort(outer.reason);
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  const session: CallSession = {
    origin,
    elicit: options.elicit,
    signal: controller.signal,
    notes: [],
    taskId: undefined,
    report: (record) => {
      if (record === undefined || onElicitation === undefined) return;
      try {
        onElicitation(record);
      } catch {
        // An observer's failure must not change how the server is answered.
      }
    },
    fail: (error) => controller.abort(error),
  };
  return { session, stopped, dispose: () => outer?.removeEventListener("abort", onOuterAbort) };
}
