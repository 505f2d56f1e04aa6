// One try at connecting a server: the child process it starts (stdio), the
// client it opens, and ending both exactly once. A server's life is a series of
// attempts, one at a time (server-connection.ts); an attempt that failed or was
// replaced is ended before the next one starts, so no process is left behind.
import {
  Client,
  InMemoryTransport,
  SdkError,
  SdkErrorCode,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import type { ClientOptions, ConnectOptions, McpSubscription, Transport } from "@modelcontextprotocol/client";
import { backgroundFetch } from "./background-fetch";
import { ChildProcessTransport } from "./child-process-transport";
import { stopFollowingTools } from "./follow-tool-changes";
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

type StdioServer = Extract<CheckedServer, { kind: "stdio" }>;

/** What an attempt needs of the connection settings. */
export interface AttemptSettings {
  readonly timeoutMs: number;
  readonly closeGraceMs: number;
  readonly maxPages: number;
  readonly clientInfo: { readonly name: string; readonly version: string };
}

/**
 * How every client this package creates is set up. `versionNegotiation: "auto"` asks a server with
 * `server/discover` whether it speaks MCP 2026-07-28 and falls back to the 2025 `initialize` handshake
 * when it does not (https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle). The client
 * declares form and URL elicitation, so that a tool asking its user for input can be answered (by
 * `@x/executor`'s `elicit`); a server must not ask a client that does not declare it.
 */
function clientOptions(settings: AttemptSettings): ClientOptions {
  return {
    capabilities: { elicitation: { form: {}, url: {} } },
    versionNegotiation: { mode: "auto" },
    // tools/list pages: the SDK stops at this many (and the listing falls back to reading them one by one).
    listMaxPages: settings.maxPages,
  };
}

/**
 * Whether connecting failed because the process closed the connection at the SDK's `server/discover` probe: some
 * stdio servers exit on any request before `initialize` (the SDK's own stdio transport probes on a spare process for
 * them; ours probes on the one it started, and starts another for the 2025 handshake).
 */
function closedAtProbe(error: unknown, transport: ChildProcessTransport): boolean {
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    transport.exit !== undefined &&
    transport.spawnError === undefined
  );
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
  /** Its `subscriptions/listen` stream for tool changes (a 2026-07-28 connection whose server offers one). */
  subscription: McpSubscription | undefined;

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
    const client = new Client({ ...this.settings.clientInfo }, clientOptions(this.settings));
    this.client = client;
    return client;
  }

  private async connect(): Promise<Client> {
    const spec = this.spec;
    const options: ConnectOptions = { timeout: this.settings.timeoutMs };
    switch (spec.kind) {
      case "stdio": {
        const started = this.startChild(spec);
        try {
          await this.newClient().connect(started, options);
        } catch (error) {
          if (!closedAtProbe(error, started) || this.ended) throw error;
          await this.newClient().connect(this.startChild(spec), { ...options, prior: { kind: "legacy" } });
        }
        return this.client as Client;
      }
      case "http":
        return this.connectHttp(spec.url, spec.headers, spec.transport);
      case "in-process": {
        const client = this.newClient();
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await spec.server.connect(serverSide);
        // An in-memory pair speaks the 2025 era only (the SDK's "Test a server" guide): no probe.
        await client.connect(clientSide, { ...options, prior: { kind: "legacy" } });
        return client;
      }
      case "client":
        this.client = spec.client as Client;
        return this.client;
      default: {
        const _exhaustive: never = spec;
        return _exhaustive;
      }
    }
  }

  private startChild(spec: StdioServer): ChildProcessTransport {
    this.transport = new ChildProcessTransport({ ...spec, closeGraceMs: this.settings.closeGraceMs });
    return this.transport;
  }

  private async connectHttp(
    url: string,
    headers: { readonly [name: string]: string },
    kind: "auto" | "streamable-http" | "sse",
  ): Promise<Client> {
    const target = httpTarget(url, headers);
    const requestInit = { headers: target.headers };
    const fetch = backgroundFetch;
    const options: ConnectOptions = { timeout: this.settings.timeoutMs };
    const connectOver = async (transport: Transport): Promise<Client> => {
      const client = this.newClient();
      try {
        await client.connect(transport, options);
        return client;
      } catch (error) {
        await client.close().catch(() => {});
        throw error;
      }
    };
    if (kind !== "sse") {
      try {
        return await connectOver(new StreamableHTTPClientTransport(target.url, { requestInit, fetch }));
      } catch (error) {
        if (kind === "streamable-http" || !mayBeSseServer(error) || this.ended) throw error;
      }
    }
    // The SDK sends requestInit's headers with the event stream's GET too.
    return connectOver(new SSEClientTransport(target.url, { requestInit, fetch }));
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
    await this.subscription?.close().catch(() => {});
    if (this.spec.kind === "client") {
      if (client !== undefined) stopFollowingTools(client);
      return;
    }
    await client?.close().catch(() => {});
    await this.transport?.close();
  }
}
