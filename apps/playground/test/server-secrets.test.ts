// The configured servers' secrets never reach the page, over real HTTP: URL
// credentials and queries, secret arguments, env values, headers, a child's
// stderr that echoes them, a tool that returns them, and the OpenAI key and
// base URL in a model error. Every answer and every line the server logs is
// searched for each of them. Credential-shaped text that nothing configured (a
// token a server prints, one a tool returns) is hidden by the same rule as a
// credential-shaped argument.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallResponse, ChatResponse, ServerState, StateResponse, ToolsResponse } from "../src/shared/api-types";
import { parseCliArgs } from "../src/server/cli-args";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec, everythingServerSpec } from "../src/server/server-spec";
import { startHttpDemoServer } from "./http-demo-server";
import type { HttpDemoServer } from "./http-demo-server";

/** Every secret of the configuration below: none may be in any answer or log line. */
const SECRETS = [
  "alice",
  "hunter2",
  "TOPSECRET",
  "carol",
  "remote-pass-1",
  "REMOTE-KEY-2",
  "arg-secret-3",
  "arg-secret-4",
  "arg-secret-5",
  "ghp_abcdefghijklmnop1234",
  "env-secret-6",
  "env-secret-7",
  "stdio-secret-8",
  "env-secret-9",
  "stderr-pass-10",
  "stderr-secret-11",
  "QUERY-SECRET-12",
  "header-secret-13",
  "header-secret-14",
  "sk-test-SECRETS-KEY-15",
  "base-pass-16",
  "BASE-KEY-17",
  Buffer.from("alice:hunter2").toString("base64"),
  Buffer.from("carol:remote-pass-1").toString("base64"),
  // Printed by the crashing server, configured nowhere (the code builds it, so the command line does not hold it).
  "sk-live-UNCONFIGURED0123456789",
];

const CRASH_CODE =
  "console.error('started with ' + process.argv.slice(1).join(' ') + ', token ' + process.env.SERVICE_TOKEN + " +
  "', db postgres://bob:stderr-pass-10@db.internal/app?sslpassword=stderr-secret-11, key ' + 'sk-live-' + " +
  "'UNCONFIGURED0123456789'); process.exit(1)";

let mcpHttp: HttpDemoServer;
let playground: Playground;
const logged: string[] = [];
const answers: string[] = [];

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
  const text = await response.text();
  answers.push(JSON.stringify([...response.headers]), text);
  expect(response.status).toBe(200);
  return JSON.parse(text) as T;
}

async function state(): Promise<{ [name: string]: ServerState }> {
  return Object.fromEntries((await api<StateResponse>("/api/state")).servers.map((server) => [server.name, server]));
}

beforeAll(async () => {
  // The demo server over HTTP, wanting the user and password (as Basic authorization) and the api_key query.
  mcpHttp = await startHttpDemoServer((request) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const basic = `Basic ${Buffer.from("carol:remote-pass-1").toString("base64")}`;
    return request.headers.authorization === basic && url.searchParams.get("api_key") === "REMOTE-KEY-2"
      ? undefined
      : `unauthorized: ${request.headers.authorization ?? "no authorization"}`;
  });
  const { port } = mcpHttp;

  const demo = demoServerSpec();
  const everything = everythingServerSpec();
  const dir = mkdtempSync(join(tmpdir(), "x-playground-secrets-"));
  writeFileSync(
    join(dir, "playground.config.json"),
    JSON.stringify({
      mcpServers: {
        argsy: {
          command: demo.command,
          args: [
            ...demo.args,
            "--api-key",
            "arg-secret-3",
            "--token=arg-secret-4",
            "DB_PASSWORD=arg-secret-5",
            "ghp_abcdefghijklmnop1234",
          ],
          env: { SERVICE_TOKEN: "env-secret-6" },
        },
        envy: {
          command: everything.command,
          args: everything.args,
          env: { API_TOKEN: "env-secret-7", GREETING: "hello from the config" },
        },
        crashes: {
          command: process.execPath,
          args: ["-e", CRASH_CODE, "--", "--password", "stdio-secret-8"],
          env: { SERVICE_TOKEN: "env-secret-9" },
        },
        headers: {
          url: "http://127.0.0.1:1/mcp?token=QUERY-SECRET-12",
          headers: { authorization: "Bearer header-secret-13", "x-api-key": "header-secret-14" },
        },
      },
    }),
  );
  const request = parseCliArgs(
    [
      "--no-builtin",
      "--http",
      "docs=http://alice:hunter2@127.0.0.1:9/mcp?api_key=TOPSECRET",
      "--http",
      `remote=http://carol:remote-pass-1@127.0.0.1:${port}/mcp?api_key=REMOTE-KEY-2`,
    ],
    dir,
  );
  if (request.help) throw new Error("unexpected --help");
  playground = await startPlayground({
    servers: request.servers,
    port: 0,
    logger: { info: (line) => logged.push(line), error: (line) => logged.push(line) },
    openai: {
      apiKey: "sk-test-SECRETS-KEY-15",
      baseURL: "http://u:base-pass-16@127.0.0.1:1/v1?key=BASE-KEY-17",
      model: "m",
    },
  });
});

afterAll(async () => {
  await playground?.close();
  await mcpHttp?.close();
});

describe("the secrets of configured servers", () => {
  it("shows an HTTP server's URL without user, password or query, in its target and in why it failed", async () => {
    const { docs, headers } = await state();
    expect(docs).toMatchObject({ status: "failed", transport: "http", target: "http://127.0.0.1:9/mcp" });
    expect(docs?.hidden).toEqual(["the URL's user and password (sent as Basic authorization)", "query api_key"]);
    // fetch refuses port 9 (discard) outright; @x/servers says so.
    expect(docs?.error).toBe(
      "could not connect to http://127.0.0.1:9/mcp: fetch refuses that port (it is on the list browsers block); use " +
        "another",
    );
    expect(headers).toMatchObject({ status: "failed", target: "http://127.0.0.1:1/mcp" });
    expect(headers?.hidden).toEqual(["query token", "header authorization", "header x-api-key"]);
  });

  it("sends a URL's user and password as Basic authorization, so a server behind them works", async () => {
    expect((await state())["remote"]).toMatchObject({ status: "ready", toolCount: 9, target: mcpHttp.url });
    const result = await api<CallResponse>("/api/call", {
      tool: "remote__divide",
      arguments: '{"dividend":9,"divisor":3}',
      strict: "auto",
      api: "chat",
    });
    expect(result.outputs.chat).toMatchObject({ content: "3" });
  });

  it("hides secret arguments of a stdio command, and shows env variables by name only", async () => {
    const { argsy } = await state();
    expect(argsy?.status).toBe("ready");
    expect(argsy?.target).toMatch(/ --api-key \[hidden\] --token=\[hidden\] DB_PASSWORD=\[hidden\] \[hidden\]$/);
    expect(argsy?.hidden).toEqual(["env SERVICE_TOKEN"]);
  });

  it(
    "takes the secrets out of a crashed server's stderr, and any URL's credentials out of its command and " + "stderr",
    async () => {
      const { crashes } = await state();
      expect(crashes?.status).toBe("failed");
      expect(crashes?.error).toContain(
        "started with --password [hidden], token [hidden], db postgres://db.internal/app, key [hidden]",
      );
      expect(crashes?.target).toContain("postgres://db.internal/app, key ");
      expect(crashes?.target).toMatch(/ -- --password \[hidden\]$/);
    },
  );

  it(
    "hides a secret a tool returns (server-everything's get-env prints its environment), other values " + "untouched",
    async () => {
      const result = await api<CallResponse>("/api/call", {
        tool: "envy__get-env",
        arguments: "{}",
        strict: "auto",
        api: "responses",
      });
      const text = JSON.stringify(result.result);
      expect(text).toContain("API_TOKEN");
      expect(text).toContain("[hidden]");
      expect(text).toContain("hello from the config");
    },
  );

  it("hides a credential-shaped word a tool returns, configured nowhere, in the result and both outputs", async () => {
    const token = "sk-live-ECHOED0123456789abcdef";
    const result = await api<CallResponse>("/api/call", {
      tool: "envy__echo",
      arguments: JSON.stringify({ message: `the key is ${token}.` }),
      strict: "auto",
      api: "responses",
    });
    const shown = JSON.stringify([result.result, result.outputs]);
    expect(shown).not.toContain(token);
    expect(shown).toContain("the key is [hidden].");
  });

  it("hides the OpenAI key and base URL's credentials in a model error", async () => {
    const answer = await api<ChatResponse>("/api/chat", {
      api: "chat",
      strict: "auto",
      model: "m",
      message: "hi",
      transcript: [],
    });
    expect(answer.modelError).not.toBeNull();
    expect((await api<StateResponse>("/api/state")).openai.baseUrl).toBe("http://127.0.0.1:1/v1");
  });

  it("are in no answer and no log line", async () => {
    await api<ToolsResponse>("/api/tools?strict=auto");
    expect(answers.length).toBeGreaterThan(15);
    expect(logged.some((line) => line.includes('"crashes" failed to start'))).toBe(true);
    for (const text of [...answers, ...logged]) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    }
  });
});
