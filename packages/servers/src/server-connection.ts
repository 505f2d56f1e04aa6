// One configured server over its whole life: connecting, listing its tools
// (and again when it says they changed or their ttl runs out), restarting a
// stdio server that died, and closing.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpTool } from "@x/toolset";
import { ChildProcessTransport } from "./child-process-transport";
import {
  ConnectTimeout,
  describeHttpFailure,
  describeOtherFailure,
  describeStdioFailure,
  httpStatusOf,
} from "./describe-failure";
import { listAllTools } from "./list-tools";
import type { Scrub } from "./secrets";
import type { CheckedServer } from "./server-config";
import type { ServerStatus } from "./server-status";
import { filterTools } from "./tool-filter";

/** How a crashed stdio server is restarted. */
export interface RestartPolicy {
  /** Restarts in all (0: none); when they are used up the server is `failed`. */
  readonly maxRestarts: number;
  /** The wait before the first restart; it doubles with each attempt. */
  readonly initialDelayMs: number;
  /** The longest wait between attempts. */
  readonly maxDelayMs: number;
}

/** The settings every connection shares. */
export interface ConnectionSettings {
  readonly timeoutMs: number;
  readonly closeGraceMs: number;
  readonly maxPages: number;
  readonly restart: RestartPolicy | undefined;
  readonly clientInfo: { readonly name: string; readonly version: string };
  readonly scrub: Scrub;
}

/** What a connection tells its owner: its status changed, or its tools did. */
export type ConnectionChange =
  { readonly kind: "status"; readonly previous: ServerStatus["state"] } | { readonly kind: "tools" };

/** A ttl shorter than this is read as this: a server answering 0 must not make us list in a loop. */
const MIN_TTL_MS = 100;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectTimeout(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** fetch refuses a URL with a user or password in it: they go as Basic authorization (unless a header sets one). */
function httpTarget(
  url: string,
  headers: { readonly [name: string]: string },
): { url: URL; headers: { [name: string]: string } } {
  const parsed = new URL(url);
  const all = { ...headers };
  if (parsed.username !== "" || parsed.password !== "") {
    const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    parsed.username = "";
    parsed.password = "";
    if (!Object.keys(all).some((name) => name.toLowerCase() === "authorization")) {
      all["authorization"] = `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`;
    }
  }
  return { url: parsed, headers: all };
}

/**
 * A Streamable HTTP failure after which the older HTTP+SSE transport is worth a try (the server may not speak the new
 * one).
 */
function mayBeSseServer(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 400 || status === 404 || status === 405;
}

/** One server: its status, its current tools and client. */
export class ServerConnection {
  status: ServerStatus = Object.freeze({ state: "connecting" });
  /** Its tools after `allowTools` / `denyTools`; empty unless ready or restarting. */
  tools: readonly McpTool[] = [];
  /** The client that runs its tools; replaced when a stdio server restarts. */
  client: Client | undefined;

  private transport: ChildProcessTransport | undefined;
  private closing = false;
  private restarts = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private ttlTimer: NodeJS.Timeout | undefined;
  private listing: Promise<void> | undefined;
  private listAgain = false;

  constructor(
    readonly spec: CheckedServer,
    private readonly settings: ConnectionSettings,
    private readonly onChange: (change: ConnectionChange) => void,
  ) {}

  private setStatus(status: ServerStatus): void {
    const previous = this.status.state;
    this.status = Object.freeze(status);
    this.onChange({ kind: "status", previous });
  }

  /** Connects and lists the tools; ends `ready` or `failed`, never throws. */
  async start(): Promise<void> {
    const opening = this.open();
    try {
      const client = await withTimeout(opening, this.settings.timeoutMs).catch((error: unknown) => {
        // A connection that comes up after its time ran out is closed, not left open (a given client is the caller's).
        void opening.then(
          (late) => (this.spec.kind === "client" ? undefined : late.close()),
          () => {},
        );
        throw error;
      });
      if (this.closing) {
        if (this.spec.kind !== "client") await client.close().catch(() => {});
        return;
      }
      this.client = client;
      this.watch(client);
      await this.list(client);
    } catch (error) {
      if (this.closing) return;
      await this.dropTransport();
      const reason = this.settings.scrub(this.describe(error));
      // A restart that fails is tried again while attempts are left; a first start is not.
      if (this.restarts > 0) this.restart(reason);
      else this.setStatus({ state: "failed", reason });
    }
  }

  private describe(error: unknown): string {
    switch (this.spec.kind) {
      case "stdio":
        return this.transport === undefined
          ? describeOtherFailure(error)
          : describeStdioFailure(error, this.spec.command, this.transport);
      case "http":
        return describeHttpFailure(error, this.spec.url);
      case "client":
      case "in-process":
        return describeOtherFailure(error);
      default: {
        const _exhaustive: never = this.spec;
        return _exhaustive;
      }
    }
  }

  private newClient(): Client {
    return new Client({ ...this.settings.clientInfo }, { capabilities: {} });
  }

  private async open(): Promise<Client> {
    const spec = this.spec;
    const timeout = { timeout: this.settings.timeoutMs };
    switch (spec.kind) {
      case "stdio": {
        const client = this.newClient();
        this.transport = new ChildProcessTransport({ ...spec, closeGraceMs: this.settings.closeGraceMs });
        await client.connect(this.transport, timeout);
        return client;
      }
      case "http":
        return this.openHttp(spec.url, spec.headers, spec.transport);
      case "in-process": {
        const client = this.newClient();
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await spec.server.connect(serverSide);
        await client.connect(clientSide, timeout);
        return client;
      }
      case "client":
        return spec.client;
      default: {
        const _exhaustive: never = spec;
        return _exhaustive;
      }
    }
  }

  private async openHttp(
    url: string,
    headers: { readonly [name: string]: string },
    kind: "auto" | "streamable-http" | "sse",
  ): Promise<Client> {
    const target = httpTarget(url, headers);
    const requestInit = { headers: target.headers };
    const timeout = { timeout: this.settings.timeoutMs };
    if (kind !== "sse") {
      const client = this.newClient();
      try {
        await client.connect(new StreamableHTTPClientTransport(target.url, { requestInit }), timeout);
        return client;
      } catch (error) {
        await client.close().catch(() => {});
        if (kind === "streamable-http" || !mayBeSseServer(error)) throw error;
      }
    }
    const client = this.newClient();
    try {
      // The SDK sends requestInit's headers with the event stream's GET too.
      await client.connect(new SSEClientTransport(target.url, { requestInit }), timeout);
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    return client;
  }

  /** Follows the client's life: tools/list_changed, and a stdio server's death. */
  private watch(client: Client): void {
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      void this.relist();
    });
    if (this.spec.kind === "client") return;
    const transport = this.transport;
    client.onclose = () => {
      if (this.closing || this.client !== client) return;
      if (this.spec.kind === "stdio" && transport !== undefined) {
        this.restart(
          this.settings.scrub(describeStdioFailure(new Error("the connection closed"), this.spec.command, transport)),
        );
      } else this.setStatus({ state: "failed", reason: "the connection closed" });
    };
  }

  private async list(client: Client): Promise<void> {
    const listing = await withTimeout(
      listAllTools(client, this.settings.maxPages, this.settings.timeoutMs),
      this.settings.timeoutMs,
    );
    if (this.closing || this.client !== client) return;
    this.tools = filterTools(listing.tools, this.spec.filter);
    this.onChange({ kind: "tools" });
    const warning = listing.warning === undefined ? {} : { warning: this.settings.scrub(listing.warning) };
    const current = this.status;
    if (current.state !== "ready" || current.tools !== this.tools.length || current.warning !== warning.warning) {
      const pid = this.transport?.pid;
      this.setStatus({ state: "ready", tools: this.tools.length, ...(pid === undefined ? {} : { pid }), ...warning });
    }
    clearTimeout(this.ttlTimer);
    if (listing.ttlMs !== undefined) {
      this.ttlTimer = setTimeout(() => void this.relist(), Math.max(MIN_TTL_MS, listing.ttlMs));
      this.ttlTimer.unref();
    }
  }

  /** Lists the tools again (when ready); a request during a listing runs one more after it. */
  relist(): Promise<void> {
    if (this.listing !== undefined) {
      this.listAgain = true;
      return this.listing;
    }
    const client = this.client;
    if (client === undefined || this.status.state !== "ready" || this.closing) return Promise.resolve();
    this.listing = this.list(client)
      .catch((error: unknown) => {
        if (this.closing || this.client !== client) return;
        this.setStatus({
          state: "failed",
          reason: this.settings.scrub(`listing its tools again failed: ${describeOtherFailure(error)}`),
        });
        this.tools = [];
        this.onChange({ kind: "tools" });
      })
      .finally(() => {
        this.listing = undefined;
        if (this.listAgain) {
          this.listAgain = false;
          void this.relist();
        }
      });
    return this.listing;
  }

  /** Schedules the next restart after `reason`, or gives up when the policy's attempts are used. */
  private restart(reason: string): void {
    const policy = this.settings.restart;
    if (policy === undefined || this.restarts >= policy.maxRestarts) {
      const gaveUp =
        policy === undefined || policy.maxRestarts === 0 ? "" : ` (given up after ${this.restarts} restarts)`;
      this.tools = [];
      this.setStatus({ state: "failed", reason: `${reason}${gaveUp}` });
      this.onChange({ kind: "tools" });
      return;
    }
    this.restarts++;
    const delayMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (this.restarts - 1));
    this.setStatus({ state: "restarting", reason, attempt: this.restarts, delayMs });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.start();
    }, delayMs);
  }

  /**
   * Starts it again now, whatever its state, with a fresh count of restarts
   * (a child process is ended first); ends `ready` or `failed`, never throws.
   * A given client or in-process server is not restarted: it is not ours to start.
   */
  async restartNow(): Promise<void> {
    if (this.closing || this.spec.kind === "client" || this.spec.kind === "in-process") return;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const client = this.client;
    // Cleared first, so the old client's close is not taken for a crash.
    this.client = undefined;
    await client?.close().catch(() => {});
    await this.dropTransport();
    this.restarts = 0;
    // Its tools stay in the toolset (with no client, so a call to one fails) until the new process lists them: a
    // restart of a running server does not take its tools away and back, as a crash's restart does not.
    this.setStatus({ state: "connecting" });
    await this.start();
    if (this.status.state !== "ready") {
      this.tools = [];
      this.onChange({ kind: "tools" });
    }
  }

  private async dropTransport(): Promise<void> {
    await this.transport?.close();
  }

  /** Ends the child process or connection (a given client is left open: it is the caller's). */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.ttlTimer);
    const client = this.client;
    if (this.spec.kind === "client") {
      client?.removeNotificationHandler("notifications/tools/list_changed");
    } else {
      await client?.close().catch(() => {});
      await this.dropTransport();
      if (this.spec.kind === "in-process") await this.spec.server.close().catch(() => {});
    }
    this.tools = [];
    this.setStatus({ state: "closed" });
  }
}
