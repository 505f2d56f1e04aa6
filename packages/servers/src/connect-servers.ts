// connectServers: every server of a config connected, one toolset over all of
// them kept current, and one close() for everything.
import type { Client } from "@modelcontextprotocol/client";
import { buildToolset, ToolError } from "@x/toolset";
import type { BuildToolsetOptions, Toolset, ToolsetReport } from "@x/toolset";
import { readConfigFile } from "./read-config-file";
import { createScrub, scrubStrings, serverSecrets } from "./secrets";
import { checkServersConfig } from "./server-config";
import type { ServersConfig } from "./server-config";
import { ServerConnection } from "./server-connection";
import type { ConnectionChange, ConnectionSettings, RestartPolicy } from "./server-connection";
import type {
  ServerNotificationEvent,
  ServersHooks,
  ServerStatus,
  ServerStatusEvent,
  ToolsChangedEvent,
} from "./server-status";
import { diffToolsets } from "./tools-diff";
import { DEFAULT_MAX_PAGES } from "./list-tools";

/** How long a server may take to start (or be reached) and list its tools, by default. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The default time between SIGTERM and SIGKILL when a child process is closed. */
export const DEFAULT_CLOSE_GRACE_MS = 2_000;
/** The default restart policy of a stdio server that dies after it was ready. */
export const DEFAULT_RESTART: RestartPolicy = Object.freeze({
  maxRestarts: 3,
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  // A minute is six times the longest wait between attempts: a server that cannot stay up still uses up its
  // restarts within a minute or two, while one that crashes once a day is restarted every day.
  resetAfterMs: 60_000,
});

/** Options of {@link connectServers}. */
export interface ConnectServersOptions {
  /**
   * Which servers must start for `connectServers` to resolve: `"any"` (default: at least one, when the config has
   * any), `"all"`, or `"none"` (it resolves whatever happens: for an app that shows each server's status). When
   * they do not, it ends what did start and rejects, naming each server that did not start and why.
   */
  readonly require?: "any" | "all" | "none";
  /** Per server: starting (or reaching) it and listing its tools, in ms. Default 30 000. */
  readonly timeoutMs?: number;
  /** Between SIGTERM and SIGKILL when closing a child process, in ms. Default 2 000. */
  readonly closeGraceMs?: number;
  /**
   * How a stdio server that dies is restarted; `false`: never. Default 3 restarts in a row, 500 ms doubling up to
   * 10 s, counted again from zero after a minute ready. A listing that fails on a running server is tried again
   * with the same waits.
   */
  readonly restart?: Partial<RestartPolicy> | false;
  /** The most `tools/list` pages read from one server. Default 100. */
  readonly maxPages?: number;
  /** Where a relative `cwd` in the config is read from. Default: the config file's directory, or `process.cwd()`. */
  readonly cwd?: string;
  /** How this client introduces itself to the servers. Default `{ name: "@x/servers", version: "0.0.0" }`. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** Passed to `buildToolset` (`separator`, `prefix`, …) each time the toolset is rebuilt. */
  readonly toolset?: BuildToolsetOptions;
  readonly hooks?: ServersHooks;
}

/**
 * The connected servers. Read `toolset`, `report`, `clients` and `status` when you need them: they are always current.
 */
export interface Servers {
  /** The tools of every server that is ready (or restarting, or connecting again in `restart`), by exposed name. */
  readonly toolset: Toolset;
  /** `buildToolset`'s report for {@link Servers.toolset}. */
  readonly report: ToolsetReport;
  /**
   * The MCP client of each server, by name, for `executeToolCalls` / `runToolLoop`.
   * The object stays the same; each entry always gives the server's current client
   * (a restarted stdio server gets a new one), `undefined` while it has none.
   */
  readonly clients: { readonly [server: string]: Client | undefined };
  /** Each server's status, by name (a frozen snapshot). */
  readonly status: { readonly [server: string]: ServerStatus };
  /**
   * Lists the tools of every ready server again (whatever their caches say, and at once for one whose last listing
   * failed), starts every failed server again, and rebuilds the toolset; resolves when each is `ready` or `failed`.
   */
  refresh(): Promise<void>;
  /**
   * Starts the server `name` of the config again now (a stdio server's process is ended first), with a
   * fresh count of automatic restarts; resolves when it is `ready` or `failed`. A call while a restart of that server
   * runs joins it (one restart at a time). Its tools stay in
   * {@link Servers.toolset} meanwhile (with no client) and leave only if it fails. A given `Client` or
   * in-process server is left as it is.
   * @throws {ToolError} `invalid-config` when the config has no server `name`
   */
  restart(name: string): Promise<void>;
  /**
   * Ends every child process (SIGTERM, then SIGKILL), closes every connection, removes every listener. Harmless twice.
   */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

function checkPositive(name: string, value: number | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new ToolError(
      "invalid-config",
      `options.${name} must be a ${allowZero ? "non-negative" : "positive"} number of ms or a count, not ` +
        `${String(value)}`,
    );
  }
  return value;
}

function restartPolicy(option: ConnectServersOptions["restart"]): RestartPolicy | undefined {
  if (option === false) return undefined;
  return {
    maxRestarts: checkPositive("restart.maxRestarts", option?.maxRestarts, DEFAULT_RESTART.maxRestarts, true),
    initialDelayMs: checkPositive(
      "restart.initialDelayMs",
      option?.initialDelayMs,
      DEFAULT_RESTART.initialDelayMs,
      true,
    ),
    maxDelayMs: checkPositive("restart.maxDelayMs", option?.maxDelayMs, DEFAULT_RESTART.maxDelayMs, true),
    resetAfterMs: checkPositive("restart.resetAfterMs", option?.resetAfterMs, DEFAULT_RESTART.resetAfterMs, true),
  };
}

/** Calls a hook so that neither a throw nor a rejection reaches us. */
function callSafely<E>(hook: ((event: E) => void | PromiseLike<void>) | undefined, event: E): void {
  if (hook === undefined) return;
  try {
    const returned = hook(event);
    if (returned !== undefined && typeof returned.then === "function") returned.then(undefined, () => {});
  } catch {
    // A hook must never break the connections.
  }
}

function checkRequire(value: unknown): "any" | "all" | "none" {
  if (value === undefined) return "any";
  if (value === "any" || value === "all" || value === "none") return value;
  throw new ToolError("invalid-config", `options.require must be "any", "all" or "none", not ${JSON.stringify(value)}`);
}

/**
 * Connects every server of `config` at once and resolves when each is
 * `ready` or `failed`: a server that fails does not fail the others (its
 * status, and a `server-status` event, say why) unless `require` says it
 * must start. Bad config throws a `ToolError` with code `invalid-config`,
 * naming the server and the field, before anything starts.
 *
 * @param config - the path of a config file (JSON, comments allowed), or the config itself: `{ mcpServers: { name:
 *   entry } }` (Claude Desktop, Cursor), `{ servers: { name: entry } }` (VS Code's mcp.json), or the same object
 *   without the wrapper; an entry is `{ command, args, env, cwd }`, `{ url, headers }`, a connected SDK `Client`, or
 *   an SDK `McpServer` (served in-process)
 * @param options - which servers must start, timeouts, restart policy, toolset options, hooks
 * @returns the servers, their toolset (always current) and clients
 * @throws {ToolError} `invalid-config` for a config it cannot use; `connection-closed` when the servers `require`
 *   asks for did not start (each named, with why)
 * @example
 * ```ts
 * await using servers = await connectServers("mcp.json");
 * servers.toolset.entries.length; // the tools of every server, named everything__echo, …
 * ```
 */
export async function connectServers(
  config: ServersConfig | string,
  options: ConnectServersOptions = {},
): Promise<Servers> {
  const required = checkRequire(options.require);
  const file = typeof config === "string" ? await readConfigFile(config) : undefined;
  const cwd = options.cwd ?? file?.dir;
  const specs = checkServersConfig(file === undefined ? config : file.config, cwd === undefined ? {} : { cwd });
  const scrub = createScrub(specs.flatMap(serverSecrets));
  const restart = restartPolicy(options.restart);
  const settings: ConnectionSettings = {
    timeoutMs: checkPositive("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS),
    closeGraceMs: checkPositive("closeGraceMs", options.closeGraceMs, DEFAULT_CLOSE_GRACE_MS, true),
    maxPages: checkPositive("maxPages", options.maxPages, DEFAULT_MAX_PAGES),
    restart,
    retry: restart ?? DEFAULT_RESTART,
    clientInfo: options.clientInfo ?? { name: "@x/servers", version: "0.0.0" },
    scrub,
  };
  const hooks = options.hooks ?? {};
  const toolsetOptions = options.toolset;
  const build = (): ReturnType<typeof buildToolset> =>
    buildToolset(
      connections
        // A server being started again by restart(name) is "connecting" with the tools it had (a first start has none).
        .filter((c) => c.status.state !== "failed" && c.status.state !== "closed")
        .map((c) => [c.spec.name, c.tools] as const),
      toolsetOptions,
    );

  let closed = false;
  let starting = true;
  const onChange = (connection: ServerConnection, change: ConnectionChange): void => {
    if (change.kind === "notification") {
      if (closed) return;
      const event: ServerNotificationEvent = Object.freeze({
        type: "server-notification",
        timestamp: Date.now(),
        server: connection.spec.name,
        method: change.method,
        params: scrubStrings(change.params, scrub),
      });
      callSafely(hooks["server-notification"], event);
      return;
    }
    if (change.kind === "status") {
      status = Object.freeze({ ...status, [connection.spec.name]: connection.status });
      const event: ServerStatusEvent = Object.freeze({
        type: "server-status",
        timestamp: Date.now(),
        server: connection.spec.name,
        status: connection.status,
        previous: change.previous,
      });
      callSafely(hooks["server-status"], event);
      return;
    }
    // While connecting, the toolset is built once at the end: no tools-changed for the first listing.
    if (starting || closed) return;
    const next = build();
    const diff = diffToolsets(built.toolset, next.toolset);
    built = next;
    if (diff.added.length + diff.removed.length + diff.renamed.length + diff.changed.length === 0) return;
    const event: ToolsChangedEvent = Object.freeze({
      type: "tools-changed",
      timestamp: Date.now(),
      server: connection.spec.name,
      toolset: next.toolset,
      report: next.report,
      added: Object.freeze(diff.added),
      removed: Object.freeze(diff.removed),
      renamed: Object.freeze(diff.renamed),
      changed: Object.freeze(diff.changed),
    });
    callSafely(hooks["tools-changed"], event);
  };

  const connections: ServerConnection[] = specs.map(
    (spec) => new ServerConnection(spec, settings, (change) => onChange(connection(spec.name), change)),
  );
  const byName = new Map(connections.map((c) => [c.spec.name, c]));
  const connection = (name: string): ServerConnection => byName.get(name) as ServerConnection;
  let status: { readonly [server: string]: ServerStatus } = Object.freeze(
    Object.fromEntries(connections.map((c) => [c.spec.name, c.status])),
  );

  const clients: { [server: string]: Client | undefined } = {};
  for (const c of connections) {
    Object.defineProperty(clients, c.spec.name, { enumerable: true, get: () => (closed ? undefined : c.client) });
  }
  Object.freeze(clients);

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await Promise.all(connections.map((c) => c.close()));
  };
  await Promise.all(connections.map((c) => c.start()));
  const failed = connections.filter((c) => c.status.state === "failed");
  const tooMany = required === "all" ? failed.length > 0 : required === "any" && failed.length === specs.length;
  if (tooMany && failed.length > 0) {
    const reasons = failed.map((c) => {
      const reason = c.status.state === "failed" ? c.status.reason : "";
      return `${c.spec.name}: ${reason.replace(/\n/g, "\n    ")}`;
    });
    const which =
      failed.length === specs.length
        ? "No server started"
        : `${failed.length} of ${specs.length} servers did not start`;
    await close();
    throw new ToolError(
      "connection-closed",
      `${which}${required === "all" ? ' (require: "all")' : ""}:\n  ${reasons.join("\n  ")}`,
    );
  }
  let built = build();
  starting = false;

  return {
    get toolset() {
      // A read is when the tools are needed: a server whose listing went stale is listed again (seen by a later read).
      const now = Date.now();
      for (const c of connections) c.refreshIfStale(now);
      return built.toolset;
    },
    get report() {
      return built.report;
    },
    clients,
    get status() {
      return status;
    },
    refresh: async () => {
      await Promise.all(connections.map((c) => c.refresh()));
    },
    restart: async (name) => {
      const found = byName.get(name);
      if (found === undefined) {
        throw new ToolError(
          "invalid-config",
          `restart(${JSON.stringify(name)}): the config has no server of that name; ` +
            `it has ${[...byName.keys()].join(", ")}`,
        );
      }
      await found.restartNow();
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
