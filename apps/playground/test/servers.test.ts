// Servers from a config file and from the command line, for real: a Streamable
// HTTP MCP server on 127.0.0.1, stdio servers with their own environment, and
// servers that cannot start (each reported with why, the others unaffected).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallResponse, StateResponse, ToolsResponse } from "../src/shared/api-types";
import { parseCliArgs } from "../src/server/cli-args";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { everythingServerSpec } from "../src/server/server-spec";
import { startHttpDemoServer } from "./http-demo-server";
import type { HttpDemoServer } from "./http-demo-server";

const SECRET = "x-playground-secret-of-the-parent-process";

let mcpHttp: HttpDemoServer;
let playground: Playground;

async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${playground.origin}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${playground.token}`,
      origin: playground.origin,
      "content-type": "application/json",
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  mcpHttp = await startHttpDemoServer();
  const { url } = mcpHttp;

  process.env["X_PLAYGROUND_SECRET"] = SECRET;
  const everything = everythingServerSpec();
  const dir = mkdtempSync(join(tmpdir(), "x-playground-servers-"));
  writeFileSync(
    join(dir, "playground.config.json"),
    JSON.stringify({
      mcpServers: {
        withEnv: { command: everything.command, args: everything.args, env: { GREETING: "hello from the config" } },
        crashes: {
          command: process.execPath,
          args: ["-e", "console.error('boom: MISSING_TOKEN is not set'); process.exit(1)"],
        },
        sse: { url: "http://127.0.0.1:1/sse", type: "sse" },
      },
    }),
  );
  const request = parseCliArgs(
    ["--no-builtin", "--http", `remote=${url}`, "--http", "nobody=http://127.0.0.1:1/mcp"],
    dir,
  );
  if (request.help) throw new Error("unexpected --help");
  playground = await startPlayground({ servers: request.servers, port: 0, logger: silentLogger });
});

afterAll(async () => {
  delete process.env["X_PLAYGROUND_SECRET"];
  await playground?.close();
  await mcpHttp?.close();
});

describe("servers from the config file and the command line", () => {
  it("starts each server it can and says why each other one failed", async () => {
    const state = await api<StateResponse>("/api/state");
    const byName = Object.fromEntries(state.servers.map((server) => [server.name, server]));
    expect(byName["remote"]).toMatchObject({ status: "ready", transport: "http", source: "flag", toolCount: 9 });
    expect(byName["withEnv"]).toMatchObject({ status: "ready", transport: "stdio", source: "config" });
    expect(byName["crashes"]).toMatchObject({ status: "failed", source: "config" });
    expect(byName["crashes"]?.error).toContain("boom: MISSING_TOKEN is not set");
    // An HTTP+SSE server is tried (the entry is valid); nothing listens there.
    expect(byName["sse"]).toMatchObject({ status: "failed", transport: "http", target: "http://127.0.0.1:1/sse" });
    expect(byName["sse"]?.error).toContain("could not connect to http://127.0.0.1:1/sse");
    expect(byName["nobody"]).toMatchObject({ status: "failed", transport: "http" });
    expect(state.openai.configured).toBe(false);
  });

  it("lists and runs the tools of a Streamable HTTP server", async () => {
    const tools = await api<ToolsResponse>("/api/tools?strict=auto");
    expect(tools.tools.map((tool) => tool.name)).toContain("remote__divide");
    const result = await api<CallResponse>("/api/call", {
      tool: "remote__divide",
      arguments: '{"dividend":9,"divisor":3}',
      strict: "auto",
      api: "chat",
    });
    expect(result.sent?.server).toBe("remote");
    expect(result.outputs.chat).toMatchObject({ content: "3" });
  });

  it("gives a stdio server its configured environment and none of the playground's own", async () => {
    const result = await api<CallResponse>("/api/call", {
      tool: "withEnv__get-env",
      arguments: "{}",
      strict: "auto",
      api: "chat",
    });
    const text = JSON.stringify(result.result);
    expect(text).toContain("hello from the config");
    expect(text).not.toContain(SECRET);
  });

  it("refuses the conversation API without a key", async () => {
    const response = await fetch(`${playground.origin}/api/chat`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${playground.token}`,
        origin: playground.origin,
        "content-type": "application/json",
      },
      body: JSON.stringify({ api: "chat", strict: "auto", model: "m", message: "hi", transcript: [] }),
    });
    expect(response.status).toBe(409);
  });
});
