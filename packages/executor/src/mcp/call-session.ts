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

// What a call that cannot be stopped shares: a signal that never aborts, and a stop that never comes.
const NEVER_ABORTS: AbortSignal = new AbortController().signal;
const NEVER_STOPPED: Promise<never> = new Promise<never>(() => {});

/** Whether `signal` is the one a call that cannot be stopped shares: the SDK need not listen to it. */
export const canAbort = (signal: AbortSignal): boolean => signal !== NEVER_ABORTS;

/** A session and the promise that rejects when it is stopped (by the caller's signal or by `fail`). */
export function createCallSession(
  origin: CallOrigin,
  options: {
    readonly elicit: ElicitFunction | undefined;
    readonly onElicitation: ((record: ElicitationRecord) => void) | undefined;
    readonly signal: AbortSignal | undefined;
  },
): { readonly session: CallSession; readonly stopped: Promise<never>; readonly dispose: () => void } {
  const { signal: outer, onElicitation } = options;
  // A call that can neither be cancelled nor asked anything (no signal, no
  // elicit) cannot be stopped: it shares one signal that never aborts, and
  // the SDK is handed none.
  const controller = outer === undefined && options.elicit === undefined ? undefined : new AbortController();
  // Rejects with the caller's reason or the failure. Listened to before any
  // request is sent, so it settles before the SDK's own rejection is seen.
  // (NEVER_STOPPED gets no handler: each one added to a promise that never settles would be kept forever.)
  const stopped =
    controller === undefined
      ? NEVER_STOPPED
      : new Promise<never>((_, reject) => {
          // The caller's own reason, whatever it is: callMcpTool rejects with it.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
        });
  if (controller !== undefined) stopped.catch(() => undefined);
  const onOuterAbort = (): void => controller?.abort(outer?.reason);
  if (outer?.aborted === true) controller?.abort(outer.reason);
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  const session: CallSession = {
    origin,
    elicit: options.elicit,
    signal: controller?.signal ?? NEVER_ABORTS,
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
    // (only `elicit`'s answers fail a call, and a call with `elicit` has its controller)
    fail: (error) => controller?.abort(error),
  };
  return { session, stopped, dispose: () => outer?.removeEventListener("abort", onOuterAbort) };
}
