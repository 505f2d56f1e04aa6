// The playground's servers, connected by @x/servers: the toolset of every
// server that started, the clients that run its tools, and each server's
// state as the page shows it. A server that crashed keeps its tools in the
// toolset, marked unavailable, until it runs again: the page shows what is
// missing rather than making it vanish.
import { connectServers } from "@x/servers";
import type { ServerEntry, ServerNotificationEvent, Servers, ServerStatusEvent } from "@x/servers";
import { buildToolset } from "@x/toolset";
import type { BuiltToolset, McpTool, Toolset, ToolsetReport } from "@x/toolset";
import type { ServerState } from "../shared/api-types";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

/** How long a server may take to start and list its tools. */
export const CONNECT_TIMEOUT_MS = 20_000;

/** An MCP client as @x/servers hands it out (the MCP SDK v2 `Client`). */
export type ServerClient = NonNullable<Servers["clients"][string]>;

/** What the API handlers work with: always the current toolset and clients. */
export interface Toolbox {
  readonly toolset: Toolset;
  readonly report: ToolsetReport;
  /** The MCP client of each server that is running, by server name. */
  readonly clients: ReadonlyMap<string, ServerClient>;
}

/** The connected servers and the specs they came from. */
export interface ServerPool {
  readonly toolbox: Toolbox;
  readonly servers: Servers;
  readonly specs: readonly (ServerSpec | InvalidServerSpec)[];
  /** Whether the server `name` crashed after it was running and is not being started again. */
  crashed(name: string): boolean;
  close(): Promise<void>;
}

function entryOf(spec: ServerSpec): ServerEntry {
  if (spec.transport === "stdio") {
    return {
      command: spec.command,
      args: spec.args,
      env: spec.env,
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    };
  }
  const type = spec.httpTransport === "sse" ? "sse" : spec.httpTransport === "streamable-http" ? "http" : undefined;
  return { url: spec.url, headers: spec.headers, ...(type === undefined ? {} : { type }) };
}

/** Options of {@link connectPool}. */
export interface PoolOptions {
  /** Per server; default {@link CONNECT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** Called after a server's status or the toolset changed (the page is told at once). */
  readonly onChange?: () => void;
  /** Each change of a server's status (the terminal says what happened). */
  readonly onStatus?: (event: ServerStatusEvent) => void;
  /** Each notification a server sends besides results (the page's notifications pane). */
  readonly onNotification?: (event: ServerNotificationEvent) => void;
}

/** The tools of each server in `toolset`, by server name. */
function toolsByServer(toolset: Toolset): Map<string, McpTool[]> {
  const byServer = new Map<string, McpTool[]>();
  for (const entry of toolset.entries) byServer.set(entry.server, [...(byServer.get(entry.server) ?? []), entry.tool]);
  return byServer;
}

/**
 * Connects every valid spec through `connectServers` (a spec that could not
 * be read stays out, and is shown as failed).
 *
 * @example
 * ```ts
 * const pool = await connectPool([demoServerSpec(), everythingServerSpec()], {
 *   onChange: () => console.log("changed"),
 * });
 * pool.toolbox.toolset.entries.length;
 * ```
 */
export async function connectPool(
  specs: readonly (ServerSpec | InvalidServerSpec)[],
  options: PoolOptions = {},
): Promise<ServerPool> {
  const valid = specs.flatMap((spec) => (spec.transport === "invalid" ? [] : [spec]));
  const onChange = options.onChange ?? (() => {});
  /** The servers that crashed and were given up, with the tools they had when they last ran. */
  const crashed = new Map<string, readonly McpTool[]>();
  /** The tools of each server at its last listing, kept for when it crashes. */
  let lastTools = new Map<string, McpTool[]>();
  const onStatus = (event: ServerStatusEvent): void => {
    const { server, status, previous } = event;
    // A server that fails after it ran (its restarts used up, or a connection that closed) crashed; one that fails
    // from `connecting` did not start (at first, or when Restart was pressed).
    if (status.state === "failed" && (previous === "restarting" || previous === "ready"))
      crashed.set(server, lastTools.get(server) ?? []);
    else if (status.state !== "closed") crashed.delete(server);
    options.onStatus?.(event);
    onChange();
  };
  const servers = await connectServers(Object.fromEntries(valid.map((spec) => [spec.name, entryOf(spec)])), {
    timeoutMs: options.timeoutMs ?? CONNECT_TIMEOUT_MS,
    // The page shows every server's status, failed ones included: the pool starts whatever happens.
    require: "none",
    clientInfo: { name: "x-playground", version: "0.0.0" },
    hooks: {
      "server-status": onStatus,
      "tools-changed": (event) => {
        lastTools = new Map([...lastTools, ...toolsByServer(event.toolset)]);
        onChange();
      },
      ...(options.onNotification === undefined ? {} : { "server-notification": options.onNotification }),
    },
  });
  lastTools = toolsByServer(servers.toolset);

  // The toolset of the running servers, plus the last tools of each crashed one (built again when either changes).
  let source: Toolset | undefined;
  let sourceCrashed = "";
  let built: BuiltToolset | undefined;
  const current = (): BuiltToolset => {
    const toolset = servers.toolset;
    const crashedNow = JSON.stringify([...crashed.keys()]);
    if (built === undefined || source !== toolset || sourceCrashed !== crashedNow) {
      source = toolset;
      sourceCrashed = crashedNow;
      built =
        crashed.size === 0
          ? { toolset, report: servers.report }
          : buildToolset([
              ...toolsByServer(toolset),
              ...[...crashed].map(([name, tools]) => [name, [...tools]] as const),
            ]);
    }
    return built;
  };
  const toolbox: Toolbox = {
    get toolset() {
      return current().toolset;
    },
    get report() {
      return current().report;
    },
    get clients() {
      return new Map(
        Object.entries(servers.clients).flatMap(([name, client]) =>
          client === undefined ? [] : [[name, client] as const],
        ),
      );
    },
  };
  return { toolbox, servers, specs, crashed: (name) => crashed.has(name), close: () => servers.close() };
}

/**
 * `toolbox` without the tools `leaveOut` names (the toolset rebuilt from
 * the rest, again whenever `toolbox`'s changes); the same clients.
 *
 * @example
 * ```ts
 * const forModels = withoutTools(
 *   pool.toolbox,
 *   (server, tool) => server === "everything" && tool === "gzip-file-as-resource",
 * );
 * ```
 */
export function withoutTools(toolbox: Toolbox, leaveOut: (server: string, tool: string) => boolean): Toolbox {
  let source: Toolset | undefined;
  let built: BuiltToolset | undefined;
  const current = (): BuiltToolset => {
    if (built === undefined || source !== toolbox.toolset) {
      source = toolbox.toolset;
      const byServer = new Map<string, McpTool[]>();
      for (const entry of source.entries) {
        if (!leaveOut(entry.server, entry.toolName))
          byServer.set(entry.server, [...(byServer.get(entry.server) ?? []), entry.tool]);
      }
      built = buildToolset([...byServer]);
    }
    return built;
  };
  return {
    get toolset() {
      return current().toolset;
    },
    get report() {
      return current().report;
    },
    get clients() {
      return toolbox.clients;
    },
  };
}

/**
 * One server's state, as far as the connection goes (the page's `status`, `error`, `toolCount`, `serverInfo`).
 *
 * @example
 * ```ts
 * connectionState(pool.specs[0], pool).status; // "ready", "crashed", …
 * ```
 */
export function connectionState(
  spec: ServerSpec | InvalidServerSpec,
  pool: Pick<ServerPool, "servers" | "crashed">,
): Pick<ServerState, "status" | "error" | "toolCount" | "serverInfo"> {
  if (spec.transport === "invalid") return { status: "failed", error: spec.error, toolCount: 0 };
  const { servers } = pool;
  const status = servers.status[spec.name];
  const version = servers.clients[spec.name]?.getServerVersion();
  const serverInfo = version === undefined ? {} : { serverInfo: { name: version.name, version: version.version } };
  switch (status?.state) {
    case "ready":
      return { status: "ready", toolCount: status.tools, ...serverInfo };
    case "failed":
      return { status: pool.crashed(spec.name) ? "crashed" : "failed", error: status.reason, toolCount: 0 };
    case "restarting":
      return {
        status: "restarting",
        error: `${status.reason} (restarting, attempt ${status.attempt})`,
        toolCount: 0,
        ...serverInfo,
      };
    case "connecting":
      return { status: "restarting", toolCount: 0 };
    case "closed":
    case undefined:
      return { status: "closed", toolCount: 0 };
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}
