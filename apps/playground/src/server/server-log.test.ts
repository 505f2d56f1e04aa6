import type { ServerStatus, ServerStatusEvent } from "@x/servers";
import { describe, expect, it } from "vitest";
import { statusLine } from "./server-log";

const event = (previous: ServerStatus["state"], status: ServerStatus): ServerStatusEvent => ({
  type: "server-status",
  timestamp: 0,
  server: "files",
  previous,
  status,
});

const later = { first: false, restartsItself: true };

describe("statusLine: what the terminal says of a server", () => {
  it.each<[string, ServerStatusEvent, { first: boolean; restartsItself: boolean }, string | undefined]>([
    [
      "its start",
      event("connecting", { state: "ready", tools: 4 }),
      { ...later, first: true },
      'MCP server "files": 4 tools',
    ],
    [
      "a start that failed",
      event("connecting", { state: "failed", reason: "command not found" }),
      { ...later, first: true },
      'MCP server "files" failed to start: command not found',
    ],
    [
      "a crash",
      event("ready", { state: "restarting", reason: "exited with code 1", attempt: 1, delayMs: 500 }),
      later,
      'MCP server "files" crashed: exited with code 1. Restarting it in 500 ms (restart 1 of 3).',
    ],
    [
      "a restart that did not come up",
      event("restarting", { state: "restarting", reason: "exited with code 1", attempt: 2, delayMs: 1_000 }),
      later,
      'MCP server "files" did not come back: exited with code 1. Restarting it in 1 s (restart 2 of 3).',
    ],
    [
      "a server back",
      event("restarting", { state: "ready", tools: 4 }),
      later,
      'MCP server "files" is running again: 4 tools.',
    ],
    [
      "giving up after the last restart crashed",
      event("ready", { state: "failed", reason: "exited with code 1 (given up after 3 restarts)" }),
      later,
      'MCP server "files" crashed; giving up: exited with code 1 (given up after 3 restarts)',
    ],
    [
      "giving up after the last restart did not start",
      event("restarting", { state: "failed", reason: "exited with code 1 (given up after 3 restarts)" }),
      later,
      'MCP server "files" did not come back; giving up: exited with code 1 (given up after 3 restarts)',
    ],
    [
      "an HTTP server whose connection closed",
      event("ready", { state: "failed", reason: "the connection closed" }),
      { first: false, restartsItself: false },
      'MCP server "files" crashed: the connection closed. It is not restarted by itself (only a stdio server is): ' +
        "use its Restart button.",
    ],
    [
      "Restart pressed",
      event("ready", { state: "connecting" }),
      later,
      'MCP server "files": restarting (asked for on the page).',
    ],
    ["a new listing of a running server", event("ready", { state: "ready", tools: 5 }), later, undefined],
    ["the playground closing", event("ready", { state: "closed" }), later, undefined],
  ])("%s", (_, change, context, text) => {
    expect(statusLine(change, context)?.text).toBe(text);
  });

  it("says a crash, a restart failing and giving up as errors, a start and a server back as news", () => {
    expect(statusLine(event("ready", { state: "failed", reason: "x" }), later)?.level).toBe("error");
    expect(statusLine(event("restarting", { state: "ready", tools: 1 }), later)?.level).toBe("info");
  });
});
