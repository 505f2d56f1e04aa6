// connectServers against real servers: server-everything (2025 era) and a raw
// paging server over stdio, the v2 SDK's McpServer over Streamable HTTP at
// 2026-07-28 and in-process, a v1 one over HTTP+SSE on 127.0.0.1, and servers
// that cannot start or be reached.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { executeToolCalls } from "@x/executor";
import { adapter } from "@x/openai-chat";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startV2HttpServer } from "@x/testing";
import type { V2HttpServer } from "@x/testing";
import { createCalculator, createCalculatorV1 } from "./__fixtures__/calculator-server";
import { createRawServerProbe, liveChildren } from "./__fixtures__/child-processes";
import { everythingServer } from "./__fixtures__/everything-server";
import { startSseServer, startUnauthorizedServer } from "./__fixtures__/http-servers";
import type { TestHttpServer } from "./__fixtures__/http-servers";
import { connectServers } from "./connect-servers";
import { MIN_FRESH_MS } from "./listing-freshness";
import type { ConnectServersOptions, Servers } from "./connect-servers";
import type { ServerStatusEvent, ToolsChangedEvent } from "./server-status";

const rawServer = fileURLToPath(new URL("./__fixtures__/raw-paging-server.mjs", import.meta.url));
/** The calculator over stdio (run by tsx), keeping only `add`. */
function createCalculatorEntry() {
  return {
    command: process.execPath,
    args: [
      "--import",
      createRequire(import.meta.url).resolve("tsx"),
      fileURLToPath(new URL("./__fixtures__/calculator-stdio.ts", import.meta.url)),
    ],
    allowTools: (tool: { name: string }) => tool.name === "add",
  };
}

/**
 * Waits that include starting a process: generous, since two cores are shared (it returns as soon as the check passes).
 */
const PATIENT = { timeout: 15_000 };

const QUICK: ConnectServersOptions = {
  timeoutMs: 15_000,
  closeGraceMs: 500,
  restart: { initialDelayMs: 20, maxRestarts: 2 },
};

/** A port nothing listens on (it was free a moment ago). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function pidOf(servers: Servers, name: string): number {
  const status = servers.status[name];
  if (status?.state !== "ready" || status.pid === undefined)
    throw new Error(`${name} is not a ready stdio server: ${JSON.stringify(status)}`);
  return status.pid;
}

describe("a config of working servers", () => {
  let streamable: V2HttpServer;
  let sse: TestHttpServer;
  let servers: Servers;
  const statusEvents: ServerStatusEvent[] = [];
  const toolEvents: ToolsChangedEvent[] = [];
  let handlesBefore: string[];

  beforeAll(async () => {
    handlesBefore = process.getActiveResourcesInfo();
    [streamable, sse] = await Promise.all([startV2HttpServer(), startSseServer()]);
    servers = await connectServers(
      {
        mcpServers: {
          everything: {
            ...everythingServer,
            env: { GREETING: "hello" },
            denyTools: (tool) => tool.name.startsWith("toggle-"),
          },
          paging: {
            command: process.execPath,
            args: [rawServer, "pages"],
            allowTools: ["a1", "a2", "b1", "b2", "c1", "d1", "change"],
          },
          remote: { url: streamable.url, headers: { authorization: "Bearer remote-token-1" } },
          legacy: { url: sse.url },
          local: createCalculator("local"),
        },
      },
      {
        ...QUICK,
        hooks: {
          "server-status": (event) => void statusEvents.push(event),
          "tools-changed": (event) => void toolEvents.push(event),
        },
      },
    );
  });
  afterAll(async () => {
    await servers?.close();
    await Promise.all([streamable?.close(), sse?.close()]);
  });

  it("connects each over its transport and builds one toolset", () => {
    expect(Object.fromEntries(Object.entries(servers.status).map(([name, status]) => [name, status.state]))).toEqual({
      everything: "ready",
      paging: "ready",
      remote: "ready",
      legacy: "ready",
      local: "ready",
    });
    const names = servers.toolset.entries.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining(["everything__echo", "remote__add", "legacy__multiply", "local__add", "paging__c1"]),
    );
    expect(names.filter((name) => name.startsWith("everything__toggle-"))).toEqual([]);
    // HTTP+SSE was used after Streamable HTTP was refused (a POST to /sse answered 405: the server/discover probe,
    // then initialize).
    expect(sse.requests.map(({ method, path }) => `${method} ${path.split("?")[0]}`).slice(0, 3)).toEqual([
      "POST /sse",
      "POST /sse",
      "GET /sse",
    ]);
    expect(streamable.requests[0]?.authorization).toBe("Bearer remote-token-1");
  });

  it("lists every page of tools/list", () => {
    expect(servers.toolset.entries.filter((entry) => entry.server === "paging").map((entry) => entry.toolName)).toEqual(
      ["a1", "a2", "b1", "b2", "c1", "change"],
    );
    expect(servers.status["paging"]).toMatchObject({ state: "ready", tools: 6 });
    expect(servers.status["paging"]).not.toHaveProperty("warning");
  });

  it("gives clients the executor runs calls on, the in-process server's included", async () => {
    const { outputs } = await executeToolCalls(
      {
        choices: [
          {
            message: {
              role: "assistant",
              content: null,
              tool_calls: [
                { id: "c1", type: "function", function: { name: "local__add", arguments: '{"a":2,"b":3}' } },
                { id: "c2", type: "function", function: { name: "remote__add", arguments: '{"a":4,"b":5}' } },
                { id: "c3", type: "function", function: { name: "legacy__multiply", arguments: '{"a":6,"b":7}' } },
                { id: "c4", type: "function", function: { name: "everything__echo", arguments: '{"message":"hi"}' } },
              ],
            },
          },
        ],
      },
      adapter.tools(servers.toolset),
      servers.clients,
    );
    expect(outputs.map((output) => output.content)).toEqual(["5", "9", "42", "Echo: hi"]);
  });

  it("re-lists on tools/list_changed, rebuilds the toolset and says what changed", async () => {
    const before = servers.toolset;
    await servers.clients["paging"]?.callTool({ name: "change", arguments: {} });
    await vi.waitFor(() => expect(toolEvents).toHaveLength(1), PATIENT);
    const event = toolEvents[0];
    expect(event).toMatchObject({
      type: "tools-changed",
      server: "paging",
      added: [{ server: "paging", toolName: "d1", name: "paging__d1" }],
      removed: [
        { server: "paging", toolName: "b2", name: "paging__b2" },
        { server: "paging", toolName: "c1", name: "paging__c1" },
      ],
      renamed: [],
      changed: [],
    });
    expect(Object.isFrozen(event)).toBe(true);
    expect(event?.toolset).toBe(servers.toolset);
    expect(servers.toolset).not.toBe(before);
    expect(servers.toolset.resolve("paging__d1")).toBeDefined();
    expect(servers.toolset.resolve("paging__c1")).toBeUndefined();
  });

  it("restarts a stdio server killed with SIGKILL; a later call works through the same clients object", async () => {
    const clients = servers.clients;
    const pid = pidOf(servers, "everything");
    statusEvents.length = 0;
    const inFlight = executeToolCalls(
      {
        choices: [
          {
            message: {
              role: "assistant",
              content: null,
              tool_calls: [
                {
                  id: "slow",
                  type: "function",
                  function: {
                    name: "everything__trigger-long-running-operation",
                    arguments: '{"duration":30,"steps":3}',
                  },
                },
              ],
            },
          },
        ],
      },
      adapter.tools(servers.toolset),
      clients,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.kill(pid, "SIGKILL");
    const { outcomes } = await inFlight;
    expect(outcomes[0]).toMatchObject({ callId: "slow", outcome: { code: "connection-closed" } });
    await vi.waitFor(
      () =>
        expect(statusEvents.map((event) => [event.previous, event.status.state])).toEqual([
          ["ready", "restarting"],
          ["restarting", "ready"],
        ]),
      PATIENT,
    );
    expect(statusEvents[0]?.status).toEqual({
      state: "restarting",
      reason: "was killed by SIGKILL; the last lines of its stderr:\n  Starting default (STDIO) server...",
      attempt: 1,
      delayMs: 20,
    });
    expect(isRunning(pid)).toBe(false);
    expect(pidOf(servers, "everything")).not.toBe(pid);
    const result = await clients["everything"]?.callTool({ name: "echo", arguments: { message: "again" } });
    expect(result?.content).toEqual([{ type: "text", text: "Echo: again" }]);
  });

  it("close() ends every child process, leaves no open handle, and is harmless twice", async () => {
    const pids = [pidOf(servers, "everything"), pidOf(servers, "paging")];
    expect(pids.every(isRunning)).toBe(true);
    await servers.close();
    expect(pids.filter(isRunning)).toEqual([]);
    expect(Object.values(servers.status).map((status) => status.state)).toEqual([
      "closed",
      "closed",
      "closed",
      "closed",
      "closed",
    ]);
    expect(servers.clients["local"]).toBeUndefined();
    await servers.close();
    const count = (handles: string[], kind: string) => handles.filter((handle) => handle === kind).length;
    // A child's process handle is released a turn of the event loop after its exit is seen, later on a
    // loaded machine: wait for that (up to 5 s), so the count below is of handles that stay.
    const processesBefore = count(handlesBefore, "ProcessWrap");
    for (let wait = 0; wait < 250 && count(process.getActiveResourcesInfo(), "ProcessWrap") > processesBefore; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // No more than before we connected (vitest's own timers come and go). Sockets are left out: fetch keeps idle
    // keep-alive sockets, unref'd, and the test's HTTP servers live in this process. That nothing keeps a process
    // alive after close() is shown by the README agent, a script that ends by itself (readme-agent.test.ts).
    const after = process.getActiveResourcesInfo();
    for (const kind of ["ProcessWrap", "PipeWrap", "Timeout"]) {
      expect({ kind, open: count(after, kind) }).toEqual({
        kind,
        open: Math.min(count(after, kind), count(handlesBefore, kind)),
      });
    }
  });
});

describe("servers that fail", () => {
  it("says why each failed, in words a user can act on, and starts the others", async () => {
    const unauthorized = await startUnauthorizedServer();
    const port = new URL(unauthorized.url).port;
    const closedPort = await freePort();
    const events: ServerStatusEvent[] = [];
    try {
      await using servers = await connectServers(
        {
          typo: { command: "x-servers-no-such-command", args: ["--token", "arg-secret-1"] },
          crashes: {
            command: process.execPath,
            args: [
              "-e",
              "console.error('starting'); console.error('error: DATABASE_URL ' + process.env.DATABASE_URL + ' " +
                "refused'); process.exit(3)",
            ],
            env: { DATABASE_URL: "postgres://app:db-pass-2@db.internal/app" },
          },
          silent: { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] },
          locked: {
            url: `http://alice:url-pass-3@127.0.0.1:${port}/mcp?api_key=query-secret-4`,
            headers: { "x-api-key": "header-secret-5" },
          },
          nobody: { url: `http://127.0.0.1:${closedPort}/mcp` },
          local: createCalculator(),
        },
        { ...QUICK, timeoutMs: 3_000, hooks: { "server-status": (event) => void events.push(event) } },
      );
      expect(servers.status).toEqual({
        typo: {
          state: "failed",
          reason: 'command not found: "x-servers-no-such-command" (is it installed, and on this process\'s PATH?)',
        },
        crashes: {
          state: "failed",
          reason:
            "exited with code 3; the last lines of its stderr:\n  starting\n  error: DATABASE_URL [hidden] refused",
        },
        silent: {
          state: "failed",
          reason: "timed out after 3000 ms: the server did not finish starting and listing its tools",
        },
        locked: {
          state: "failed",
          reason:
            `HTTP 401 Unauthorized from http://127.0.0.1:${port}/mcp ` +
            `(check its credentials ("headers", or the URL's user and password))`,
        },
        nobody: {
          state: "failed",
          reason:
            `could not connect to http://127.0.0.1:${closedPort}/mcp: connection refused ` + `(is the server running?)`,
        },
        local: { state: "ready", tools: 2 },
      });
      expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["local__add", "local__multiply"]);
      // The URL's user and password went as Basic authorization, the header as given.
      expect(unauthorized.requests[0]?.authorization).toBe(
        `Basic ${Buffer.from("alice:url-pass-3").toString("base64")}`,
      );
      const seen = JSON.stringify([servers.status, events]);
      for (const secret of ["arg-secret-1", "db-pass-2", "url-pass-3", "query-secret-4", "header-secret-5", "alice"]) {
        expect(seen).not.toContain(secret);
      }
    } finally {
      await unauthorized.close();
    }
  });

  it("stops a server that repeats a cursor, keeping what it listed, with a warning", async () => {
    await using servers = await connectServers(
      { loop: { command: process.execPath, args: [rawServer, "repeat"] } },
      QUICK,
    );
    expect(servers.status["loop"]).toMatchObject({
      state: "ready",
      tools: 2,
      warning:
        'tools/list gave the cursor "same" a second time (page 3): listing stopped there, with the tools of 2 page(s)',
    });
  });

  it("ends the listing at a page that repeats the one before, as the SDK reads pages", async () => {
    await using servers = await connectServers(
      { stuck: { command: process.execPath, args: [rawServer, "stuck"] } },
      QUICK,
    );
    expect(servers.status["stuck"]).toEqual({ state: "ready", tools: 1, pid: expect.any(Number) as unknown });
  });

  it("gives up restarting after the policy's attempts, and the status says so", async () => {
    const events: ServerStatusEvent[] = [];
    const marker = join(mkdtempSync(join(tmpdir(), "x-servers-")), "started");
    // It answers its first start; every later start writes to stderr and exits 1.
    await using servers = await connectServers(
      { flaky: { command: process.execPath, args: [rawServer, `once:${marker}`] } },
      { ...QUICK, hooks: { "server-status": (event) => void events.push(event) } },
    );
    process.kill(pidOf(servers, "flaky"), "SIGTERM");
    await vi.waitFor(() => expect(servers.status["flaky"]?.state).toBe("failed"), PATIENT);
    expect(events.map((event) => event.status.state)).toEqual(["ready", "restarting", "restarting", "failed"]);
    expect(events.map((event) => ("delayMs" in event.status ? event.status.delayMs : undefined))).toEqual([
      undefined,
      20,
      40,
      undefined,
    ]);
    expect(servers.status["flaky"]).toEqual({
      state: "failed",
      reason: "exited with code 1; the last lines of its stderr:\n  already started once (given up after 2 restarts)",
    });
    expect(servers.toolset.entries).toEqual([]);
  });
});

describe("restart()", () => {
  it("starts a server that gave up again, and a running one anew; refuses a name the config lacks", async () => {
    const events: ServerStatusEvent[] = [];
    await using servers = await connectServers(
      { calc: createCalculatorEntry() },
      { ...QUICK, restart: false, hooks: { "server-status": (event) => void events.push(event) } },
    );
    const first = pidOf(servers, "calc");
    process.kill(first, "SIGKILL");
    await vi.waitFor(() => expect(servers.status["calc"]?.state).toBe("failed"), PATIENT);
    expect(servers.toolset.entries).toEqual([]);
    events.length = 0;
    await servers.restart("calc");
    expect(events.map((event) => event.status.state)).toEqual(["connecting", "ready"]);
    const second = pidOf(servers, "calc");
    expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["calc__add"]);
    const result = await servers.clients["calc"]?.callTool({ name: "add", arguments: { a: 2, b: 3 } });
    expect(result?.isError).not.toBe(true);
    // A running server: its process is ended, a new one started.
    await servers.restart("calc");
    expect(isRunning(second)).toBe(false);
    expect(pidOf(servers, "calc")).not.toBe(second);
    await expect(servers.restart("nope")).rejects.toMatchObject({ name: "ToolError", code: "invalid-config" });
  });
});

describe("restart() of a running server", () => {
  it("keeps its tools listed (with no client) while it starts again: the toolset does not flap", async () => {
    const during: { state: string; tools: string[]; client: boolean }[] = [];
    const toolEvents: ToolsChangedEvent[] = [];
    // Set once connectServers resolves: the hooks of the first start see no toolset yet.
    const connected: { servers?: Servers } = {};
    const servers = await connectServers(
      { calc: createCalculatorEntry() },
      {
        ...QUICK,
        hooks: {
          "server-status": (event) =>
            void during.push({
              state: event.status.state,
              tools: connected.servers?.toolset.entries.map((entry) => entry.name) ?? [],
              client: connected.servers?.clients["calc"] !== undefined,
            }),
          "tools-changed": (event) => void toolEvents.push(event),
        },
      },
    );
    connected.servers = servers;
    try {
      during.length = 0;
      await servers.restart("calc");
      expect(during.slice()).toEqual([
        { state: "connecting", tools: ["calc__add"], client: false },
        { state: "ready", tools: ["calc__add"], client: true },
      ]);
      expect(toolEvents).toEqual([]);
      expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["calc__add"]);
    } finally {
      await servers.close();
    }
  });

  it("drops its tools when it cannot start again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "x-servers-restart-"));
    const flag = join(dir, "started");
    await using servers = await connectServers(
      { once: { command: process.execPath, args: [rawServer, `once:${flag}`] } },
      { ...QUICK, restart: false },
    );
    expect(servers.toolset.entries.length).toBeGreaterThan(0);
    await servers.restart("once");
    expect(servers.status["once"]?.state).toBe("failed");
    expect(servers.toolset.entries).toEqual([]);
  });
});

describe("close()", () => {
  it("ends a child that ignores SIGTERM with SIGKILL after the grace period", async () => {
    const servers = await connectServers(
      { stubborn: { command: process.execPath, args: [rawServer, "stubborn"] } },
      { ...QUICK, closeGraceMs: 200 },
    );
    const pid = pidOf(servers, "stubborn");
    const started = performance.now();
    await servers.close();
    expect(isRunning(pid)).toBe(false);
    // It waited out the grace period (SIGTERM did nothing), then SIGKILL ended it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe("entries and filters", () => {
  it("takes a connected SDK Client as it is, filters by predicate, and refresh() lists again", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const calculator = createCalculatorV1();
    await calculator.connect(serverSide);
    const client = new Client({ name: "mine", version: "1.0.0" });
    await client.connect(clientSide);
    const servers = await connectServers({ mine: client, adds: createCalculatorEntry() }, QUICK);
    try {
      expect(servers.status["adds"]).toMatchObject({ state: "ready" });
      expect(servers.clients["mine"]).toBe(client);
      expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["adds__add", "mine__add", "mine__multiply"]);
      calculator.registerTool("subtract", { description: "a - b" }, () => ({ content: [] }));
      // The SDK server announces the new tool (list_changed); refresh() also lists again, and waits for it.
      await servers.refresh();
      await vi.waitFor(() => expect(servers.toolset.resolve("mine__subtract")).toBeDefined(), PATIENT);
    } finally {
      await servers.close();
    }
    // A given client is the caller's: still open.
    await expect(client.listTools()).resolves.toMatchObject({ tools: expect.any(Array) as unknown });
    await client.close();
  });
});

describe("freshness", () => {
  /** Connects one raw server in `mode` and reads its toolset after MIN_FRESH_MS and more have passed. */
  async function readLater(mode: string) {
    const events: ToolsChangedEvent[] = [];
    const servers = await connectServers(
      { fresh: { command: process.execPath, args: [rawServer, mode] } },
      { ...QUICK, hooks: { "tools-changed": (event) => void events.push(event) } },
    );
    expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["fresh__listing_1"]);
    await new Promise((resolve) => setTimeout(resolve, MIN_FRESH_MS + 200));
    // Nothing is fetched while no one reads, whatever the listing's age.
    expect(events).toEqual([]);
    // This read may find it stale: then it starts one listing, whose result a later read sees.
    expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["fresh__listing_1"]);
    return { servers, events };
  }

  it("a listing whose ttlMs ran out is listed again when the toolset is next read, not before", async () => {
    const { servers, events } = await readLater("ttl");
    await using _ = servers;
    await vi.waitFor(() => expect(events).toHaveLength(1), PATIENT);
    expect(events[0]).toMatchObject({ added: [{ name: "fresh__listing_2" }], removed: [{ name: "fresh__listing_1" }] });
    expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["fresh__listing_2"]);
  });

  /** How many times the raw server was listed, as it counts (after a pause in which a stray listing would land). */
  async function listings(servers: Servers): Promise<unknown> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await servers.clients["fresh"]?.callTool({ name: "listings", arguments: {} });
    return result?.content;
  }

  it("a server that never says when its tools change is listed again on a read, at most once a second", async () => {
    const { servers, events } = await readLater("unannounced");
    await using _ = servers;
    await vi.waitFor(() => expect(events).toHaveLength(1), PATIENT);
    expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(["fresh__listing_2"]);
    // Fresh again for MIN_FRESH_MS: more reads fetch nothing.
    void servers.toolset;
    void servers.toolset;
    expect(await listings(servers)).toEqual([{ type: "text", text: "2" }]);
  });

  it("a server without ttlMs that says when its tools change is believed: a read does not list it again", async () => {
    const { servers, events } = await readLater("counted");
    await using _ = servers;
    expect(await listings(servers)).toEqual([{ type: "text", text: "1" }]);
    expect(events).toEqual([]);
  });
});

describe("require", () => {
  const failing = {
    typo: { command: "x-servers-no-such-command" },
    crashes: { command: process.execPath, args: ["-e", "console.error('no database'); process.exit(3)"] },
  };
  const reasons =
    '  typo: command not found: "x-servers-no-such-command" (is it installed, and on this process\'s PATH?)\n' +
    "  crashes: exited with code 3; the last lines of its stderr:\n      no database";

  it('"all": rejects naming each server that did not start and why, and ends the ones that did', async () => {
    const probe = createRawServerProbe();
    const before = liveChildren();
    const events: ServerStatusEvent[] = [];
    await expect(
      connectServers(
        { ok: { command: process.execPath, args: [rawServer], env: probe.env }, ...failing },
        { ...QUICK, require: "all", hooks: { "server-status": (event) => void events.push(event) } },
      ),
    ).rejects.toMatchObject({
      name: "ToolError",
      code: "connection-closed",
      message: `2 of 3 servers did not start (require: "all"):\n${reasons}`,
    });
    expect(probe.started()).toHaveLength(1);
    expect(liveChildren().filter((pid) => !before.includes(pid))).toEqual([]);
    expect(events.map((event) => `${event.server} ${event.status.state}`).sort()).toEqual(
      ["crashes closed", "crashes failed", "ok closed", "ok ready", "typo closed", "typo failed"].sort(),
    );
  });

  it('"any" (the default): resolves when one started, each failure in its server-status event', async () => {
    const events: ServerStatusEvent[] = [];
    await using servers = await connectServers(
      { ok: createCalculator(), ...failing },
      { ...QUICK, hooks: { "server-status": (event) => void events.push(event) } },
    );
    expect(servers.status["ok"]?.state).toBe("ready");
    expect(events.filter((event) => event.status.state === "failed").map((event) => event.server)).toEqual([
      "typo",
      "crashes",
    ]);
  });

  it('"any" rejects when none started; "none" resolves whatever happens', async () => {
    await expect(connectServers(failing, QUICK)).rejects.toMatchObject({
      code: "connection-closed",
      message: `No server started:\n${reasons}`,
    });
    await using servers = await connectServers(failing, { ...QUICK, require: "none" });
    expect(Object.values(servers.status).map((status) => status.state)).toEqual(["failed", "failed"]);
    await expect(connectServers(failing, { require: "some" as "any" })).rejects.toMatchObject({
      code: "invalid-config",
      message: 'options.require must be "any", "all" or "none", not "some"',
    });
  });
});

describe("a config file", () => {
  it("is read from its path (VS Code's format, comments and all); a relative cwd is the file's directory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "x-servers-file-"));
    copyFileSync(rawServer, join(dir, "server.mjs"));
    writeFileSync(
      join(dir, "mcp.json"),
      [
        "{",
        "  // started from this directory",
        `  "servers": { "here": { "type": "stdio", "command": ${JSON.stringify(process.execPath)},`,
        '    "args": ["./server.mjs"], "cwd": "." }, },',
        "}",
      ].join("\n"),
    );
    await using servers = await connectServers(join(dir, "mcp.json"), QUICK);
    expect(servers.status["here"]).toMatchObject({ state: "ready", tools: 6 });
  });

  it("that cannot be read is an invalid-config error naming it", async () => {
    await expect(connectServers(join(tmpdir(), "x-servers-missing", "mcp.json"))).rejects.toMatchObject({
      code: "invalid-config",
      message: expect.stringContaining("x-servers-missing/mcp.json could not be read: there is no such file") as string,
    });
  });
});
