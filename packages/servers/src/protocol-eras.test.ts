// Servers of every protocol era, through the v2 client: MCP 2026-07-28 over
// Streamable HTTP (stateless) and over stdio, a 2025-era stdio server that
// exits when asked anything before `initialize`, and entries of either SDK
// generation (in-process servers, connected clients, a v1 HTTP server).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemoryTransportV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { connectV2InProcess, createV2DemoServer, startV2HttpServer } from "@x/testing";
import { describe, expect, it, vi } from "vitest";
import { createCalculator, createCalculatorV1 } from "./__fixtures__/calculator-server";
import { createRawServerProbe } from "./__fixtures__/child-processes";
import { startStreamableServer } from "./__fixtures__/http-servers";
import { connectServers } from "./connect-servers";
import type { ConnectServersOptions } from "./connect-servers";
import { MIN_FRESH_MS } from "./listing-freshness";
import type { ToolsChangedEvent } from "./server-status";

const PATIENT = { timeout: 15_000 };
const QUICK: ConnectServersOptions = { timeoutMs: 15_000, closeGraceMs: 500 };
const tsx = createRequire(import.meta.url).resolve("tsx");
const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's tool names in the toolset, in order. */
const toolNames = (
  servers: { toolset: { entries: readonly { server: string; toolName: string }[] } },
  server: string,
) => servers.toolset.entries.filter((entry) => entry.server === server).map((entry) => entry.toolName);

describe("a 2026-07-28 server over Streamable HTTP (stateless)", () => {
  it("connects with server/discover, no initialize; calls its tools; follows changes on a listen stream", async () => {
    const remote = await startV2HttpServer();
    const events: ToolsChangedEvent[] = [];
    try {
      await using servers = await connectServers(
        { remote: { url: remote.url } },
        { ...QUICK, hooks: { "tools-changed": (event) => void events.push(event) } },
      );
      expect(servers.status["remote"]).toEqual({ state: "ready", tools: 4 });
      expect(servers.clients["remote"]?.getProtocolEra()).toBe("modern");
      expect(toolNames(servers, "remote")).toEqual(["add", "confirm", "count", "open_link"]);
      const rpcMethods = remote.requests.map((request) => request.rpcMethod);
      expect(rpcMethods.slice(0, 3)).toEqual(["server/discover", "subscriptions/listen", "tools/list"]);
      expect(rpcMethods).not.toContain("initialize");
      const result = await servers.clients["remote"]?.callTool({ name: "add", arguments: { a: 2, b: 3 } });
      expect(result?.content).toEqual([{ type: "text", text: "5" }]);

      remote.addTool("shout");
      await vi.waitFor(() => expect(events).toHaveLength(1), PATIENT);
      expect(events[0]).toMatchObject({ server: "remote", added: [{ name: "remote__shout" }], removed: [] });
      expect(servers.status["remote"]).toEqual({ state: "ready", tools: 5 });
    } finally {
      await remote.close();
    }
  });

  it("honours ttlMs: a listing is fetched again on a read after it runs out, and not before", async () => {
    const remote = await startV2HttpServer({ toolsTtlMs: 300 });
    try {
      await using servers = await connectServers({ remote: { url: remote.url } }, QUICK);
      const listings = () => remote.requests.filter((request) => request.rpcMethod === "tools/list").length;
      expect(listings()).toBe(1);
      // Fresh for max(ttlMs, MIN_FRESH_MS): nothing is fetched while no one reads, even once it is stale.
      await sleep(MIN_FRESH_MS + 200);
      expect(listings()).toBe(1);
      void servers.toolset;
      await vi.waitFor(() => expect(listings()).toBe(2), PATIENT);
      // Fresh again: reads do not fetch.
      void servers.toolset;
      void servers.toolset;
      await sleep(100);
      expect(listings()).toBe(2);
    } finally {
      await remote.close();
    }
  });
});

describe("a 2026-07-28 server over stdio (serveStdio)", () => {
  it("connects at 2026-07-28 and follows tool changes on a listen stream over the same pipe", async () => {
    const events: ToolsChangedEvent[] = [];
    await using servers = await connectServers(
      { calc: { command: process.execPath, args: ["--import", tsx, fixture("calculator-stdio.ts")] } },
      { ...QUICK, hooks: { "tools-changed": (event) => void events.push(event) } },
    );
    expect(servers.clients["calc"]?.getProtocolEra()).toBe("modern");
    expect(toolNames(servers, "calc")).toEqual(["add", "grow", "multiply"]);
    await servers.clients["calc"]?.callTool({ name: "grow", arguments: {} });
    await vi.waitFor(() => expect(events).toHaveLength(1), PATIENT);
    expect(events[0]).toMatchObject({ added: [{ name: "calc__subtract" }] });
  });
});

describe("a 2025-era stdio server that exits when asked anything before initialize", () => {
  it("is started again and spoken to with initialize", async () => {
    const probe = createRawServerProbe();
    await using servers = await connectServers(
      { strict: { command: process.execPath, args: [fixture("raw-paging-server.mjs"), "strict"], env: probe.env } },
      QUICK,
    );
    expect(servers.status["strict"]).toMatchObject({ state: "ready", tools: 6 });
    expect(servers.clients["strict"]?.getProtocolEra()).toBe("legacy");
    // The first process exited at server/discover; the second answered initialize.
    expect(probe.started()).toHaveLength(2);
  });
});

describe("entries of either SDK generation", () => {
  it("takes in-process servers and connected clients of v1 and v2, and a v1 server over HTTP", async () => {
    const modern = await connectV2InProcess();
    const [v1ClientSide, v1ServerSide] = InMemoryTransportV1.createLinkedPair();
    const v1Server = createCalculatorV1("v1-given");
    await v1Server.connect(v1ServerSide);
    const v1Client = new ClientV1({ name: "mine", version: "1.0.0" });
    await v1Client.connect(v1ClientSide);
    const v1Http = await startStreamableServer();
    const inProcessV2 = createV2DemoServer().create();
    const events: ToolsChangedEvent[] = [];
    try {
      const servers = await connectServers(
        {
          "v2-server": inProcessV2,
          "v1-server": createCalculatorV1(),
          "v2-client": modern.client,
          "v1-client": v1Client,
          "v1-http": { url: v1Http.url },
        },
        { ...QUICK, require: "all", hooks: { "tools-changed": (event) => void events.push(event) } },
      );
      expect(Object.values(servers.status).map((status) => status.state)).toEqual(Array(5).fill("ready"));
      expect(servers.clients["v2-client"]).toBe(modern.client);
      expect(servers.clients["v1-client"]).toBe(v1Client);
      expect(servers.clients["v2-client"]?.getProtocolEra()).toBe("modern");
      expect(servers.clients["v2-server"]?.getProtocolEra()).toBe("legacy");
      for (const name of ["v2-server", "v1-server", "v2-client", "v1-http"]) {
        const result = await servers.clients[name]?.callTool({ name: "add", arguments: { a: 20, b: 22 } });
        expect({ name, content: result?.content }).toEqual({ name, content: [{ type: "text", text: "42" }] });
      }
      // A v1 client is handed back as given: its own callTool.
      await expect(v1Client.callTool({ name: "multiply", arguments: { a: 6, b: 7 } })).resolves.toMatchObject({
        content: [{ type: "text", text: "42" }],
      });

      // Tool changes: an in-process v2 server says so unasked (2025 era over the in-memory pair), a server behind a
      // given 2026-07-28 client on the listen stream opened on that client, a v1 server unasked.
      inProcessV2.registerTool("late", { description: "Late." }, () => ({ content: [] }));
      modern.demo.addTool("shout");
      modern.handler?.notify.toolsChanged();
      v1Server.registerTool("subtract", { description: "a - b" }, () => ({ content: [] }));
      await vi.waitFor(
        () =>
          expect(events.flatMap((event) => event.added.map((tool) => tool.name))).toEqual(
            expect.arrayContaining(["v2-server__late", "v2-client__shout", "v1-client__subtract"]),
          ),
        PATIENT,
      );

      await servers.close();
      // Given clients are the caller's: still open.
      await expect(modern.client.listTools()).resolves.toMatchObject({ tools: expect.any(Array) as unknown });
      await expect(v1Client.listTools()).resolves.toMatchObject({ tools: expect.any(Array) as unknown });
    } finally {
      await Promise.all([modern.close(), v1Client.close(), v1Http.close()]);
    }
  });

  it("a v2 McpServer in-process is served over the in-memory pair, whose era is 2025", async () => {
    await using servers = await connectServers({ local: createCalculator() }, QUICK);
    expect(servers.clients["local"]?.getProtocolEra()).toBe("legacy");
    expect(toolNames(servers, "local")).toEqual(["add", "multiply"]);
  });
});

describe("a tool that asks its user for input, on a client with no answerer", () => {
  it("ends at once in both eras: refused by the SDK (2026-07-28), answered method-not-found (2025)", async () => {
    const remote = await startV2HttpServer();
    try {
      await using servers = await connectServers(
        { modern: { url: remote.url }, older: createV2DemoServer().create() },
        QUICK,
      );
      const ask = { name: "confirm", arguments: { action: "deploy" } };
      await expect(servers.clients["modern"]?.callTool(ask)).rejects.toMatchObject({
        name: "SdkError",
        code: "CAPABILITY_NOT_SUPPORTED",
      });
      await expect(servers.clients["older"]?.callTool(ask)).resolves.toMatchObject({
        isError: true,
        content: [{ type: "text", text: expect.stringContaining("Method not found") as string }],
      });
    } finally {
      await remote.close();
    }
  });
});
