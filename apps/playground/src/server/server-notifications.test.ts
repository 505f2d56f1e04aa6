import type { ServerNotificationEvent } from "@x/servers";
import { describe, expect, it } from "vitest";
import { createNotificationLog, KEPT_PER_SERVER, notificationView, progressView } from "./server-notifications";

const notification = (method: string, params?: unknown): ServerNotificationEvent => ({
  type: "server-notification",
  timestamp: 1,
  server: "s",
  method,
  params,
});

describe("notificationView", () => {
  it.each([
    [
      "a log message",
      notification("notifications/message", { level: "error", logger: "db", data: "lost" }),
      { kind: "log", level: "error", summary: "error (db): lost" },
    ],
    [
      "a log message whose data is not text",
      notification("notifications/message", { level: "info", data: { rows: 3 } }),
      { kind: "log", level: "info", summary: 'info: {"rows":3}' },
    ],
    [
      "a resource update",
      notification("notifications/resources/updated", { uri: "file:///a" }),
      { kind: "resource", level: null, summary: "resource changed: file:///a" },
    ],
    [
      "a list change",
      notification("notifications/prompts/list_changed"),
      { kind: "list", level: null, summary: "its list of prompts changed" },
    ],
    ["anything else", notification("notifications/x"), { kind: "other", level: null, summary: "notifications/x" }],
  ])("%s", (_, event, view) => {
    expect(notificationView(event)).toMatchObject({ server: "s", at: 1, method: event.method, ...view });
  });
});

describe("progressView", () => {
  it("takes a call's progress, under its server, and nothing else", () => {
    const event = { type: "tool-call-progress", timestamp: 5, server: "demo", progress: 1 };
    expect(
      progressView({ type: "tool-call-progress", at: 3, summary: "demo__count: progress 1", event }),
    ).toMatchObject({
      server: "demo",
      at: 5,
      kind: "progress",
      summary: "demo__count: progress 1",
    });
    expect(progressView({ type: "tool-call-start", at: 3, summary: "", event })).toBeUndefined();
  });
});

describe("createNotificationLog", () => {
  it("keeps the latest per server, oldest first, each text capped", () => {
    const log = createNotificationLog();
    for (let at = 0; at < KEPT_PER_SERVER + 5; at++) log.add({ ...notificationView(notification("n/a")), at });
    log.add({ ...notificationView(notification("n/b")), server: "t", at: 2.5, summary: "x".repeat(10_000) });
    const list = log.list();
    expect(list.filter((view) => view.server === "s")).toHaveLength(KEPT_PER_SERVER);
    expect(list[0]?.at).toBe(2.5);
    expect(list[0]?.summary.length).toBeLessThan(2_100);
    expect(list.at(-1)?.at).toBe(KEPT_PER_SERVER + 4);
  });
});
