// One configured server over its whole life: connecting, listing its tools
// (again when it says they changed, when a read finds the listing stale, and
// after a listing that failed), restarting a stdio server that died, and closing.
//
// A life is a series of attempts (connection-attempt.ts), one at a time: the
// first start, each automatic restart and each restart asked for. Whatever
// ends an attempt (its start failed, its process died, a restart replaced it,
// close()) ends it once, and only the current attempt's events count, so one
// failure schedules one restart and no process outlives close().
import type { Client } from "@modelcontextprotocol/client";
import type { McpTool } from "@x/toolset";
import { ConnectionAttempt, withTimeout } from "./connection-attempt";
import type { AttemptSettings } from "./connection-attempt";
import { describeOtherFailure, describeStdioFailure } from "./describe-failure";
import { listenForToolChanges, notifiesUnasked, onToolsChanged, TOOLS_CHANGED } from "./follow-tool-changes";
import { listAllTools } from "./list-tools";
import { staleAt } from "./listing-freshness";
import type { Scrub } from "./secrets";
import type { CheckedServer } from "./server-config";
import type { ServerStatus } from "./server-status";
import { filterTools } from "./tool-filter";

/** How a crashed stdio server is restarted. */
export interface RestartPolicy {
  /** Restarts in a row (0: none); when they are used up the server is `failed`. */
  readonly maxRestarts: number;
  /** The wait before the first restart; it doubles with each attempt. */
  readonly initialDelayMs: number;
  /** The longest wait between attempts. */
  readonly maxDelayMs: number;
  /** A server that has stayed ready this long has its count of restarts set back to zero. */
  readonly resetAfterMs: number;
}

/** The settings every connection shares. */
export interface ConnectionSettings extends AttemptSettings {
  readonly restart: RestartPolicy | undefined;
  /**
   * The waits between tries of a listing that failed on a running server, or of a subscription stream that ended
   * (the restart policy's, or its defaults).
   */
  readonly retry: Pick<RestartPolicy, "initialDelayMs" | "maxDelayMs">;
  readonly scrub: Scrub;
}

/** What a connection tells its owner: its status changed, its tools did, or its server sent a notification. */
export type ConnectionChange =
  | { readonly kind: "status"; readonly previous: ServerStatus["state"] }
  | { readonly kind: "tools" }
  | { readonly kind: "notification"; readonly method: string; readonly params: unknown };

/** The wait before try `attempt` (1 for the first): `initialDelayMs` doubling up to `maxDelayMs`. */
function backoff(policy: Pick<RestartPolicy, "initialDelayMs" | "maxDelayMs">, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
}

/** A timer that does not keep a script alive that has done its work. */
function background(run: () => void, ms: number): NodeJS.Timeout {
  const timer = setTimeout(run, ms);
  timer.unref();
  return timer;
}

/** How a start ends when it fails: a first start or a restart asked for fails; an automatic restart tries again. */
type StartKind = "first" | "automatic" | "asked";

/** One server: its status, its current tools and client. */
export class ServerConnection {
  status: ServerStatus = Object.freeze({ state: "connecting" });
  /** Its tools after `allowTools` / `denyTools`; empty unless ready, restarting or connecting again. */
  tools: readonly McpTool[] = [];

  /** The current attempt, from the moment it starts until it is ended. */
  private attempt: ConnectionAttempt | undefined;
  private closing = false;
  /** Automatic restarts since the server was last healthy. */
  private restarts = 0;
  /** The restart asked for that is running; another request joins it. */
  private asked: Promise<void> | undefined;
  /** The start (first, automatic or asked for) that is running. */
  private starting: Promise<void> | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private listenTimer: NodeJS.Timeout | undefined;
  /** Failed tries of the listing in a row, on a running server. */
  private listFailures = 0;
  /** Subscription streams in a row that ended or could not be opened again. */
  private listenFailures = 0;
  private listing: Promise<void> | undefined;
  private listAgain = false;
  /** When the current listing goes stale (ms since the epoch); `undefined`: not by time. */
  private staleAt: number | undefined;

  constructor(
    readonly spec: CheckedServer,
    private readonly settings: ConnectionSettings,
    private readonly onChange: (change: ConnectionChange) => void,
  ) {}

  /**
   * The client that runs its tools: the current attempt's, once it has listed; replaced when it restarts. A client
   * given in the config is handed back as given (an SDK v1 client included).
   */
  get client(): Client | undefined {
    const attempt = this.attempt;
    return attempt !== undefined && attempt.readyAt > 0 ? attempt.client : undefined;
  }

  private setStatus(status: ServerStatus): void {
    const previous = this.status.state;
    this.status = Object.freeze(status);
    this.onChange({ kind: "status", previous });
  }

  private setTools(tools: readonly McpTool[]): void {
    this.tools = tools;
    this.onChange({ kind: "tools" });
  }

  private clearTimers(): void {
    clearTimeout(this.restartTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.listenTimer);
    this.restartTimer = this.retryTimer = this.listenTimer = undefined;
  }

  /** Connects and lists the tools; ends `ready` or `failed`, never throws. */
  start(): Promise<void> {
    return this.run("first");
  }

  private run(kind: StartKind): Promise<void> {
    const starting = this.startAttempt(kind).finally(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    this.starting = starting;
    return starting;
  }

  private async startAttempt(kind: StartKind): Promise<void> {
    const attempt = new ConnectionAttempt(this.spec, this.settings);
    this.attempt = attempt;
    try {
      const client = await attempt.open();
      this.watch(attempt, client);
      // Subscribed before listing, so that a change between the two is not missed.
      await this.listen(attempt);
      await this.list(attempt);
    } catch (error) {
      if (this.closing || this.attempt !== attempt) return;
      // Described before the attempt is ended: ending it kills the process, which would become the reason.
      const reason = this.settings.scrub(attempt.describe(error));
      this.attempt = undefined;
      await attempt.end();
      if (this.closing) return;
      if (kind === "automatic") this.scheduleRestart(reason);
      else this.fail(reason);
    }
  }

  /** Follows the attempt's client: tools/list_changed, the server's other notifications, and the connection's end. */
  private watch(attempt: ConnectionAttempt, client: Client): void {
    const notified = (method: string, params: unknown): void => {
      if (this.attempt === attempt) this.onChange({ kind: "notification", method, params });
    };
    onToolsChanged(client, (params) => {
      if (this.attempt !== attempt) return;
      notified(TOOLS_CHANGED, params);
      this.staleAt = 0;
      void this.relist();
    });
    if (this.spec.kind === "client") return;
    // Every notification no handler of the SDK's or ours takes: log messages, resource and list changes, ….
    client.fallbackNotificationHandler = ({ method, params }) => {
      notified(method, params);
      return Promise.resolve();
    };
    client.onclose = () => {
      // While it starts, a closed connection fails the start itself (its requests reject); after, it is a crash.
      if (this.closing || this.attempt !== attempt || attempt.readyAt === 0) return;
      this.crashed(attempt);
    };
  }

  /**
   * Opens the attempt's subscription stream for tool changes, where its server offers one. One that cannot be opened
   * leaves the listing to its ttl (and to reads); one that ends is opened again with backoff, then the tools listed.
   */
  private async listen(attempt: ConnectionAttempt): Promise<void> {
    const client = attempt.client;
    if (client === undefined) return;
    const subscription = await listenForToolChanges(client, this.settings.timeoutMs).catch(() => undefined);
    if (this.closing || this.attempt !== attempt || attempt.ended) {
      await subscription?.close();
      return;
    }
    attempt.subscription = subscription;
    if (subscription === undefined) return;
    this.listenFailures = 0;
    void subscription.closed.then((cause) => {
      if (cause === "local" || this.closing || this.attempt !== attempt || attempt.subscription !== subscription) {
        return;
      }
      attempt.subscription = undefined;
      this.listenFailures++;
      this.listenTimer = background(
        () => {
          void this.listen(attempt).then(() => (attempt.subscription === undefined ? undefined : this.relist()));
        },
        backoff(this.settings.retry, this.listenFailures),
      );
    });
  }

  /** The current attempt's connection closed after it was ready. */
  private crashed(attempt: ConnectionAttempt): void {
    this.attempt = undefined;
    void attempt.end();
    clearTimeout(this.retryTimer);
    clearTimeout(this.listenTimer);
    const transport = attempt.transport;
    if (this.spec.kind !== "stdio" || transport === undefined) {
      this.fail("the connection closed");
      return;
    }
    const policy = this.settings.restart;
    if (policy !== undefined && Date.now() - attempt.readyAt >= policy.resetAfterMs) this.restarts = 0;
    this.scheduleRestart(
      this.settings.scrub(describeStdioFailure(new Error("the connection closed"), this.spec.command, transport)),
    );
  }

  private fail(reason: string): void {
    this.tools = [];
    this.setStatus({ state: "failed", reason });
    this.onChange({ kind: "tools" });
  }

  /** Schedules the next restart after `reason`, or gives up when the policy's attempts are used. */
  private scheduleRestart(reason: string): void {
    const policy = this.settings.restart;
    if (policy === undefined || this.restarts >= policy.maxRestarts) {
      const gaveUp =
        policy === undefined || policy.maxRestarts === 0 ? "" : ` (given up after ${this.restarts} restarts)`;
      this.fail(`${reason}${gaveUp}`);
      return;
    }
    this.restarts++;
    const delayMs = backoff(policy, this.restarts);
    this.setStatus({ state: "restarting", reason, attempt: this.restarts, delayMs });
    clearTimeout(this.restartTimer);
    this.restartTimer = background(() => {
      this.restartTimer = undefined;
      if (!this.closing) void this.run("automatic");
    }, delayMs);
  }

  private async list(attempt: ConnectionAttempt): Promise<void> {
    const client = attempt.client;
    if (client === undefined) return;
    const listing = await withTimeout(
      listAllTools(client, this.settings.maxPages, this.settings.timeoutMs),
      this.settings.timeoutMs,
    );
    if (this.closing || this.attempt !== attempt) return;
    const receivedAt = Date.now();
    if (attempt.readyAt === 0) attempt.readyAt = receivedAt;
    this.listFailures = 0;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const followsChanges = attempt.subscription !== undefined || notifiesUnasked(client);
    this.staleAt = staleAt({ receivedAt, ttlMs: listing.ttlMs, followsChanges });
    this.setTools(filterTools(listing.tools, this.spec.filter));
    const warning = listing.warning === undefined ? {} : { warning: this.settings.scrub(listing.warning) };
    const current = this.status;
    if (
      current.state !== "ready" ||
      current.tools !== this.tools.length ||
      current.warning !== warning.warning ||
      current.stale !== undefined
    ) {
      const pid = attempt.transport?.pid;
      this.setStatus({ state: "ready", tools: this.tools.length, ...(pid === undefined ? {} : { pid }), ...warning });
    }
  }

  /**
   * Lists the tools again when the listing has gone stale (its ttl ran out, or the server cannot say when its tools
   * change); the toolset is read through this. Returns at once: the new listing is seen by a later read.
   */
  refreshIfStale(now: number): void {
    const due = this.staleAt;
    if (due === undefined || now < due || this.listing !== undefined || this.retryTimer !== undefined) return;
    void this.relist();
  }

  /**
   * Lists the tools again (when ready); a request during a listing runs one more after it. A listing that fails
   * keeps the last good tools, marks the status `stale` and is tried again with backoff.
   */
  relist(): Promise<void> {
    if (this.listing !== undefined) {
      this.listAgain = true;
      return this.listing;
    }
    const attempt = this.attempt;
    if (attempt === undefined || this.client === undefined || this.status.state !== "ready" || this.closing) {
      return Promise.resolve();
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.listing = this.list(attempt)
      .catch((error: unknown) => this.listFailed(attempt, error))
      .finally(() => {
        this.listing = undefined;
        if (this.listAgain) {
          this.listAgain = false;
          void this.relist();
        }
      });
    return this.listing;
  }

  private listFailed(attempt: ConnectionAttempt, error: unknown): void {
    const current = this.status;
    if (this.closing || this.attempt !== attempt || current.state !== "ready") return;
    this.listFailures++;
    const delayMs = backoff(this.settings.retry, this.listFailures);
    const reason = this.settings.scrub(`listing its tools again failed: ${describeOtherFailure(error)}`);
    this.setStatus({ ...current, stale: { reason, attempt: this.listFailures, delayMs } });
    this.retryTimer = background(() => {
      this.retryTimer = undefined;
      void this.relist();
    }, delayMs);
  }

  /** Lists a ready server again now, and starts a failed one again; ends `ready` or `failed`, never throws. */
  async refresh(): Promise<void> {
    if (this.closing) return;
    if (this.status.state === "failed") await this.restartNow(true);
    else await this.relist();
  }

  /**
   * Starts it again now, whatever its state, with a fresh count of restarts (its child process is ended first);
   * ends `ready` or `failed`, never throws. A request while one runs joins it. A given client or in-process server
   * is not restarted (it is not ours to start) unless `evenGiven`: then it is connected and listed again.
   */
  restartNow(evenGiven = false): Promise<void> {
    const given = this.spec.kind === "client" || this.spec.kind === "in-process";
    if (this.closing || (given && !evenGiven)) return Promise.resolve();
    this.asked ??= this.restartOnce().finally(() => (this.asked = undefined));
    return this.asked;
  }

  private async restartOnce(): Promise<void> {
    clearTimeout(this.restartTimer);
    // An automatic restart under way is a restart too: when it brings the server up, this one has joined it.
    if (this.starting !== undefined) {
      await this.starting;
      if (this.status.state === "ready" || this.closing) return;
    }
    this.clearTimers();
    const previous = this.attempt;
    // Cleared first, so that the old connection's end is not taken for a crash.
    this.attempt = undefined;
    await previous?.end();
    if (this.closing) return;
    this.restarts = 0;
    this.listFailures = 0;
    // Its tools stay in the toolset (with no client, so a call to one fails) until the new attempt lists them: a
    // restart of a running server does not take its tools away and back, as a crash's restart does not.
    this.setStatus({ state: "connecting" });
    await this.run("asked");
  }

  /** Ends the child process or connection (a given client is left open: it is the caller's). */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.clearTimers();
    const attempt = this.attempt;
    this.attempt = undefined;
    await attempt?.end();
    if (this.spec.kind === "in-process") await this.spec.server.close().catch(() => {});
    this.tools = [];
    this.setStatus({ state: "closed" });
  }
}
