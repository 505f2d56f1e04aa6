// What each server sent besides results, as MCP Inspector shows it: its log
// messages, the resources and lists it said changed, and the progress its
// calls reported. Each server's chip has a button with the count; it opens
// that server's pane under the header (newest first). The history comes
// from `GET /api/notifications`, then each `server-notification` event.
import type { NotificationsResponse, ServerNotificationView } from "../shared/api-types";
import type { Api } from "./api-client";
import { h, replace } from "./dom";
import type { EventStream } from "./event-stream";
import { jsonBox } from "./json-block";

/** How many notifications the page keeps per server (the server keeps as many). */
const KEPT = 200;

/** The pane, and the buttons that open it. */
export interface NotificationsPane {
  readonly element: HTMLElement;
  /** The button of `server`'s chip: its count, opening (or closing) its pane. Made again at each header redraw. */
  toggle(server: string): HTMLElement;
}

/** Log levels (MCP's, from syslog) that say something went wrong. */
const BAD_LEVELS = new Set(["error", "critical", "alert", "emergency"]);

/** The class of a notification's badge: its kind, and for a log message how bad its level is. */
function badgeClass(notification: ServerNotificationView): string {
  if (notification.kind !== "log") return `kind-${notification.kind}`;
  if (notification.level === "warning") return "kind-log level-warning";
  return BAD_LEVELS.has(notification.level ?? "") ? "kind-log level-bad" : "kind-log";
}

/** The label of a notification's kind: its log level for a log message. */
function kindLabel(notification: ServerNotificationView): string {
  if (notification.kind === "log") return notification.level ?? "log";
  return notification.kind === "other" ? notification.method : notification.kind;
}

function time(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour12: false });
}

/**
 * The pane, filled from the server and kept current by `events`.
 *
 * @example
 * ```ts
 * const pane = createNotificationsPane(api, events);
 * header.append(renderServers(state, restart, (name) => pane.toggle(name)));
 * main.before(pane.element);
 * ```
 */
export function createNotificationsPane(api: Api, events: EventStream): NotificationsPane {
  const byServer = new Map<string, ServerNotificationView[]>();
  const buttons = new Map<string, HTMLButtonElement>();
  let open: string | null = null;
  const element = h("section", {
    class: "notifications",
    id: "notifications-pane",
    "data-testid": "notifications",
    "aria-label": "notifications",
    hidden: true,
  });

  const countOf = (server: string): number => byServer.get(server)?.length ?? 0;
  const label = (server: string): string => `${countOf(server)} notification${countOf(server) === 1 ? "" : "s"}`;

  const draw = (): void => {
    element.hidden = open === null;
    for (const [server, button] of buttons) {
      button.textContent = label(server);
      button.setAttribute("aria-expanded", String(server === open));
    }
    if (open === null) return replace(element);
    const server = open;
    const list = [...(byServer.get(server) ?? [])].reverse();
    replace(
      element,
      h(
        "div",
        { class: "notifications-head" },
        h("h2", {}, `What server "${server}" sent besides results`),
        h(
          "span",
          { class: "muted" },
          " log messages, resource and list changes, and the progress of calls; newest first",
          list.length >= KEPT ? ` (the latest ${KEPT})` : "",
        ),
        h(
          "button",
          {
            type: "button",
            class: "small",
            "data-testid": "notifications-clear",
            onclick: () => {
              byServer.set(server, []);
              draw();
            },
          },
          "Clear",
        ),
        h(
          "button",
          { type: "button", class: "small", "data-testid": "notifications-close", onclick: () => show(null) },
          "Close",
        ),
      ),
      list.length === 0
        ? h(
            "p",
            { class: "muted", "data-testid": "notifications-empty" },
            "Nothing yet. (server-everything sends log messages after its tool toggle-simulated-logging; a call " +
              "that reports progress shows it here too.)",
          )
        : h(
            "ol",
            { class: "notification-list", "data-testid": "notification-list" },
            list.map((notification) =>
              h(
                "li",
                { class: "notification", "data-kind": notification.kind },
                h("span", { class: "muted" }, time(notification.at)),
                " ",
                h("span", { class: `badge ${badgeClass(notification)}` }, kindLabel(notification)),
                " ",
                h("span", { "data-testid": "notification-summary" }, notification.summary),
                h("details", {}, h("summary", {}, notification.method), jsonBox(notification.params)),
              ),
            ),
          ),
    );
  };
  const show = (server: string | null): void => {
    open = server;
    draw();
    if (server !== null) element.scrollIntoView({ block: "nearest" });
  };
  const add = (notification: ServerNotificationView): void => {
    const list = byServer.get(notification.server) ?? [];
    list.push(notification);
    if (list.length > KEPT) list.splice(0, list.length - KEPT);
    byServer.set(notification.server, list);
  };

  events.listen((event) => {
    if (event.type !== "server-notification") return;
    add(event.notification);
    draw();
  });
  void api
    .get<NotificationsResponse>("/api/notifications")
    .then((loaded) => {
      // What arrived live before the history may be in it too: the history, then what is newer than its last.
      const live = [...byServer.values()].flat().sort((a, b) => a.at - b.at);
      const last = loaded.notifications.at(-1)?.at ?? -Infinity;
      byServer.clear();
      for (const notification of loaded.notifications) add(notification);
      for (const notification of live) if (notification.at > last) add(notification);
      draw();
    })
    .catch(() => {});

  return {
    element,
    toggle: (server) => {
      const button = h(
        "button",
        {
          type: "button",
          class: "small notifications-toggle",
          "data-testid": `notifications-${server}`,
          "aria-controls": "notifications-pane",
          "aria-expanded": String(server === open),
          title: `What server "${server}" sent besides results: log messages, resource and list changes, progress`,
          onclick: () => show(open === server ? null : server),
        },
        label(server),
      );
      buttons.set(server, button);
      return button;
    },
  };
}
