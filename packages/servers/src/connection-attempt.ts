// One try at connecting a server: the child process it starts (stdio), the
// client it opens, and ending both exactly once. A server's life is a series of
// attempts, one at a time (server-connection.ts); an attempt that failed or was
// replaced is ended before the next one starts, so no process is left behind.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { backgroundFetch } from "./background-fetch";
import { ChildProcessTransport } from "./child-process-transport";
import {
  asConnectTimeout,
  ConnectTimeout,
  describeHttpFailure,
  describeListFailure,
  describeOtherFailure,
  describeStdioFailure,
  httpStatusOf,
} from "./describe-failure";
import type { CheckedServer } from "./server-config";

/** What an attempt needs of the connection settings. */
export interface AttemptSettings {
  readonly timeoutMs: number;
  readonly closeGraceMs: number;
  readonly clientInfo: { readonly name: string; readonly version: string };
}

/** Resolves as `promise` does, or rejects with a {@link ConnectTimeout} after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
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

/** One try at connecting a server, from starting it to ending it. */
export class ConnectionAttempt {
  /** The client, once connected (a given client at once). */
  client: Client | undefined;
  /** The child process of a stdio server. */
  transport: ChildProcessTransport | undefined;
  /** What it was doing: a failure while listing is told apart from one while connecting. */
  step: "connecting" | "listing" = "connecting";
  /** When its first listing succeeded (ms since the epoch); 0 until then. */
  readyAt = 0;

  private ending: Promise<void> | undefined;

  constructor(
    readonly spec: CheckedServer,
    private readonly settings: AttemptSettings,
  ) {}

  /** Whether it has been ended (then nothing it does counts any more). */
  get ended(): boolean {
    return this.ending !== undefined;
  }

  /** Connects within the timeout; a connection that comes up after {@link end} is closed at once. */
  async open(): Promise<Client> {
    const client = await withTimeout(this.connect(), this.settings.timeoutMs);
    if (this.ended) {
      if (this.spec.kind !== "client") await client.close().catch(() => {});
      throw new Error("the connection was ended while it opened");
    }
    this.step = "listing";
    return client;
  }

  private newClient(): Client {
    const client = new Client({ ...this.settings.clientInfo }, { capabilities: {} });
    this.client = client;
    return client;
  }

  private async connect(): Promise<Client> {
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
        return this.connectHttp(spec.url, spec.headers, spec.transport);
      case "in-process": {
        const client = this.newClient();
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await spec.server.connect(serverSide);
        await client.connect(clientSide, timeout);
        return client;
      }
      case "client":
        this.client = spec.client;
        return spec.client;
      default: {
        const _exhaustive: never = spec;
        return _exhaustive;
      }
    }
  }

  private async connectHttp(
    url: string,
    headers: { readonly [name: string]: string },
    kind: "auto" | "streamable-http" | "sse",
  ): Promise<Client> {
    const target = httpTarget(url, headers);
    const requestInit = { headers: target.headers };
    const fetch = backgroundFetch;
    const timeout = { timeout: this.settings.timeoutMs };
    if (kind !== "sse") {
      const client = this.newClient();
      try {
        await client.connect(new StreamableHTTPClientTransport(target.url, { requestInit, fetch }), timeout);
        return client;
      } catch (error) {
        await client.close().catch(() => {});
        if (kind === "streamable-http" || !mayBeSseServer(error) || this.ended) throw error;
      }
    }
    // The SDK sends requestInit's headers with the event stream's GET too.
    const client = this.newClient();
    await client.connect(new SSEClientTransport(target.url, { requestInit, fetch }), timeout);
    return client;
  }

  /** Why it failed, in words a user can act on (before scrubbing). Call it before {@link end}: ending changes why. */
  describe(thrown: unknown): string {
    const error = asConnectTimeout(thrown, this.settings.timeoutMs);
    const spec = this.spec;
    switch (spec.kind) {
      case "stdio": {
        const transport = this.transport;
        if (transport === undefined) return describeOtherFailure(error);
        const died = transport.exit !== undefined || transport.spawnError !== undefined;
        if (this.step === "listing" && !died && !(error instanceof ConnectTimeout)) {
          return describeListFailure(error, transport.stderrTail());
        }
        return describeStdioFailure(error, spec.command, transport);
      }
      case "http":
        return this.step === "listing" && httpStatusOf(error) === undefined && !(error instanceof ConnectTimeout)
          ? describeListFailure(error, "")
          : describeHttpFailure(error, spec.url);
      case "client":
      case "in-process":
        return describeOtherFailure(error);
      default: {
        const _exhaustive: never = spec;
        return _exhaustive;
      }
    }
  }

  /**
   * Ends it: closes its client (a given one is the caller's: only our handler is taken off) and ends its child
   * process (SIGTERM, then SIGKILL); resolves once the process is gone. Harmless twice.
   */
  end(): Promise<void> {
    this.ending ??= this.endOnce();
    return this.ending;
  }

  private async endOnce(): Promise<void> {
    const client = this.client;
    if (this.spec.kind === "client") {
      client?.removeNotificationHandler("notifications/tools/list_changed");
      return;
    }
    await client?.close().catch(() => {});
    await this.transport?.close();
  }
}
