// The stdio transport, written here rather than taken from the SDK because a
// server that will not start must be explained (its exit code, the end of
// its stderr), closing must follow this package's rule (SIGTERM, then
// SIGKILL after a grace period, and resolve only when the process is gone),
// and a script that forgets close() must still end: the child keeps this
// process alive only while a request to it waits for its answer, and is sent
// SIGTERM when this process exits.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/client";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";

/** How much of a child's stderr is kept (its end), for failure reasons. */
const STDERR_TAIL_CHARS = 4_000;

/** How a child process ended. */
export interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** What starts the child. */
export interface ChildProcessSpec {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: { readonly [name: string]: string };
  readonly cwd: string | undefined;
  /** Between SIGTERM and SIGKILL when closing. */
  readonly closeGraceMs: number;
}

/** The children that are running, each ended (SIGTERM) when this process exits. */
const running = new Set<ChildProcess>();

function endRunningChildren(): void {
  for (const child of running) child.kill("SIGTERM");
}

function track(child: ChildProcess): void {
  if (running.size === 0) process.on("exit", endRunningChildren);
  running.add(child);
}

function untrack(child: ChildProcess): void {
  running.delete(child);
  if (running.size === 0) process.off("exit", endRunningChildren);
}

/**
 * The request id of a JSON-RPC message we send that waits for an answer (a request), else undefined. A
 * `subscriptions/listen` request is a standing one (MCP 2026-07-28: it stays open for as long as we listen) and
 * waits for nothing: it does not keep this process alive.
 */
function requestId(message: JSONRPCMessage): string | number | undefined {
  if (!("method" in message) || !("id" in message) || message.method === "subscriptions/listen") return undefined;
  return message.id;
}

/** An MCP transport over a child process's stdin and stdout. */
export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** Why the process could not be started (`ENOENT`, `EACCES`, …), once known. */
  spawnError: NodeJS.ErrnoException | undefined;
  /** How the process ended, once it has. */
  exit: ChildExit | undefined;

  private child: ChildProcess | undefined;
  private closed = false;
  /** Our requests still waiting for the child's answer: while there is one, the child keeps this process alive. */
  private readonly waiting = new Set<string | number>();
  private stderrText = "";
  private readonly readBuffer = new ReadBuffer();
  private readonly exited: Promise<void>;
  private markExited: () => void = () => {};

  constructor(private readonly spec: ChildProcessSpec) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
  }

  /** The child's process id, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * The child's stderr. The SDK tells a stdio transport by its `stderr` and `pid` (and so reads a server that does
   * not answer `server/discover` as one of the 2025 era, not as an outage).
   */
  get stderr(): Readable | null {
    return this.child?.stderr ?? null;
  }

  /** The end of what the child wrote to stderr. */
  stderrTail(): string {
    return this.stderrText;
  }

  start(): Promise<void> {
    // Closed before it started (its connection attempt was ended): nothing may be spawned any more.
    if (this.closed) return Promise.reject(new Error("the transport was closed before it started"));
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.command, [...this.spec.args], {
        env: { ...getDefaultEnvironment(), ...this.spec.env },
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        windowsHide: true,
        ...(this.spec.cwd === undefined ? {} : { cwd: this.spec.cwd }),
      });
      this.child = child;
      track(child);
      this.holdProcess(false);
      child.on("error", (error: NodeJS.ErrnoException) => {
        this.spawnError ??= error;
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => resolve());
      child.on("close", (code, signal) => {
        untrack(child);
        this.exit = { code, signal };
        this.markExited();
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr?.on("data", (chunk: Buffer) => {
        this.stderrText = (this.stderrText + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
      });
    });
  }

  private read(chunk: Buffer): void {
    this.readBuffer.append(chunk);
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        // A line that is not JSON-RPC (a server logging to stdout): report it, keep reading.
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      if (!("method" in message) && "id" in message) this.answered(message.id);
      this.onmessage?.(message);
    }
  }

  /** Whether the child and its pipes keep this process's event loop alive. */
  private holdProcess(hold: boolean): void {
    const child = this.child;
    if (child === undefined) return;
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as (ChildProcess | Socket | null)[]) {
      if (hold) handle?.ref();
      else handle?.unref();
    }
  }

  private answered(id: string | number | null | undefined): void {
    if (id === null || id === undefined || !this.waiting.delete(id)) return;
    if (this.waiting.size === 0) this.holdProcess(false);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const id = requestId(message);
    if (id !== undefined) {
      if (this.waiting.size === 0) this.holdProcess(true);
      this.waiting.add(id);
    }
    // A request we cancel (notifications/cancelled) waits no more: the server need not answer it.
    if ("method" in message && message.method === "notifications/cancelled") {
      const cancelled = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof cancelled === "string" || typeof cancelled === "number") this.answered(cancelled);
    }
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (stdin === undefined || stdin === null || this.exit !== undefined) {
        reject(new Error("the server process is not running"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Ends the child: SIGTERM, then SIGKILL after `closeGraceMs`; resolves once it has exited. */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (child === undefined || this.spawnError !== undefined) return;
    if (this.exit === undefined) {
      child.stdin?.end();
      child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<"grace-over">(
        (resolve) => (timer = setTimeout(() => resolve("grace-over"), this.spec.closeGraceMs)),
      );
      const outcome = await Promise.race([this.exited, grace]);
      clearTimeout(timer);
      if (outcome === "grace-over") {
        child.kill("SIGKILL");
        await this.exited;
      }
    }
    this.readBuffer.clear();
  }
}
