// The playground's servers, connected by @x/servers: the toolset of every
// server that started, the clients that run its tools, and each server's
// state as the page shows it.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectServers } from "@x/servers";
import type { ServerEntry, Servers } from "@x/servers";
import { buildToolset } from "@x/toolset";
import type { BuiltToolset, McpTool, Toolset, ToolsetReport } from "@x/toolset";
import type { ServerState } from "../shared/api-types";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

/** How long a server may take to start and list its tools. */
export const CONNECT_TIMEOUT_MS = 20_000;

/** What the API handlers work with: always the current toolset and clients. */
export interface Toolbox {
  readonly toolset: Toolset;
  readonly report: ToolsetReport;
  /** The MCP client of each server that started, by server name. */
  readonly clients: ReadonlyMap<string, Client>;
}

/** The connected servers and the specs they came from. */
export interface ServerPool {
  readonly toolbox: Toolbox;
  readonly servers: Servers;
  readonly specs: readonly (ServerSpec | InvalidServerSpec)[];
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
  const servers = await connectServers(Object.fromEntries(valid.map((spec) => [spec.name, entryOf(spec)])), {
    timeoutMs: options.timeoutMs ?? CONNECT_TIMEOUT_MS,
    // The page shows every server's status, failed ones included: the pool starts whatever happens.
    require: "none",
    clientInfo: { name: "x-playground", version: "0.0.0" },
    hooks: { "server-status": onChange, "tools-changed": onChange },
  });
  const toolbox: Toolbox = {
    get toolset() {
      return servers.toolset;
    },
    get report() {
      return servers.report;
    },
    get clients() {
      // @x/servers hands out clients of the MCP SDK v2; the playground's code still names the v1 Client type.
      return new Map(
        Object.entries(servers.clients).flatMap(([name, client]) =>
          client === undefined ? [] : [[name, client as unknown as Client] as const],
        ),
      );
    },
  };
  return { toolbox, servers, specs, close: () => servers.close() };
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

/** One server's state, as far as the connection goes (the page's `status`, `error`, `toolCount`, `serverInfo`). */
export function connectionState(
  spec: ServerSpec | InvalidServerSpec,
  servers: Servers,
): Pick<ServerState, "status" | "error" | "toolCount" | "serverInfo"> {
  if (spec.transport === "invalid") return { status: "failed", error: spec.error, toolCount: 0 };
  const status = servers.status[spec.name];
  const version = servers.clients[spec.name]?.getServerVersion();
  const serverInfo = version === undefined ? {} : { serverInfo: { name: version.name, version: version.version } };
  switch (status?.state) {
    case "ready":
      return { status: "ready", toolCount: status.tools, ...serverInfo };
    case "failed":
      return { status: "failed", error: status.reason, toolCount: 0 };
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
