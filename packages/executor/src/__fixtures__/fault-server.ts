// A real MCP server (the SDK's McpServer) whose tools inject each fault the
// executor must survive, connected to a real SDK Client over the SDK's
// in-memory transport. The server records what it sees: calls in flight,
// the most at once, and the cancellations it receives.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { buildToolset } from "@x/toolset";
import type { Toolset } from "@x/toolset";
import { afterEach, beforeEach } from "vitest";
import { z } from "zod";

/** A 1×1 PNG. */
export const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

export interface Cancellation {
  readonly tool: string;
  readonly requestId: string | number;
  readonly reason: unknown;
}

export interface FaultServer {
  readonly client: Client;
  readonly server: McpServer;
  /** Calls of the `busy` tool running now, and the most that ever ran at once. */
  readonly load: { inFlight: number; max: number };
  /** Every tool call the server started, by tool name, in order. */
  readonly started: string[];
  /** Every `notifications/cancelled` that reached a running handler. */
  readonly cancelled: Cancellation[];
  /** The `progressToken` of each call of the `progress` tool (`undefined`: the client asked for no progress). */
  readonly progressTokens: (string | number | undefined)[];
  /** Resolves once `count` calls of `tool` have started on the server. */
  whenStarted(tool: string, count?: number): Promise<void>;
  /** Closes the server side of the connection (as a server that goes away would). */
  closeServer(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultServer(): Promise<FaultServer> {
  const server = new McpServer({ name: "faults", version: "1.0.0" });
  const load = { inFlight: 0, max: 0 };
  const started: string[] = [];
  const cancelled: Cancellation[] = [];
  const progressTokens: (string | number | undefined)[] = [];
  const waiters: (() => void)[] = [];
  const begin = (tool: string, extra: { signal: AbortSignal; requestId: string | number }): void => {
    started.push(tool);
    extra.signal.addEventListener("abort", () => {
      cancelled.push({ tool, requestId: extra.requestId, reason: extra.signal.reason });
    });
    for (const wake of waiters.splice(0)) wake();
  };
  // (each step's listener is removed when its step ends: a long call adds one listener per step)
  const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      signal.addEventListener("abort", wake);
    });

  server.registerTool(
    "echo",
    { description: "Echoes its text.", inputSchema: { text: z.string() } },
    ({ text }, extra) => {
      begin("echo", extra);
      return { content: [{ type: "text", text }] };
    },
  );
  server.registerTool(
    "add",
    { description: "Adds two numbers.", inputSchema: { a: z.number(), b: z.number().optional() } },
    ({ a, b }, extra) => {
      begin("add", extra);
      return { content: [{ type: "text", text: String(a + (b ?? 0)) }] };
    },
  );
  server.registerTool("throws", { description: "Always throws." }, (extra) => {
    begin("throws", extra);
    throw new Error("the disk is on fire");
  });
  server.registerTool(
    "slow",
    { description: "Answers after `ms` milliseconds, or never when cancelled.", inputSchema: { ms: z.number() } },
    async ({ ms }, extra) => {
      begin("slow", extra);
      await sleep(ms, extra.signal);
      return { content: [{ type: "text", text: `slept ${ms} ms` }] };
    },
  );
  server.registerTool("busy", { description: "Counts the calls running at once." }, async (extra) => {
    begin("busy", extra);
    load.inFlight++;
    load.max = Math.max(load.max, load.inFlight);
    await sleep(5, extra.signal);
    load.inFlight--;
    return { content: [{ type: "text", text: "done" }] };
  });
  server.registerTool(
    "big",
    { description: "Returns `count` copies of `unit` as text.", inputSchema: { unit: z.string(), count: z.number() } },
    ({ unit, count }, extra) => {
      begin("big", extra);
      return { content: [{ type: "text", text: unit.repeat(count) }] };
    },
  );
  server.registerTool(
    "progress",
    {
      description:
        "Works `steps` steps of `everyMs` milliseconds each, reporting progress after each step when asked to.",
      inputSchema: { steps: z.number(), everyMs: z.number() },
    },
    async ({ steps, everyMs }, extra) => {
      begin("progress", extra);
      const token = extra._meta?.progressToken;
      progressTokens.push(token);
      for (let step = 1; step <= steps && !extra.signal.aborted; step++) {
        await sleep(everyMs, extra.signal);
        if (token !== undefined && !extra.signal.aborted) {
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: token, progress: step, total: steps, message: `step ${step} of ${steps}` },
          });
        }
      }
      return { content: [{ type: "text", text: `done after ${steps} steps` }] };
    },
  );
  server.registerTool("image", { description: "Returns a tiny PNG between two texts." }, (extra) => {
    begin("image", extra);
    return {
      content: [
        { type: "text", text: "before" },
        { type: "image", data: TINY_PNG, mimeType: "image/png" },
        { type: "text", text: "after" },
      ],
    };
  });

  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "executor-test", version: "1.0.0" });
  await client.connect(clientTransport);

  return {
    client,
    server,
    load,
    started,
    cancelled,
    progressTokens,
    whenStarted: (tool, count = 1) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (started.filter((t) => t === tool).length >= count) resolve();
          else waiters.push(check);
        };
        check();
      }),
    closeServer: () => server.close(),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Starts a fault server before each test of the file and closes it after; read `faults` and `toolset` inside tests. */
export function useFaultServer(): { readonly faults: FaultServer; readonly toolset: Toolset } {
  const state: { faults?: FaultServer; toolset?: Toolset } = {};
  beforeEach(async () => {
    state.faults = await startFaultServer();
    state.toolset = buildToolset({ faults: (await state.faults.client.listTools()).tools }).toolset;
  });
  afterEach(async () => {
    await state.faults?.close();
  });
  return {
    get faults() {
      return state.faults as FaultServer;
    },
    get toolset() {
      return state.toolset as Toolset;
    },
  };
}
