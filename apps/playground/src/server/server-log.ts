// What the terminal says when a server's state changes: its start (its tools,
// or why it failed), then a crash and why, each restart, a server back up,
// and giving up.
import { DEFAULT_RESTART } from "@x/servers";
import type { ServerStatusEvent } from "@x/servers";

/** One line for the terminal, and whether it is an error. */
export interface StatusLine {
  readonly level: "info" | "error";
  readonly text: string;
}

/** `ms` as the terminal says it: `500 ms`, `2 s`. */
function wait(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** What the terminal needs to know besides the event. */
export interface StatusContext {
  /** It is the server's first status after `connecting` at the start (its start is said, not a restart). */
  readonly first: boolean;
  /** A stdio server: @x/servers restarts it when it dies (an HTTP server is not restarted by itself). */
  readonly restartsItself: boolean;
}

/**
 * The terminal's line for a change of a server's status, or `undefined` when
 * there is nothing to say (it closed with the playground, or only its
 * listing's details changed). `reason`s come from @x/servers with the
 * config's secrets taken out.
 *
 * @example
 * ```ts
 * statusLine(
 *   { type: "server-status", timestamp: 0, server: "files", previous: "ready",
 *     status: { state: "restarting", reason: "exited with code 1", attempt: 1, delayMs: 500 } },
 *   { first: false, restartsItself: true },
 * );
 * // { level: "error",
 * //   text: 'MCP server "files" crashed: exited with code 1. Restarting it in 500 ms (restart 1 of 3).' }
 * ```
 */
export function statusLine(event: ServerStatusEvent, context: StatusContext): StatusLine | undefined {
  const { server, status, previous } = event;
  const name = `MCP server "${server}"`;
  switch (status.state) {
    case "restarting": {
      const { maxRestarts } = DEFAULT_RESTART;
      const next = `Restarting it in ${wait(status.delayMs)} (restart ${status.attempt} of ${maxRestarts}).`;
      return previous === "restarting"
        ? { level: "error", text: `${name} did not come back: ${status.reason}. ${next}` }
        : { level: "error", text: `${name} crashed: ${status.reason}. ${next}` };
    }
    case "ready":
      if (context.first) return { level: "info", text: `${name}: ${status.tools} tools` };
      if (previous === "restarting" || previous === "connecting")
        return { level: "info", text: `${name} is running again: ${status.tools} tools.` };
      return undefined;
    case "failed":
      if (context.first || previous === "connecting")
        return { level: "error", text: `${name} failed to start: ${status.reason}` };
      if (previous === "restarting")
        return { level: "error", text: `${name} did not come back; giving up: ${status.reason}` };
      return context.restartsItself
        ? { level: "error", text: `${name} crashed; giving up: ${status.reason}` }
        : {
            level: "error",
            text:
              `${name} crashed: ${status.reason}. ` +
              "It is not restarted by itself (only a stdio server is): use its Restart button.",
          };
    case "connecting":
      return context.first ? undefined : { level: "info", text: `${name}: restarting (asked for on the page).` };
    case "closed":
      return undefined;
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}
