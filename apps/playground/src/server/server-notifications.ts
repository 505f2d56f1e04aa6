// What the servers send besides results, kept for the page's notifications
// pane: their log messages, resource and list changes (@x/servers'
// `server-notification` hook), and the progress the calls of followed runs
// report (the executor's `tool-call-progress` events). The latest few per
// server are kept; each text is capped, so a server that floods cannot
// flood the page.
import type { ServerNotificationEvent } from "@x/servers";
import type { Json, ServerNotificationView, TimelineEvent } from "../shared/api-types";
import { capStrings } from "./cap-text";
import { toJson } from "./to-json";

/** How many notifications are kept per server (the oldest go first). */
export const KEPT_PER_SERVER = 200;
/** The most UTF-8 bytes of each text of a notification that are kept. */
const MAX_TEXT_BYTES = 2_000;

/** The notifications kept so far. */
export interface NotificationLog {
  /** Keeps `view` (dropping its server's oldest beyond {@link KEPT_PER_SERVER}) and returns it. */
  add(view: ServerNotificationView): ServerNotificationView;
  /** Every kept notification, oldest first. */
  list(): ServerNotificationView[];
}

function record(value: unknown): { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as { [key: string]: unknown })
    : {};
}

/** A value of a log message (any JSON) as one line of text. */
function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

/**
 * A server's notification as the pane lists it.
 *
 * @example
 * ```ts
 * notificationView({ type: "server-notification", timestamp: 0, server: "demo", method: "notifications/message",
 *   params: { level: "info", data: "ready" } }).summary; // "info: ready"
 * ```
 */
export function notificationView(event: ServerNotificationEvent): ServerNotificationView {
  const params = record(event.params);
  const base = {
    server: event.server,
    at: event.timestamp,
    method: event.method,
    params: toJson(event.params ?? null),
  };
  const listChanged = /^notifications\/(\w+)\/list_changed$/.exec(event.method);
  if (event.method === "notifications/message") {
    const level = typeof params["level"] === "string" ? params["level"] : "info";
    const logger = typeof params["logger"] === "string" ? ` (${params["logger"]})` : "";
    return { ...base, kind: "log", level, summary: `${level}${logger}: ${asText(params["data"])}` };
  }
  if (event.method === "notifications/resources/updated")
    return { ...base, kind: "resource", level: null, summary: `resource changed: ${asText(params["uri"])}` };
  if (listChanged !== null)
    return { ...base, kind: "list", level: null, summary: `its list of ${listChanged[1] ?? ""} changed` };
  return { ...base, kind: "other", level: null, summary: event.method };
}

/**
 * A call's progress report (an executor `tool-call-progress` event of a
 * followed run) as the pane lists it under the call's server, or `undefined`
 * for any other event.
 *
 * @example
 * ```ts
 * recorder = createRecorder((event) => { const view = progressView(event); if (view) log.add(view); });
 * ```
 */
export function progressView(event: TimelineEvent): ServerNotificationView | undefined {
  const fields = record(event.event);
  if (event.type !== "tool-call-progress" || typeof fields["server"] !== "string") return undefined;
  const timestamp = typeof fields["timestamp"] === "number" ? fields["timestamp"] : Date.now();
  return {
    server: fields["server"],
    at: timestamp,
    kind: "progress",
    method: "notifications/progress",
    level: null,
    summary: event.summary,
    params: event.event,
  };
}

/**
 * An empty log.
 *
 * @example
 * ```ts
 * const log = createNotificationLog();
 * hub.publish({ type: "server-notification", notification: log.add(notificationView(event)) });
 * ```
 */
export function createNotificationLog(): NotificationLog {
  const byServer = new Map<string, ServerNotificationView[]>();
  return {
    add: (view) => {
      const kept = capStrings(view as unknown as Json, MAX_TEXT_BYTES).value as unknown as ServerNotificationView;
      const list = byServer.get(kept.server) ?? [];
      list.push(kept);
      if (list.length > KEPT_PER_SERVER) list.splice(0, list.length - KEPT_PER_SERVER);
      byServer.set(kept.server, list);
      return kept;
    },
    list: () => [...byServer.values()].flat().sort((a, b) => a.at - b.at),
  };
}
