// What each server is doing, and the events that say when that or the toolset changes.
import type { BuiltToolset } from "@x/toolset";
import type { ToolsetDiff } from "./tools-diff";

/**
 * One server's state. Every `reason` and `warning` is written for the user
 * and has the config's secrets taken out.
 */
export type ServerStatus =
  | { readonly state: "connecting" }
  | {
      readonly state: "ready";
      /** How many of its tools are in the toolset (after `allowTools` / `denyTools`). */
      readonly tools: number;
      /** The process id of a stdio server. */
      readonly pid?: number;
      /** Set when listing stopped early (a repeated cursor, too many pages). */
      readonly warning?: string;
      /**
       * Set when listing its tools again failed: its tools are those of the last listing that worked, and the
       * listing is tried again after `delayMs` (`attempt` 1 for the first failure).
       */
      readonly stale?: { readonly reason: string; readonly attempt: number; readonly delayMs: number };
    }
  | {
      readonly state: "restarting";
      /** What happened to it (`exited with code 1; the last lines of its stderr: …`). */
      readonly reason: string;
      /** 1 for the first restart. */
      readonly attempt: number;
      /** How long it waits before this attempt. */
      readonly delayMs: number;
    }
  | { readonly state: "failed"; readonly reason: string }
  | { readonly state: "closed" };

/** A server's status changed. */
export interface ServerStatusEvent {
  readonly type: "server-status";
  /** Milliseconds since the Unix epoch. */
  readonly timestamp: number;
  readonly server: string;
  readonly status: ServerStatus;
  /** The state it left. */
  readonly previous: ServerStatus["state"];
}

/** The toolset was rebuilt and differs from the one before: the new `toolset` and `report`, and the difference. */
export interface ToolsChangedEvent extends BuiltToolset, ToolsetDiff {
  readonly type: "tools-changed";
  readonly timestamp: number;
  /** The server whose listing (or failure) caused it. */
  readonly server: string;
}

/** Hooks in the executor's style: one frozen event object each; a hook that throws or rejects is ignored. */
export interface ServersHooks {
  readonly "server-status"?: (event: ServerStatusEvent) => void | PromiseLike<void>;
  readonly "tools-changed"?: (event: ToolsChangedEvent) => void | PromiseLike<void>;
}
