// The events the server pushes (text/event-stream), read with fetch so the
// request carries the token and the Origin like every other API request
// (EventSource can send neither a header nor a POST).
import type { PushedEvent } from "../shared/api-types";

/**
 * Whether the stream is up: `connected`, `down` (the server does not answer) or `refused` (a new token: it restarted).
 */
export type StreamStatus = "connected" | "down" | "refused";

/** Live events from the server, and whether the stream is connected. */
export interface EventStream {
  /** Calls `listener` with every event from now on; returns how to stop. */
  listen(listener: (event: PushedEvent) => void): () => void;
  /** Calls `listener` whenever the stream goes up or down. */
  onStatus(listener: (status: StreamStatus) => void): void;
}

const RETRY_MS = 1_000;

/** Reads one event-stream body, calling `emit` per `data:` event, until it ends. */
async function readEvents(body: ReadableStream<Uint8Array>, emit: (event: PushedEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data !== "") emit(JSON.parse(data) as PushedEvent);
      end = buffer.indexOf("\n\n");
    }
  }
}

/**
 * Opens `POST /api/events` with `token` and keeps it open (reconnecting after
 * a second when it drops: the server restarting, the laptop sleeping).
 *
 * @example
 * ```ts
 * openEventStream(token).listen((event) => console.log(event.type));
 * ```
 */
export function openEventStream(token: string): EventStream {
  const listeners = new Set<(event: PushedEvent) => void>();
  const statusListeners: ((status: StreamStatus) => void)[] = [];
  let status: StreamStatus = "connected";
  const setStatus = (next: StreamStatus): void => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };
  const emit = (event: PushedEvent): void => {
    for (const listener of listeners) listener(event);
  };
  const connect = async (): Promise<void> => {
    try {
      const response = await fetch("/api/events", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/event-stream" },
        body: "{}",
      });
      if (response.status === 401) setStatus("refused");
      if (response.ok && response.body !== null) {
        setStatus("connected");
        await readEvents(response.body, emit);
      }
      if (!response.ok && response.status !== 401) setStatus("down");
    } catch {
      // The server went away or the page is closing: try again below.
    }
    if (status === "connected") setStatus("down");
    setTimeout(() => void connect(), RETRY_MS);
  };
  void connect();
  return {
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus: (listener) => void statusListeners.push(listener),
  };
}
