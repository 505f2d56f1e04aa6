// A server's life through connectServers, with real stdio child processes (the
// raw server, whose tools/list can be made to hang or fail): failed listings at
// start and at restart, kill cycles, concurrent restarts, a failed re-list and a
// server that runs well between crashes. Each ends by counting the live child
// processes after close(): zero.
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRawServerProbe, isRunning, liveChildren } from "./__fixtures__/child-processes";
import type { RawServerProbe } from "./__fixtures__/child-processes";
import { connectServers } from "./connect-servers";
import type { ConnectServersOptions, Servers } from "./connect-servers";
import type { ServerStatusEvent, ToolsChangedEvent } from "./server-status";

const rawServer = fileURLToPath(new URL("./__fixtures__/raw-paging-server.mjs", import.meta.url));
/** Waits that include starting a process: generous, since two cores are shared. */
const PATIENT = { timeout: 15_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let probe: RawServerProbe;
let childrenBefore: number[];
const opened: Servers[] = [];
const events: ServerStatusEvent[] = [];
const states = () => events.map((event) => event.status.state);

async function connectRaw(options: ConnectServersOptions = {}, mode = "pages"): Promise<Servers> {
  const servers = await connectServers(
    { raw: { command: process.execPath, args: [rawServer, mode], env: probe.env } },
    {
      timeoutMs: 15_000,
      closeGraceMs: 500,
      ...options,
      hooks: { "server-status": (event) => void events.push(event), ...options.hooks },
    },
  );
  opened.push(servers);
  return servers;
}

function pidOf(servers: Servers): number {
  const status = servers.status["raw"];
  if (status?.state !== "ready" || status.pid === undefined) throw new Error(`not ready: ${JSON.stringify(status)}`);
  return status.pid;
}

/** The children started by this test that are alive. */
const ourLiveChildren = () => liveChildren().filter((pid) => !childrenBefore.includes(pid));

beforeEach(() => {
  probe = createRawServerProbe();
  childrenBefore = liveChildren();
  events.length = 0;
});

afterEach(async () => {
  // Each test closes its servers itself; this is for one that failed before it could.
  await Promise.all(opened.splice(0).map((servers) => servers.close()));
  // Whatever the test did, nothing it started outlives it, also a moment later (a restart timer left behind
  // would start a process after close()).
  expect(ourLiveChildren()).toEqual([]);
  const started = probe.started().length;
  await sleep(100);
  expect({ live: ourLiveChildren(), started: probe.started().length }).toEqual({ live: [], started });
});

describe("a tools/list that fails at the first start", () => {
  it.each([
    ["errors", "error" as const, 15_000, "listing its tools failed: the tool index is locked"],
    [
      "hangs",
      "hang" as const,
      1_500,
      "timed out after 1500 ms: the server did not finish starting and listing its tools",
    ],
  ])(
    "%s: the server fails once, is not restarted, and its process is ended",
    async (_, behaviour, timeoutMs, reason) => {
      probe.setList(behaviour);
      // Its only server did not start: connectServers rejects, saying why, with nothing left running.
      await expect(connectRaw({ timeoutMs, restart: { initialDelayMs: 10 } })).rejects.toMatchObject({
        code: "connection-closed",
        message: `No server started:\n  raw: ${reason}`,
      });
      expect(ourLiveChildren()).toEqual([]);
      await sleep(100);
      expect(states()).toEqual(["failed", "closed"]);
      expect(probe.started()).toHaveLength(1);
    },
  );
});

describe("a tools/list that fails at a restart", () => {
  it("each attempt is scheduled once, its process ended before the next; then the server is failed", async () => {
    const servers = await connectRaw({ restart: { initialDelayMs: 10, maxRestarts: 2 } });
    const first = pidOf(servers);
    probe.setList("error");
    process.kill(first, "SIGKILL");
    await vi.waitFor(() => expect(servers.status["raw"]?.state).toBe("failed"), PATIENT);
    expect(
      events.map(({ status }) => ("attempt" in status ? `${status.state} ${status.attempt}` : status.state)),
    ).toEqual(["ready", "restarting 1", "restarting 2", "failed"]);
    expect(events[2]?.status).toMatchObject({
      reason: "listing its tools failed: the tool index is locked",
    });
    expect(servers.status["raw"]).toEqual({
      state: "failed",
      reason: "listing its tools failed: the tool index is locked (given up after 2 restarts)",
    });
    expect(probe.started()).toHaveLength(3);
    expect(ourLiveChildren()).toEqual([]);
    await sleep(100);
    expect(states()).toHaveLength(4);
    await servers.close();
  });

  it("eight kill cycles with a hanging tools/list leave one process, and none after close()", async () => {
    const servers = await connectRaw({ restart: { initialDelayMs: 10, maxRestarts: 20 } });
    probe.setList("hang");
    const killed: number[] = [];
    for (let cycle = 0; cycle < 8; cycle++) {
      // The next process that is listing (the ready one first), killed while its tools/list hangs.
      const pid = await vi.waitFor(() => {
        const next = probe.listing().find((listing) => !killed.includes(listing));
        if (next === undefined) throw new Error("no process is listing yet");
        return next;
      }, PATIENT);
      killed.push(pid);
      process.kill(pid, "SIGKILL");
    }
    await vi.waitFor(() => expect(probe.listing().filter((pid) => !killed.includes(pid))).toHaveLength(1), PATIENT);
    expect(ourLiveChildren()).toHaveLength(1);
    expect(servers.status["raw"]).toMatchObject({ state: "restarting", attempt: 8 });
    await servers.close();
  });
});

describe("restart(name)", () => {
  it("five at once run one restart: one new process, ready, and none after close()", async () => {
    const servers = await connectRaw({ restart: { initialDelayMs: 10 } });
    const first = pidOf(servers);
    await Promise.all([1, 2, 3, 4, 5].map(() => servers.restart("raw")));
    expect(servers.status["raw"]?.state).toBe("ready");
    const second = pidOf(servers);
    expect(probe.started().sort()).toEqual([first, second].sort());
    expect(ourLiveChildren()).toEqual([second]);
    expect(states()).toEqual(["ready", "connecting", "ready"]);
    // One asked for once that one has ended is a new restart.
    await servers.restart("raw");
    expect(probe.started()).toHaveLength(3);
    expect(isRunning(second)).toBe(false);
    await servers.close();
  });
});

describe("a re-list that fails", () => {
  it("keeps the last good tools, marked stale, and retries with backoff until it lists", async () => {
    const toolEvents: ToolsChangedEvent[] = [];
    const servers = await connectRaw({
      restart: { initialDelayMs: 10, maxDelayMs: 40 },
      hooks: { "tools-changed": (event) => void toolEvents.push(event) },
    });
    const before = servers.toolset.entries.map((entry) => entry.name);
    probe.setList("error");
    // "change" swaps the server's list and sends notifications/tools/list_changed.
    await servers.clients["raw"]?.callTool({ name: "change", arguments: {} });
    const stale = () =>
      events.flatMap(({ status }) => (status.state === "ready" && status.stale ? [status.stale] : []));
    await vi.waitFor(() => expect(stale().length).toBeGreaterThanOrEqual(4), PATIENT);
    const reason = "listing its tools again failed: the tool index is locked";
    expect(stale().slice(0, 4)).toEqual([
      { reason, attempt: 1, delayMs: 10 },
      { reason, attempt: 2, delayMs: 20 },
      { reason, attempt: 3, delayMs: 40 },
      { reason, attempt: 4, delayMs: 40 },
    ]);
    expect(servers.status["raw"]).toMatchObject({ state: "ready", tools: 6 });
    expect(servers.toolset.entries.map((entry) => entry.name)).toEqual(before);
    expect(servers.clients["raw"]).toBeDefined();
    expect(toolEvents).toEqual([]);
    probe.setList("list");
    await vi.waitFor(() => expect(servers.status["raw"]).not.toHaveProperty("stale"), PATIENT);
    expect(servers.status["raw"]).toMatchObject({ state: "ready", tools: 5 });
    expect(servers.toolset.resolve("raw__d1")).toBeDefined();
    expect(toolEvents).toHaveLength(1);
    await servers.close();
  });

  it("refresh() lists a stale server again at once, and starts a failed one again", async () => {
    const servers = await connectRaw({ restart: { initialDelayMs: 60_000, maxRestarts: 0 } });
    probe.setList("error");
    await servers.clients["raw"]?.callTool({ name: "change", arguments: {} });
    await vi.waitFor(() => expect(servers.status["raw"]).toHaveProperty("stale"), PATIENT);
    probe.setList("list");
    await servers.refresh();
    expect(servers.status["raw"]).toEqual({ state: "ready", tools: 5, pid: pidOf(servers) });
    expect(servers.toolset.resolve("raw__d1")).toBeDefined();

    process.kill(pidOf(servers), "SIGKILL");
    await vi.waitFor(() => expect(servers.status["raw"]?.state).toBe("failed"), PATIENT);
    await servers.refresh();
    expect(servers.status["raw"]?.state).toBe("ready");
    expect(ourLiveChildren()).toEqual([pidOf(servers)]);
    await servers.close();
  });
});

describe("the count of restarts", () => {
  it("starts again from zero once a restarted server has stayed ready for resetAfterMs", async () => {
    const resetAfterMs = 200;
    const servers = await connectRaw({ restart: { initialDelayMs: 10, maxRestarts: 1, resetAfterMs } });
    for (let crash = 0; crash < 3; crash++) {
      const pid = pidOf(servers);
      process.kill(pid, "SIGKILL");
      await vi.waitFor(() => expect(pidOf(servers)).not.toBe(pid), PATIENT);
      await sleep(resetAfterMs + 50);
    }
    expect(events.map(({ status }) => ("attempt" in status ? status.attempt : status.state))).toEqual([
      "ready",
      1,
      "ready",
      1,
      "ready",
      1,
      "ready",
    ]);
    await servers.close();
  });

  it("keeps counting when the server dies again sooner", async () => {
    const servers = await connectRaw({ restart: { initialDelayMs: 10, maxRestarts: 1, resetAfterMs: 60_000 } });
    const pid = pidOf(servers);
    process.kill(pid, "SIGKILL");
    await vi.waitFor(() => expect(pidOf(servers)).not.toBe(pid), PATIENT);
    process.kill(pidOf(servers), "SIGKILL");
    await vi.waitFor(() => expect(servers.status["raw"]?.state).toBe("failed"), PATIENT);
    expect(servers.status["raw"]).toMatchObject({ state: "failed", reason: /given up after 1 restarts/ });
    await servers.close();
  });
});
