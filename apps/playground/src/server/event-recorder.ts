// Collects the executor's hook events into the timeline the page shows,
// timed from the start of the run.
import type { ExecutorEvent, ExecutorHooks } from "@x/executor";
import type { TimelineEvent } from "../shared/api-types";
import { toJson } from "./to-json";

/** A timeline being recorded. */
export interface EventRecorder {
  /**
   * Hooks for `executeToolCalls` / `runToolLoop`: every event type but `model-delta` is recorded (a progress hook makes
   * the executor ask servers for progress).
   */
  readonly hooks: ExecutorHooks;
  /** Adds an event the executor does not emit (what the playground saw on the wire), timed now. */
  note(type: string, summary: string, event: TimelineEvent["event"]): void;
  /** The events so far, in the order they happened. */
  events(): TimelineEvent[];
}

function summarize(event: ExecutorEvent): string {
  switch (event.type) {
    case "tool-call-start":
      return `${event.name} → server "${event.server}", tool "${event.toolName}"`;
    case "tool-call-progress":
      return (
        `${event.name}: progress ${event.progress}${event.total === undefined ? "" : ` of ${event.total}`}` +
        (event.message === undefined ? "" : ` — ${event.message}`)
      );
    case "tool-call-end":
      return (
        `${event.name}: ${event.isError ? "the tool reported an error (isError: true)" : "result received"}` +
        (event.truncatedBytes > 0 ? `, ${event.truncatedBytes} bytes cut` : "")
      );
    case "tool-call-error":
      return `${event.name}: ${event.error.code} — ${event.error.message}`;
    case "tool-call-rejected":
      return `${event.name === "" ? "(no name)" : event.name}: ${event.error.code} — ${event.error.message}`;
    case "tool-call-denied":
      return `${event.name}: not allowed${event.reason === undefined ? "" : ` — ${event.reason}`}`;
    case "tool-call-elicitation":
      return `${event.name} asked for input (${event.mode}): ${event.message} — ${event.action}`;
    case "model-delta":
      return event.delta.type === "text"
        ? `text: ${event.delta.delta}`
        : `${event.delta.name} arguments: ${event.delta.delta}`;
    case "strict-fallback":
      return `${event.name}: sent with strict: false (${event.keyword} at /${event.path.join("/")})`;
    case "tool-excluded":
      return `${event.name}: left out (${event.keyword} at /${event.path.join("/")})`;
    case "turn-start":
      return `turn ${event.turn}: calling the model with ${event.inputLength} item(s)`;
    case "turn-end":
      return (
        `turn ${event.turn}: ${event.callCount} call(s) run, ${event.rejectedCount} rejected` +
        (event.error === undefined
          ? ""
          : `; the model request failed: ` +
            (event.error instanceof Error ? event.error.message : JSON.stringify(event.error)))
      );
    default: {
      const _exhaustive: never = event;
      return String(_exhaustive);
    }
  }
}

/**
 * Starts a timeline now. `onEvent` sees each event as it is recorded (the
 * page gets them live).
 *
 * @example
 * ```ts
 * const recorder = createRecorder();
 * await executeToolCalls(response, toolset, clients, { adapter, hooks: recorder.hooks });
 * recorder.events();
 * ```
 */
export function createRecorder(onEvent: (event: TimelineEvent) => void = () => {}): EventRecorder {
  // The executor's clock (`performance.timeOrigin + performance.now()`), so `at` and durations agree.
  const start = performance.timeOrigin + performance.now();
  const events: TimelineEvent[] = [];
  const add = (event: TimelineEvent): void => {
    events.push(event);
    onEvent(event);
  };
  const record = (event: ExecutorEvent): void => {
    // A run with `includeValues` (the Run view reads what the server got from them) keeps them out of the timeline.
    const {
      arguments: _arguments,
      result: _result,
      content: _content,
      ...shown
    } = event as ExecutorEvent & {
      arguments?: unknown;
      result?: unknown;
      content?: unknown;
    };
    add({
      type: event.type,
      at: event.timestamp - start,
      ...("durationMs" in event ? { durationMs: event.durationMs } : {}),
      summary: summarize(event),
      event: toJson(shown),
    });
  };
  return {
    hooks: {
      "tool-call-start": record,
      "tool-call-progress": record,
      "tool-call-end": record,
      "tool-call-error": record,
      "tool-call-rejected": record,
      "tool-call-denied": record,
      "tool-call-elicitation": record,
      // model-delta is left out: one event per streamed piece would bury the timeline. The page gets the pieces as
      // their own pushed events (conversation.ts).
      "strict-fallback": record,
      "tool-excluded": record,
      "turn-start": record,
      "turn-end": record,
    },
    note: (type, summary, event) =>
      add({ type, at: performance.timeOrigin + performance.now() - start, summary, event }),
    events: () => [...events],
  };
}
