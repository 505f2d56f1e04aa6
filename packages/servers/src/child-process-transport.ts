// The stdio transport, written here rather than taken from the SDK because a
// server that will not start must be explained (its exit code, the end of
// its stderr), and closing must follow this package's rule: SIGTERM, then
// SIGKILL after a grace period, and resolve only when the process is gone.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

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
  private stderr = "";
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

  /** The end of what the child wrote to stderr. */
  stderrTail(): string {
    return this.stderr;
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
      child.on("error", (error: NodeJS.ErrnoException) => {
        this.spawnError ??= error;
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => resolve());
      child.on("close", (code, signal) => {
        this.exit = { code, signal };
        this.markExited();
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr?.on("data", (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
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
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
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
