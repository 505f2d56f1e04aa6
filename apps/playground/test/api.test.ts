// The playground's server over real HTTP on 127.0.0.1, with its real MCP
// servers (the demo server and server-everything over stdio, plus one that
// cannot start): every security refusal, the tools of both servers, manual
// calls, a conversation against a local fake OpenAI server, and the API key
// never leaving the server.
import { strictSchema } from "@x/strict-schema";
import { encodeArguments } from "@x/strict-schema/encode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApprovalView,
  CallResponse,
  ChatResponse,
  ModelDelta,
  PushedEvent,
  StateResponse,
  ToolsResponse,
} from "../src/shared/api-types";
import { READ_ONLY_ONLY_REASON } from "../src/server/approval-policy";
import type { Playground } from "../src/server/playground-server";
import { MAX_KEPT_BYTES, cutMarker } from "../src/server/cap-text";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import { demoServerSpec } from "../src/server/server-spec";
import { HUGE_ANSWER_CHARS, HUGE_ANSWER_MODEL, startFakeOpenAi, UNKNOWN_MODEL } from "./fake-openai";
import type { FakeOpenAi } from "./fake-openai";
import { openTestEventStream } from "./event-stream-client";
import type { TestEventStream } from "./event-stream-client";
import { rawRequest } from "./raw-http";
import type { RawResponse } from "./raw-http";
import { BROKEN_SERVER_SECRETS, startTestPlayground } from "./start-test-playground";
import type { TestPlayground } from "./start-test-playground";

const API_KEY = "sk-test-THIS-KEY-MUST-NEVER-REACH-THE-PAGE";

let test: TestPlayground;
let playground: Playground;
let fake: FakeOpenAi;
/** Every answer the tests received: none may contain the key. */
const seen: RawResponse[] = [];

async function send(options: {
  method?: string;
  path: string;
  headers?: { [name: string]: string };
  body?: unknown;
}): Promise<RawResponse> {
  const response = await rawRequest(playground.port, {
    method: options.method ?? "GET",
    path: options.path,
    headers: options.headers ?? {},
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }),
  });
  seen.push(response);
  return response;
}

/** The headers the page itself sends. */
function pageHeaders(extra: { [name: string]: string } = {}): { [name: string]: string } {
  return { host: `127.0.0.1:${playground.port}`, authorization: `Bearer ${playground.token}`, ...extra };
}

function postHeaders(extra: { [name: string]: string } = {}): { [name: string]: string } {
  return pageHeaders({ origin: `http://127.0.0.1:${playground.port}`, "content-type": "application/json", ...extra });
}

async function call(
  tool: string,
  args: unknown,
  api: "chat" | "responses" = "responses",
  strict = "auto",
): Promise<CallResponse> {
  const response = await send({
    method: "POST",
    path: "/api/call",
    headers: postHeaders(),
    body: { tool, arguments: typeof args === "string" ? args : JSON.stringify(args), strict, api },
  });
  expect(response.status).toBe(200);
  return response.json<CallResponse>();
}

beforeAll(async () => {
  test = await startTestPlayground({ apiKey: API_KEY });
  ({ playground, fake } = test);
});

afterAll(async () => {
  await test?.close();
});

describe("security: refusals over real HTTP", () => {
  it.each([
    ["a DNS-rebinding host name", "evil.example"],
    ["a rebinding host name with our port", "evil.example:PORT"],
    ["our address on another port", "127.0.0.1:1"],
    ["localhost without the port", "localhost"],
    ["0.0.0.0 with our port", "0.0.0.0:PORT"],
  ])("refuses %s in Host, for the API and for the page", async (_, host) => {
    const headers = pageHeaders({ host: host.replace("PORT", String(playground.port)) });
    for (const path of ["/api/state", "/"]) {
      const response = await send({ path, headers });
      expect(response.status).toBe(403);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("bad-host");
    }
  });

  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["localhost", "localhost"],
  ])("answers Host %s with our port", async (_, name) => {
    const response = await send({ path: "/api/state", headers: pageHeaders({ host: `${name}:${playground.port}` }) });
    expect(response.status).toBe(200);
  });

  it.each([
    ["another site", "http://evil.example"],
    ["our host on another port", "http://127.0.0.1:1"],
    ["the other name of our host (not this page's origin)", "http://localhost:PORT"],
    ["https instead of http", "https://127.0.0.1:PORT"],
    ["an opaque origin", "null"],
  ])("refuses a POST whose Origin is %s", async (_, origin) => {
    for (const path of ["/api/call", "/api/events", "/api/call/cancel", "/api/servers/restart", "/api/approve"]) {
      const response = await send({
        method: "POST",
        path,
        headers: postHeaders({ origin: origin.replace("PORT", String(playground.port)) }),
        body: { tool: "demo__divide", arguments: '{"dividend":1,"divisor":1}', strict: "auto", api: "chat" },
      });
      expect(response.status).toBe(403);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("bad-origin");
    }
  });

  it("refuses a POST without an Origin", async () => {
    const headers = postHeaders();
    delete headers["origin"];
    for (const path of ["/api/call", "/api/events", "/api/call/cancel", "/api/servers/restart", "/api/approve"]) {
      const response = await send({
        method: "POST",
        path,
        headers,
        body: { tool: "demo__divide", arguments: "{}", strict: "auto", api: "chat" },
      });
      expect(response.status).toBe(403);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("bad-origin");
    }
  });

  it(
    "refuses the event stream to a rebinding Host, and as a GET (EventSource's way: it could carry no " + "token)",
    async () => {
      const rebinding = await send({
        method: "POST",
        path: "/api/events",
        headers: postHeaders({ host: `evil.example:${playground.port}` }),
        body: {},
      });
      expect(rebinding.status).toBe(403);
      expect(rebinding.json<{ error: { code: string } }>().error.code).toBe("bad-host");
      const get = await send({ path: "/api/events", headers: pageHeaders() });
      expect(get.status).toBe(404);
    },
  );

  it("refuses a POST that is not JSON (what a cross-site form could send)", async () => {
    const response = await send({
      method: "POST",
      path: "/api/call",
      headers: postHeaders({ "content-type": "text/plain" }),
      body: "{}",
    });
    expect(response.status).toBe(415);
  });

  it.each(["OPTIONS", "PUT", "DELETE", "PATCH"])("refuses %s (no CORS preflight can succeed)", async (method) => {
    const response = await send({
      method,
      path: "/api/call",
      headers: postHeaders({ "access-control-request-method": "POST" }),
    });
    expect(response.status).toBe(405);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it.each([
    ["no token", {}, "missing-token"],
    ["a wrong token", { authorization: "Bearer not-the-token" }, "wrong-token"],
    ["an empty bearer", { authorization: "Bearer " }, "missing-token"],
    ["a wrong X-Playground-Token", { "x-playground-token": "not-the-token" }, "wrong-token"],
    ["the token in a cookie", { cookie: "token=TOKEN" }, "missing-token"],
  ])("refuses an API request with %s", async (_, extra: { [name: string]: string }, code) => {
    const headers: { [name: string]: string } = { host: `127.0.0.1:${playground.port}` };
    for (const [name, value] of Object.entries(extra)) headers[name] = value.replace("TOKEN", playground.token);
    for (const [method, path] of [
      ["GET", "/api/state"],
      ["GET", "/api/tools"],
      ["POST", "/api/call"],
      ["POST", "/api/events"],
      ["POST", "/api/call/cancel"],
      ["POST", "/api/servers/restart"],
      ["POST", "/api/approve"],
    ] as const) {
      const response = await send({
        method,
        path,
        headers:
          method === "POST"
            ? { ...headers, origin: `http://127.0.0.1:${playground.port}`, "content-type": "application/json" }
            : headers,
        ...(method === "POST" ? { body: { tool: "demo__divide", arguments: "{}", strict: "auto", api: "chat" } } : {}),
      });
      expect(response.status).toBe(401);
      expect(response.json<{ error: { code: string } }>().error.code).toBe(code);
    }
  });

  it("does not take the token from the query string", async () => {
    const response = await send({
      path: `/api/state?token=${playground.token}`,
      headers: { host: `127.0.0.1:${playground.port}` },
    });
    expect(response.status).toBe(401);
  });

  it("takes the token from X-Playground-Token too", async () => {
    const response = await send({
      path: "/api/state",
      headers: { host: `127.0.0.1:${playground.port}`, "x-playground-token": playground.token },
    });
    expect(response.status).toBe(200);
  });

  it("serves the page without the token, with a strict CSP and no referrer", async () => {
    const response = await send({ path: "/", headers: { host: `127.0.0.1:${playground.port}` } });
    // 200 when the page is built, 503 with instructions when it is not: neither leaks anything.
    expect([200, 503]).toContain(response.status);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    if (response.status === 200) expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("has no API that starts a server", async () => {
    for (const path of ["/api/servers", "/api/start", "/api/connect"]) {
      const response = await send({
        method: "POST",
        path,
        headers: postHeaders(),
        body: { command: "touch", args: ["/tmp/pwned"] },
      });
      expect(response.status).toBe(404);
    }
  });
});

describe("state and tools", () => {
  it("lists both real servers as ready and the broken one as failed, with why", async () => {
    const state = (await send({ path: "/api/state", headers: pageHeaders() })).json<StateResponse>();
    const byName = Object.fromEntries(state.servers.map((server) => [server.name, server]));
    expect(byName["demo"]).toMatchObject({ status: "ready", transport: "stdio", toolCount: 9 });
    expect(byName["everything"]).toMatchObject({ status: "ready", transport: "stdio" });
    expect(byName["everything"]?.toolCount).toBeGreaterThan(5);
    expect(byName["broken"]).toMatchObject({ status: "failed", toolCount: 0 });
    expect(byName["broken"]?.error).toContain("command not found");
    expect(byName["broken"]).toMatchObject({
      target: "x-playground-no-such-command --token [hidden]",
      hidden: ["env API_TOKEN"],
    });
    expect(state.openai).toEqual({
      configured: true,
      baseUrl: fake.baseURL,
      model: "fake-model",
      scriptedModel: "scripted",
      withheldTools: [expect.objectContaining({ name: "everything__gzip-file-as-resource" })],
    });
  });

  it("lists the tools of both servers, each in both APIs' shapes", async () => {
    const tools = (await send({ path: "/api/tools?strict=auto", headers: pageHeaders() })).json<ToolsResponse>();
    const names = tools.tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "demo__search_books",
        "demo__create_event",
        "everything__echo",
        "everything__get-tiny-image",
      ]),
    );
    const search = tools.tools.find((tool) => tool.name === "demo__search_books");
    expect(search).toMatchObject({
      server: "demo",
      toolName: "search_books",
      strict: true,
      fallback: null,
      excluded: null,
    });
    expect(search?.chat).toMatchObject({ type: "function", function: { name: "demo__search_books", strict: true } });
    expect(search?.responses).toMatchObject({ type: "function", name: "demo__search_books", strict: true });
    expect(search?.nullPaths).toEqual(expect.arrayContaining([["genre"], ["max_results"], ["sort"]]));
    expect(search?.example).toEqual({ query: "history", genre: null, max_results: null, sort: null });
  });

  it("gives the Responses tools in each form, deferred ones far smaller than the rest", async () => {
    const { tools, responsesForms } = (
      await send({ path: "/api/tools?strict=auto", headers: pageHeaders() })
    ).json<ToolsResponse>();
    const byName = Object.fromEntries(responsesForms.map((form) => [form.name, form]));
    expect(Object.keys(byName)).toEqual(["functions", "namespaces", "deferred-hosted", "deferred-client"]);
    expect(byName["functions"]?.loading).toMatchObject({ upFront: tools.length, deferred: 0 });
    expect(byName["deferred-client"]?.loading).toMatchObject({ upFront: 0, deferred: tools.length });
    const client = byName["deferred-client"]?.loading;
    expect(client !== undefined && client.bytes * 5 < client.bytesWithoutDeferral).toBe(true);
    expect(JSON.stringify(byName["namespaces"]?.tools)).toContain('"type":"namespace"');
  });

  it("reports the renamed tool and why", async () => {
    const tools = (await send({ path: "/api/tools", headers: pageHeaders() })).json<ToolsResponse>();
    const weather = tools.tools.find((tool) => tool.toolName === "weather.forecast");
    expect(weather?.name).toMatch(/^demo__weather_forecast/);
    expect(weather?.renamed).toContain("invalid-characters");
  });

  it("reports null paths through arrays with a null segment", async () => {
    const tools = (await send({ path: "/api/tools", headers: pageHeaders() })).json<ToolsResponse>();
    const event = tools.tools.find((tool) => tool.name === "demo__create_event");
    expect(event?.nullPaths).toEqual(
      expect.arrayContaining([["start", "time"], ["attendees", null, "name"], ["location"]]),
    );
  });

  it.each([
    ["auto", "fallback", false],
    ["true", "excluded", null],
  ] as const)(
    "under strict %s, the oneOf is a %s with the path and keyword, and the open map is strict (encoded)",
    async (strict, field, sentStrict) => {
      const tools = (await send({ path: `/api/tools?strict=${strict}`, headers: pageHeaders() })).json<ToolsResponse>();
      const labels = tools.tools.find((tool) => tool.name === "demo__set_labels");
      const shape = tools.tools.find((tool) => tool.name === "demo__draw_shape");
      expect(shape?.strict).toBe(sentStrict);
      expect(shape?.[field]?.keyword).toBe("oneOf");
      // The path names the schema that holds the keyword.
      expect(shape?.[field]?.path).toEqual(["properties", "shape"]);
      expect(labels?.strict).toBe(true);
      expect(labels?.[field]).toBeNull();
    },
  );

  it.each(["chat", "responses"] as const)(
    "parses a free-form value sent as JSON text before the server sees it (%s)",
    async (api) => {
      const result = await call("demo__save_setting", { name: "theme", value: '{"dark":true}' }, api);
      expect(result.rejected).toBeNull();
      expect(result.sent).toEqual({
        server: "demo",
        params: { name: "save_setting", arguments: { name: "theme", value: { dark: true } } },
      });
      const broken = await call("demo__save_setting", { name: "theme", value: "{dark}" }, api);
      expect(broken.sent).toBeNull();
      expect(JSON.stringify(broken.rejected)).toContain("arguments-not-restorable");
    },
  );

  it.each(["chat", "responses"] as const)(
    "restores an open map sent as key/value entries before the server sees it (%s)",
    async (api) => {
      const result = await call("demo__set_labels", { resource: "r1", labels: [{ key: "team", value: "blue" }] }, api);
      expect(result.rejected).toBeNull();
      expect(result.sent).toEqual({
        server: "demo",
        params: { name: "set_labels", arguments: { resource: "r1", labels: { team: "blue" } } },
      });
    },
  );

  it.each([
    ["demo__set_labels", { resource: "report-42", labels: { key: "blue" } }],
    ["demo__save_setting", { name: "example", value: {} }],
  ])(
    "pre-fills %s with an example in the model's form: encodeArguments of one in the original shape",
    async (name, inOriginalShape) => {
      const { tools } = (await send({ path: "/api/tools?strict=auto", headers: pageHeaders() })).json<ToolsResponse>();
      const tool = tools.find((candidate) => candidate.name === name);
      const plan = strictSchema(tool?.inputSchema ?? null, { encode: true });
      expect(plan.ok).toBe(true);
      if (!plan.ok) return;
      expect(tool?.example).toEqual(encodeArguments(inOriginalShape, plan));
      // Sent as it is, the example is restored to the value in the original shape.
      const result = await call(name, tool?.example);
      expect(result.rejected).toBeNull();
      expect(result.sent).toEqual({
        server: "demo",
        params: { name: name.replace("demo__", ""), arguments: inOriginalShape },
      });
    },
  );

  it("under strict false, sends every tool as listed", async () => {
    const tools = (await send({ path: "/api/tools?strict=false", headers: pageHeaders() })).json<ToolsResponse>();
    expect(tools.tools.every((tool) => tool.strict === false && tool.nullPaths.length === 0)).toBe(true);
  });

  it("refuses an unknown strict setting", async () => {
    expect((await send({ path: "/api/tools?strict=maybe", headers: pageHeaders() })).status).toBe(400);
  });
});

describe("a call written by the user, run through executeToolCalls", () => {
  it.each(["chat", "responses"] as const)(
    "strips the null of an omitted optional argument before the server sees it (%s)",
    async (api) => {
      const result = await call(
        "demo__search_books",
        { query: "the", genre: "fiction", max_results: null, sort: null },
        api,
      );
      expect(result.rejected).toBeNull();
      expect(result.sent).toEqual({
        server: "demo",
        params: { name: "search_books", arguments: { query: "the", genre: "fiction" } },
      });
      expect(JSON.stringify(result.result)).toContain("The Left Hand of Darkness");
      expect(result.outputs.chat).toMatchObject({ role: "tool", tool_call_id: result.callId });
      expect(result.outputs.responses).toMatchObject({ type: "function_call_output", call_id: result.callId });
      expect(result.events.map((event) => event.type)).toEqual(["tool-call-start", "tool-call-end"]);
      expect(result.events[1]?.durationMs).toBeGreaterThanOrEqual(0);
    },
  );

  it("strips nulls inside nested objects and array elements", async () => {
    const result = await call("demo__create_event", {
      title: "Review",
      start: { date: "2025-06-01", time: null },
      location: null,
      attendees: [{ email: "a@example.com", name: null, optional: true }],
      reminder_minutes: null,
    });
    expect(result.sent?.params).toEqual({
      name: "create_event",
      arguments: {
        title: "Review",
        start: { date: "2025-06-01" },
        attendees: [{ email: "a@example.com", optional: true }],
      },
    });
  });

  it("gives an image to Responses as input_image and to Chat as a placeholder", async () => {
    const result = await call("demo__plot_bars", { values: [3, 1, 4], colour: null }, "chat");
    const responses = result.outputs.responses as { output: { type: string; image_url?: string }[] };
    expect(responses.output.map((part) => part.type)).toEqual(["input_text", "input_image"]);
    expect(responses.output[1]?.image_url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect((result.outputs.chat as { content: string }).content).toMatch(/\[image: image\/png, \d+ bytes\]/);
  });

  it("tells the model about a tool error (isError)", async () => {
    const result = await call("demo__divide", { dividend: 1, divisor: 0 });
    expect(result.result).toMatchObject({ isError: true });
    expect(result.transportError).toBeNull();
    expect(JSON.stringify(result.outputs.responses)).toContain("Error: Cannot divide 1 by zero");
    expect((result.outputs.chat as { content: string }).content).toMatch(/^Error: Cannot divide/);
  });

  it("runs a tool of server-everything", async () => {
    const result = await call("everything__get-sum", { a: 2, b: 3 }, "chat");
    expect(result.sent?.server).toBe("everything");
    expect((result.outputs.chat as { content: string }).content).toContain("5");
  });

  it(
    "records the slow tool's progress as the executor's tool-call-progress events, between start and " + "end",
    async () => {
      const result = await call("demo__slow_count", { to: 3, delay_ms: 20 });
      const types = result.events.map((event) => event.type);
      // The SDK may drop the last notification when it races the result: at least one arrives, in between.
      expect(types[0]).toBe("tool-call-start");
      expect(types.at(-1)).toBe("tool-call-end");
      expect(types.slice(1, -1).length).toBeGreaterThan(0);
      const progress = result.events.slice(1, -1);
      expect(progress.every((event) => event.type === "tool-call-progress")).toBe(true);
      expect(progress[0]?.summary).toBe("demo__slow_count: progress 1 of 3 — counted 1");
      expect(progress[0]?.event).toMatchObject({
        name: "demo__slow_count",
        server: "demo",
        toolName: "slow_count",
        progress: 1,
        total: 3,
      });
      const times = result.events.map((event) => event.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    },
  );

  it.each([
    ["an unknown tool", "demo__no_such_tool", "{}", "unknown-tool"],
    ["arguments that are not JSON", "demo__divide", '{"dividend": 1,', "arguments-not-json"],
    ["arguments that are not an object", "demo__divide", "[1, 2]", "arguments-not-object"],
  ])("rejects %s without calling any server, and answers it in both shapes", async (_, tool, args, code) => {
    const result = await call(tool, args);
    expect(result.rejected?.code).toBe(code);
    expect(result.sent).toBeNull();
    expect(result.outputs.chat).toMatchObject({ role: "tool", tool_call_id: result.callId });
    expect(result.outputs.responses).toMatchObject({ type: "function_call_output", call_id: result.callId });
    expect(result.events.map((event) => event.type)).toEqual(["tool-call-rejected"]);
  });

  it("answers a client tool_search over the deferred tools, without any server", async () => {
    const result = await call("tool_search", { query: "divide two numbers" });
    expect(result.search?.found[0]).toBe("demo__divide");
    expect(result.sent).toBeNull();
    expect(result.outputs.responses).toMatchObject({
      type: "tool_search_output",
      call_id: result.callId,
      execution: "client",
    });
    const broken = await call("tool_search", { q: 1 });
    expect(broken.search).toMatchObject({ found: [] });
    expect(broken.search?.reason).not.toBeNull();
  });

  it("refuses a malformed request", async () => {
    const response = await send({ method: "POST", path: "/api/call", headers: postHeaders(), body: { tool: 1 } });
    expect(response.status).toBe(400);
    const badRunId = await send({
      method: "POST",
      path: "/api/call",
      headers: postHeaders(),
      body: { tool: "demo__divide", arguments: "{}", strict: "auto", api: "chat", runId: "../x y" },
    });
    expect(badRunId.status).toBe(400);
  });
});

describe("live: the event stream and cancelling a call", () => {
  /** Starts demo__slow_count with the page's `runId`; resolves with the answer once it is over. */
  function startSlowCount(args: { to: number; delay_ms: number }, runId: string): Promise<RawResponse> {
    return send({
      method: "POST",
      path: "/api/call",
      headers: postHeaders(),
      body: { tool: "demo__slow_count", arguments: JSON.stringify(args), strict: "auto", api: "chat", runId },
    });
  }

  it("opens with the servers' state, then pushes a call's events as they happen", async () => {
    const stream = await openTestEventStream(playground.port, postHeaders());
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toContain("text/event-stream");
      const first = await stream.next();
      expect(first.type === "state" && first.state.servers.map((server) => server.name)).toEqual([
        "demo",
        "everything",
        "broken",
      ]);
      const pending = startSlowCount({ to: 3, delay_ms: 200 }, "run-live-1");
      // The first progress report arrives while the call still runs (it takes 600 ms).
      const progress = await stream.next(
        (event) => event.type === "call-event" && event.event.type === "tool-call-progress",
      );
      let finished = false;
      void pending.then(() => (finished = true));
      expect(finished).toBe(false);
      expect(progress).toMatchObject({
        type: "call-event",
        runId: "run-live-1",
        event: { summary: "demo__slow_count: progress 1 of 3 — counted 1" },
      });
      expect((await pending).status).toBe(200);
    } finally {
      stream.close();
    }
  });

  it(
    "cancels a running call: answered aborted, and the SDK's notifications/cancelled is in the " + "telemetry",
    async () => {
      const stream = await openTestEventStream(playground.port, postHeaders());
      try {
        const pending = startSlowCount({ to: 10, delay_ms: 1000 }, "run-cancel-1");
        await stream.next(
          (event) =>
            event.type === "call-event" && event.runId === "run-cancel-1" && event.event.type === "tool-call-start",
        );
        const cancel = await send({
          method: "POST",
          path: "/api/call/cancel",
          headers: postHeaders(),
          body: { runId: "run-cancel-1" },
        });
        expect(cancel.status).toBe(200);
        const result = (await pending).json<CallResponse>();
        expect(result.transportError).toContain("aborted");
        const cancelled = result.events.find((event) => event.type === "mcp-cancelled");
        expect(cancelled?.event).toMatchObject({ method: "notifications/cancelled" });
        expect(typeof (cancelled?.event as { params?: { requestId?: unknown } } | undefined)?.params?.requestId).toBe(
          "number",
        );
        expect(result.events.map((event) => event.type)).toContain("tool-call-error");
      } finally {
        stream.close();
      }
    },
  );

  it("restarts a configured server (a new process, its tools back), and no other", async () => {
    const before = playground.pool.servers.status["demo"];
    const response = await send({
      method: "POST",
      path: "/api/servers/restart",
      headers: postHeaders(),
      body: { name: "demo" },
    });
    expect(response.status).toBe(200);
    const after = playground.pool.servers.status["demo"];
    expect(after?.state).toBe("ready");
    expect(after?.state === "ready" && before?.state === "ready" && after.pid !== before.pid).toBe(true);
    expect(response.json<StateResponse>().servers.find((server) => server.name === "demo")).toMatchObject({
      status: "ready",
      restartable: true,
    });
    expect((await call("demo__divide", { dividend: 6, divisor: 3 })).outputs.chat).toMatchObject({ content: "2" });
    for (const body of [
      { name: "nope" },
      { name: "touch /tmp/pwned" },
      { command: "touch", args: ["/tmp/pwned"] },
      {},
    ]) {
      const refused = await send({ method: "POST", path: "/api/servers/restart", headers: postHeaders(), body });
      expect(refused.status).toBe(404);
    }
  });

  it("restarts a running server: its tools are listed as unavailable meanwhile, then run again", async () => {
    const stream = await openTestEventStream(playground.port, postHeaders());
    try {
      const demoIs =
        (status: string) =>
        (event: PushedEvent): boolean =>
          event.type === "state" && event.state.servers.find((server) => server.name === "demo")?.status === status;
      await stream.next(demoIs("ready"));
      const restarted = send({
        method: "POST",
        path: "/api/servers/restart",
        headers: postHeaders(),
        body: { name: "demo" },
      });
      await stream.next(demoIs("restarting"));
      const during = (await send({ path: "/api/tools?strict=auto", headers: pageHeaders() })).json<ToolsResponse>();
      expect(during.tools.find((tool) => tool.name === "demo__divide")?.unavailable).toContain(
        'server "demo" is not running',
      );
      expect((await restarted).status).toBe(200);
      const after = (await send({ path: "/api/tools?strict=auto", headers: pageHeaders() })).json<ToolsResponse>();
      expect(after.tools.find((tool) => tool.name === "demo__divide")?.unavailable).toBeNull();
      expect((await call("demo__divide", { dividend: 8, divisor: 2 })).outputs.chat).toMatchObject({ content: "4" });
    } finally {
      stream.close();
    }
  });

  it("five restarts of one server at once start one new process, and each is answered", async () => {
    // Its own playground, whose log says each start: one "restarting" line per new process.
    const lines: string[] = [];
    const own = await startPlayground({
      servers: [demoServerSpec()],
      port: 0,
      logger: { info: (line) => void lines.push(line), error: (line) => void lines.push(line) },
    });
    try {
      const headers = {
        host: `127.0.0.1:${own.port}`,
        authorization: `Bearer ${own.token}`,
        origin: `http://127.0.0.1:${own.port}`,
        "content-type": "application/json",
      };
      const before = own.pool.servers.status["demo"];
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          rawRequest(own.port, { method: "POST", path: "/api/servers/restart", headers, body: '{"name":"demo"}' }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const after = own.pool.servers.status["demo"];
      expect(before?.state === "ready" && after?.state === "ready" && after.pid !== before.pid).toBe(true);
      expect(lines.filter((line) => line.includes("restarting (asked for on the page)"))).toEqual([
        'MCP server "demo": restarting (asked for on the page).',
      ]);
      expect(lines.filter((line) => line.includes("is running again"))).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it("pushes a conversation's events while it runs, and stops it on cancel", async () => {
    const slowFake = await startFakeOpenAi({ name: "demo__slow_count", arguments: '{"to":10,"delay_ms":1000}' });
    const slow = await startPlayground({
      servers: [demoServerSpec()],
      port: 0,
      logger: silentLogger,
      openai: { apiKey: "sk-test-slow", baseURL: slowFake.baseURL, model: "fake-model" },
    });
    const headers = {
      host: `127.0.0.1:${slow.port}`,
      authorization: `Bearer ${slow.token}`,
      origin: `http://127.0.0.1:${slow.port}`,
      "content-type": "application/json",
    };
    const stream = await openTestEventStream(slow.port, headers);
    try {
      const body = JSON.stringify({
        api: "chat",
        strict: "auto",
        model: "fake-model",
        message: "count",
        transcript: [],
        runId: "chat-1",
      });
      const pending = rawRequest(slow.port, { method: "POST", path: "/api/chat", headers, body });
      await stream.next(
        (event) => event.type === "call-event" && event.runId === "chat-1" && event.event.type === "tool-call-start",
      );
      const cancel = await rawRequest(slow.port, {
        method: "POST",
        path: "/api/call/cancel",
        headers,
        body: '{"runId":"chat-1"}',
      });
      expect(cancel.status).toBe(200);
      const answer = (await pending).json<ChatResponse>();
      expect(answer.stopReason).toBe(
        "Stopped: you stopped it (the calls in flight or waiting for approval were answered as cancelled).",
      );
      expect(answer.events.map((event) => event.type)).toContain("tool-call-error");
    } finally {
      stream.close();
      await slow.close();
      await slowFake.close();
    }
  });

  it("answers a cancel of no running call with 404", async () => {
    const response = await send({
      method: "POST",
      path: "/api/call/cancel",
      headers: postHeaders(),
      body: { runId: "never-started" },
    });
    expect(response.status).toBe(404);
  });
});

describe("a conversation with runToolLoop against an OpenAI-compatible server", () => {
  it.each(["chat", "responses"] as const)("completes two turns (%s), every call answered", async (api) => {
    const response = await send({
      method: "POST",
      path: "/api/chat",
      headers: postHeaders(),
      body: { api, strict: "auto", model: "fake-model", message: "What is 84 / 2?", transcript: [] },
    });
    expect(response.status).toBe(200);
    const answer = response.json<ChatResponse>();
    expect(answer.modelError).toBeNull();
    expect(answer.turns).toHaveLength(2);
    expect(answer.turns[0]?.calls).toEqual([
      expect.objectContaining({ name: "demo__divide", arguments: '{"dividend":84,"divisor":2}' }),
    ]);
    expect(answer.turns[0]?.outputs).toHaveLength(1);
    expect(answer.finalText).toBe("The tool said: 42");
    expect(answer.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["strict-fallback", "turn-start", "tool-call-start", "tool-call-end", "turn-end"]),
    );
    // The strict tools went to the model, with strict always present.
    const sentTools = fake.requests.at(-1)?.body["tools"] as { strict?: boolean }[];
    expect(
      sentTools.every(
        (tool) => typeof (tool.strict ?? (tool as { function?: { strict?: boolean } }).function?.strict) === "boolean",
      ),
    ).toBe(true);
  });

  it.each(["chat", "responses"] as const)(
    "does not offer a real model the demo tools that fetch URLs (%s), and says so",
    async (api) => {
      const response = await send({
        method: "POST",
        path: "/api/chat",
        headers: postHeaders(),
        body: { api, strict: "auto", model: "fake-model", message: "What is 84 / 2?", transcript: [] },
      });
      expect(response.status).toBe(200);
      const sent = JSON.stringify(fake.requests.at(-1)?.body["tools"]);
      expect(sent).toContain("demo__divide");
      expect(sent).toContain("everything__echo");
      expect(sent).not.toContain("gzip-file-as-resource");
      const state = (await send({ path: "/api/state", headers: pageHeaders() })).json<StateResponse>();
      expect(state.openai.withheldTools).toEqual([
        {
          name: "everything__gzip-file-as-resource",
          reason: expect.stringContaining("fetches any http(s) URL") as string,
        },
      ]);
    },
  );

  it.each(["chat", "responses"] as const)(
    "keeps at most MAX_KEPT_BYTES of a huge model answer (%s), and says what was cut",
    async (api) => {
      const response = await send({
        method: "POST",
        path: "/api/chat",
        headers: postHeaders(),
        body: { api, strict: "auto", model: HUGE_ANSWER_MODEL, message: "Say a lot.", transcript: [] },
      });
      expect(response.status).toBe(200);
      // Three capped copies (the turn, the transcript, finalText) and the rest of the answer: not 3 MB.
      expect(response.body.length).toBeLessThan(4 * MAX_KEPT_BYTES);
      const answer = response.json<ChatResponse>();
      // The text kept: the cap less the marker and its line break. Cut twice: in the turn and in the transcript.
      const kept = MAX_KEPT_BYTES - Buffer.byteLength(cutMarker(HUGE_ANSWER_CHARS)) - 1;
      expect(answer.finalText).toBe(`${"x".repeat(kept)}\n${cutMarker(HUGE_ANSWER_CHARS - kept)}`);
      expect(answer.cutBytes).toBe(2 * (HUGE_ANSWER_CHARS - kept));
    },
  );

  it("sends the page at most MAX_KEPT_BYTES of a huge streamed answer, the cut marked", async () => {
    const stream = await openTestEventStream(playground.port, postHeaders());
    try {
      const body = {
        api: "responses",
        strict: "auto",
        model: HUGE_ANSWER_MODEL,
        message: "Say a lot.",
        transcript: [],
      };
      const response = await send({
        method: "POST",
        path: "/api/chat",
        headers: postHeaders(),
        body: { ...body, runId: "huge-stream" },
      });
      expect(response.status).toBe(200);
      // turn-end comes after the turn's pieces, on the same stream.
      await stream.next(
        (event) => event.type === "call-event" && event.runId === "huge-stream" && event.event.type === "turn-end",
      );
      const text = stream
        .seen()
        .flatMap((event) => (event.type === "model-delta" && event.runId === "huge-stream" ? [event.delta.delta] : []))
        .join("");
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_KEPT_BYTES);
      expect(text).toMatch(/^x{90000,}\n\[… cut by the playground: \d+ more bytes\]$/);
    } finally {
      stream.close();
    }
  });

  it("continues a conversation from the transcript it returned", async () => {
    const first = (
      await send({
        method: "POST",
        path: "/api/chat",
        headers: postHeaders(),
        body: { api: "chat", strict: "auto", model: "fake-model", message: "84 / 2?", transcript: [] },
      })
    ).json<ChatResponse>();
    const second = (
      await send({
        method: "POST",
        path: "/api/chat",
        headers: postHeaders(),
        body: { api: "chat", strict: "auto", model: "fake-model", message: "Again?", transcript: first.transcript },
      })
    ).json<ChatResponse>();
    expect(second.modelError).toBeNull();
    expect(second.transcript.length).toBe(first.transcript.length + 4);
  });

  it("reports a model error (unknown model) with its status, keeping the transcript", async () => {
    const response = await send({
      method: "POST",
      path: "/api/chat",
      headers: postHeaders(),
      body: { api: "responses", strict: "auto", model: UNKNOWN_MODEL, message: "hi", transcript: [] },
    });
    const answer = response.json<ChatResponse>();
    expect(answer.modelError).toMatchObject({ status: 404 });
    expect(answer.modelError?.message).toContain("does not exist");
    expect(answer.transcript).toEqual([]);
  });
});

describe("approvals: a call waits for the page's Approve or Deny", () => {
  /** Starts a conversation the page follows as `runId`; resolves with its answer once it is over. */
  function startChat(api: "chat" | "responses", runId: string, approval?: string): Promise<RawResponse> {
    return send({
      method: "POST",
      path: "/api/chat",
      headers: postHeaders(),
      body: { api, strict: "auto", model: "fake-model", message: "84 / 2?", transcript: [], runId, approval },
    });
  }

  const approvalOf = (runId: string) => (event: PushedEvent) =>
    event.type === "approval-request" && event.runId === runId;

  /** Runs `test` with the event stream open. */
  async function withEvents(test: (stream: TestEventStream) => Promise<void>): Promise<void> {
    const stream = await openTestEventStream(playground.port, postHeaders());
    try {
      await test(stream);
    } finally {
      stream.close();
    }
  }

  /** The call of run `runId` that waits for the page, once the page is told. */
  async function waitingCall(stream: TestEventStream, runId: string): Promise<ApprovalView> {
    const event = await stream.next(approvalOf(runId));
    if (event.type !== "approval-request") throw new Error(`not an approval request: ${event.type}`);
    return event.request;
  }

  async function approve(body: { runId: string; callId: string; allow: boolean; reason?: string }): Promise<number> {
    return (await send({ method: "POST", path: "/api/approve", headers: postHeaders(), body })).status;
  }

  it("tells each tool's verdict under every policy, from its annotations", async () => {
    const tools = (await send({ path: "/api/tools?strict=auto", headers: pageHeaders() })).json<ToolsResponse>().tools;
    const divide = tools.find((tool) => tool.name === "demo__divide");
    const createEvent = tools.find((tool) => tool.name === "demo__create_event");
    expect(divide?.annotations).toEqual({ readOnlyHint: true });
    expect(divide?.verdicts).toEqual({
      "ask-every-call": "asks",
      "ask-unless-read-only": "runs",
      "read-only-only": "runs",
      "run-everything": "runs",
    });
    expect(createEvent?.verdicts).toEqual({
      "ask-every-call": "asks",
      "ask-unless-read-only": "asks",
      "read-only-only": "denied",
      "run-everything": "runs",
    });
  });

  it.each(["chat", "responses"] as const)("shows the call to the page and runs it once approved (%s)", async (api) => {
    await withEvents(async (stream) => {
      const runId = `approve-${api}`;
      const pending = startChat(api, runId, "ask-every-call");
      const asked = await waitingCall(stream, runId);
      let finished = false;
      void pending.then(() => (finished = true));
      expect(asked).toMatchObject({
        name: "demo__divide",
        server: "demo",
        toolName: "divide",
        arguments: { dividend: 84, divisor: 2 },
        annotations: { readOnlyHint: true },
        policy: "ask-every-call",
      });
      // Nothing runs before the answer.
      expect(stream.seen().some((event) => event.type === "call-event" && event.event.type === "tool-call-start")).toBe(
        false,
      );
      expect(finished).toBe(false);
      const { callId } = asked;
      expect(await approve({ runId, callId, allow: true })).toBe(200);
      const answer = (await pending).json<ChatResponse>();
      expect(answer.finalText).toBe("The tool said: 42");
      // Answered once: a second answer finds nothing waiting.
      expect(await approve({ runId, callId, allow: false })).toBe(404);
    });
  });

  it("answers a denied call with the denial and its reason, which the model reads", async () => {
    await withEvents(async (stream) => {
      const pending = startChat("responses", "deny-1", "ask-every-call");
      const { callId } = await waitingCall(stream, "deny-1");
      expect(await approve({ runId: "deny-1", callId, allow: false, reason: "not today" })).toBe(200);
      const answer = (await pending).json<ChatResponse>();
      const denial = 'Error: The user did not allow the call to the tool "demo__divide": not today';
      expect(answer.turns[0]?.calls[0]?.returned).toBe(denial);
      expect(answer.finalText).toBe(`The tool said: ${denial}`);
      expect(answer.events.map((event) => event.type)).toContain("tool-call-denied");
      expect(answer.events.map((event) => event.type)).not.toContain("tool-call-start");
    });
  });

  it.each([
    ["ask-every-call", true],
    ["ask-unless-read-only", true],
    ["read-only-only", false],
    ["run-everything", false],
  ] as const)(
    "under %s, offers the model the URL-fetching demo tool: %s (only if its calls are asked)",
    async (approval, offered) => {
      await withEvents(async (stream) => {
        const runId = `withheld-${approval}`;
        const pending = startChat("chat", runId, approval);
        // Only ask-every-call asks about demo__divide (read-only): deny it, so the run ends.
        if (approval === "ask-every-call")
          expect(await approve({ runId, callId: (await waitingCall(stream, runId)).callId, allow: false })).toBe(200);
        expect((await pending).status).toBe(200);
        const sent = JSON.stringify(fake.requests.at(-1)?.body["tools"]);
        expect(sent).toContain("demo__divide");
        expect(sent.includes("gzip-file-as-resource")).toBe(offered);
      });
    },
  );

  it("runs a read-only tool without asking under ask-unless-read-only", async () => {
    await withEvents(async (stream) => {
      const answer = (await startChat("chat", "unless-read-only", "ask-unless-read-only")).json<ChatResponse>();
      expect(answer.finalText).toBe("The tool said: 42");
      expect(stream.seen().filter(approvalOf("unless-read-only"))).toEqual([]);
    });
  });

  it("Stop while a call waits ends the run with every call answered, and nothing left waiting", async () => {
    await withEvents(async (stream) => {
      const pending = startChat("chat", "stop-waiting", "ask-every-call");
      const { callId } = await waitingCall(stream, "stop-waiting");
      const cancel = await send({
        method: "POST",
        path: "/api/call/cancel",
        headers: postHeaders(),
        body: { runId: "stop-waiting" },
      });
      expect(cancel.status).toBe(200);
      const answer = (await pending).json<ChatResponse>();
      expect(answer.stopReason).toContain("you stopped it");
      expect(answer.turns[0]?.calls[0]?.returned).toBe(
        'Error: The tool "demo__divide" was not run, because the run was stopped.',
      );
      // The transcript answers the call: the next request would be accepted.
      const outputs = answer.transcript.filter(
        (item) => typeof item === "object" && item !== null && !Array.isArray(item) && item["role"] === "tool",
      );
      expect(outputs).toEqual([expect.objectContaining({ tool_call_id: callId })]);
      expect(await approve({ runId: "stop-waiting", callId, allow: true })).toBe(404);
    });
  });

  it("stops the run when the page goes away while a call waits, so nothing is left waiting", async () => {
    await withEvents(async (stream) => {
      const page = new AbortController();
      const body = JSON.stringify({
        api: "responses",
        strict: "auto",
        model: "fake-model",
        message: "84 / 2?",
        transcript: [],
        runId: "page-gone",
        approval: "ask-every-call",
      });
      const pending = rawRequest(playground.port, {
        method: "POST",
        path: "/api/chat",
        headers: postHeaders(),
        body,
        signal: page.signal,
      });
      const { callId } = await waitingCall(stream, "page-gone");
      page.abort();
      await expect(pending).rejects.toThrow();
      await stream.next(
        (event) => event.type === "call-event" && event.runId === "page-gone" && event.event.type === "turn-end",
      );
      expect(await approve({ runId: "page-gone", callId, allow: true })).toBe(404);
      // The run is over: its id can be used again.
      expect(
        (await send({ method: "POST", path: "/api/call/cancel", headers: postHeaders(), body: { runId: "page-gone" } }))
          .status,
      ).toBe(404);
    });
  });

  it("tries a policy on a call of the Run view: asks, then runs it or denies it", async () => {
    await withEvents(async (stream) => {
      const run = (runId: string): Promise<RawResponse> =>
        send({
          method: "POST",
          path: "/api/call",
          headers: postHeaders(),
          body: {
            tool: "demo__create_event",
            arguments: JSON.stringify({
              title: "Launch",
              start: { date: "2026-12-01", time: null },
              location: null,
              attendees: [],
              reminder_minutes: null,
            }),
            strict: "auto",
            api: "chat",
            runId,
            approval: "ask-unless-read-only",
          },
        });
      const denied = run("run-deny");
      const asked = await waitingCall(stream, "run-deny");
      const { callId } = asked;
      expect(asked.annotations).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
      });
      expect(await approve({ runId: "run-deny", callId, allow: false, reason: "wrong date" })).toBe(200);
      const result = (await denied).json<CallResponse>();
      const denial = 'Error: The user did not allow the call to the tool "demo__create_event": wrong date';
      expect(result.denied).toEqual({ reason: "wrong date", message: denial.slice("Error: ".length) });
      expect(result.sent).toBeNull();
      expect(result.outputs.chat).toMatchObject({ content: denial });
      expect(result.outputs.responses).toMatchObject({ output: denial });

      const allowed = run("run-allow");
      const again = await waitingCall(stream, "run-allow");
      expect(await approve({ runId: "run-allow", callId: again.callId, allow: true })).toBe(200);
      const ran = (await allowed).json<CallResponse>();
      expect(ran.denied).toBeNull();
      expect(ran.sent?.server).toBe("demo");
    });
  });

  it("denies without asking under read-only-only, saying why", async () => {
    const result = await send({
      method: "POST",
      path: "/api/call",
      headers: postHeaders(),
      body: {
        tool: "demo__save_setting",
        arguments: '{"name":"theme","value":"1"}',
        strict: "auto",
        api: "responses",
        approval: "read-only-only",
      },
    });
    expect(result.status).toBe(200);
    expect(result.json<CallResponse>().denied?.reason).toBe(READ_ONLY_ONLY_REASON);
  });

  it.each([
    ["an unknown policy", { approval: "ask-nobody", runId: "r-1" }, "approval must be one of"],
    ["a policy that asks, without a runId", { approval: "ask-every-call" }, "send a runId too"],
  ])("refuses %s", async (_, extra, message) => {
    for (const [path, body] of [
      ["/api/call", { tool: "demo__divide", arguments: "{}", strict: "auto", api: "chat", ...extra }],
      ["/api/chat", { api: "chat", strict: "auto", model: "m", message: "hi", transcript: [], ...extra }],
    ] as const) {
      const response = await send({ method: "POST", path, headers: postHeaders(), body });
      expect(response.status).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(message);
    }
  });

  it("refuses POST /api/approve with a rebinding Host, a body that is not JSON, or a malformed body", async () => {
    const body = { runId: "r", callId: "c", allow: true };
    const rebinding = await send({
      method: "POST",
      path: "/api/approve",
      headers: postHeaders({ host: `evil.example:${playground.port}` }),
      body,
    });
    expect(rebinding.status).toBe(403);
    const notJson = await send({
      method: "POST",
      path: "/api/approve",
      headers: postHeaders({ "content-type": "text/plain" }),
      body: JSON.stringify(body),
    });
    expect(notJson.status).toBe(415);
    for (const malformed of [{}, { runId: "r", callId: "c" }, { ...body, allow: "yes" }, { ...body, reason: 5 }]) {
      const response = await send({ method: "POST", path: "/api/approve", headers: postHeaders(), body: malformed });
      expect(response.status).toBe(400);
    }
    const nothing = await send({ method: "POST", path: "/api/approve", headers: postHeaders(), body });
    expect(nothing.status).toBe(404);
    expect(nothing.json<{ error: { code: string } }>().error.code).toBe("not-waiting");
  });
});

describe("streaming: the model's text and calls reach the page as they arrive", () => {
  it.each(["chat", "responses"] as const)("pushes each piece before the answer is over (%s)", async (api) => {
    const stream = await openTestEventStream(playground.port, postHeaders());
    const release = fake.holdStreams();
    try {
      const runId = `stream-${api}`;
      const deltas = (): ModelDelta[] =>
        stream.seen().flatMap((event) => (event.type === "model-delta" && event.runId === runId ? [event.delta] : []));
      const pending = send({
        method: "POST",
        path: "/api/chat",
        headers: postHeaders(),
        body: { api, strict: "auto", model: "fake-model", message: "84 / 2?", transcript: [], runId },
      });
      let finished = false;
      void pending.then(() => (finished = true));
      const first = await stream.next(
        (event) => event.type === "model-delta" && event.runId === runId && event.delta.type === "text",
      );
      // The fake holds the rest of the text: the page has a piece, and the answer is not over.
      expect(first).toMatchObject({ turn: 2, delta: { type: "text", delta: "The " } });
      expect(finished).toBe(false);
      // Turn 1's call arrived in pieces too, before it ran.
      const args = deltas().filter((delta) => delta.type === "arguments");
      expect(args.length).toBeGreaterThan(1);
      expect(args.map((delta) => delta.delta).join("")).toBe('{"dividend":84,"divisor":2}');
      expect(args.every((delta) => delta.type === "arguments" && delta.name === "demo__divide")).toBe(true);
      release();
      const answer = (await pending).json<ChatResponse>();
      expect(answer.finalText).toBe("The tool said: 42");
      const text = (): string[] => deltas().flatMap((delta) => (delta.type === "text" ? [delta.delta] : []));
      // The pieces come on the event stream, another connection than the answer: wait until they are all in.
      await stream.next((event) => event.type === "model-delta" && text().join("") === answer.finalText);
      expect(text().length).toBeGreaterThan(1);
      expect(fake.requests.at(-1)?.body["stream"]).toBe(true);
    } finally {
      release();
      stream.close();
    }
  });
});

describe("the scripted model", () => {
  const message = 'Divide 84 by 2, plot 3 1 4 1 5 as bars, and create an event "Launch" on 2025-06-01';

  it.each(["chat", "responses"] as const)(
    "answers with a key set (%s): three calls at once, a denial it reads, and nothing sent to the model server",
    async (api) => {
      const before = fake.requests.length;
      const ask = (text: string, transcript: unknown[]) =>
        send({
          method: "POST",
          path: "/api/chat",
          headers: postHeaders(),
          body: { api, strict: "auto", model: "scripted", message: text, transcript, approval: "read-only-only" },
        });
      const first = await ask(message, []);
      expect(first.status).toBe(200);
      const answer = first.json<ChatResponse>();
      expect(answer.modelError).toBeNull();
      expect(answer.turns.map((turn) => turn.calls.map((call) => call.name))).toEqual([
        ["demo__divide", "demo__plot_bars", "demo__create_event"],
        [],
      ]);
      expect(answer.turns[0]?.calls[2]?.returned).toContain("did not allow the call");
      expect(answer.finalText).toContain("- demo__divide returned “42”.");
      expect(answer.finalText).toContain("- demo__create_event: you did not allow it");
      // The transcript it returned carries the next message: the model reads only what came after it.
      const next = (await ask("What is 9 divided by 3?", [...answer.transcript])).json<ChatResponse>();
      expect(next.modelError).toBeNull();
      expect(next.finalText).toBe("Here is what the tools said:\n- demo__divide returned “3”.");
      expect(fake.requests.length).toBe(before);
    },
  );

  it("is the one model there is without a key: another model name is refused with 409", async () => {
    const keyless = await startPlayground({ servers: [demoServerSpec()], port: 0, logger: silentLogger });
    try {
      const headers = {
        host: `127.0.0.1:${keyless.port}`,
        origin: `http://127.0.0.1:${keyless.port}`,
        authorization: `Bearer ${keyless.token}`,
        "content-type": "application/json",
      };
      const chat = (model: string) =>
        rawRequest(keyless.port, {
          method: "POST",
          path: "/api/chat",
          headers,
          body: JSON.stringify({
            api: "chat",
            strict: "auto",
            model,
            message: "What is 8 divided by 2?",
            transcript: [],
          }),
        });
      const state = await rawRequest(keyless.port, { method: "GET", path: "/api/state", headers });
      expect((JSON.parse(state.body) as StateResponse).openai).toMatchObject({
        configured: false,
        model: "scripted",
        scriptedModel: "scripted",
      });
      const scripted = await chat("scripted");
      expect(scripted.status).toBe(200);
      expect((JSON.parse(scripted.body) as ChatResponse).finalText).toBe(
        "Here is what the tools said:\n- demo__divide returned “4”.",
      );
      const real = await chat("gpt-4.1-mini");
      expect(real.status).toBe(409);
      expect(real.body).toContain('only the scripted model (\\"scripted\\") answers without one');
    } finally {
      await keyless.close();
    }
  });
});

describe("the API key and the servers' secrets", () => {
  it("are used (the key is sent to the model server), and never in any answer to the page", async () => {
    // server-everything's get-env returns its process environment: the key must not be in it either.
    const env = await call("everything__get-env", {});
    expect(env.rejected).toBeNull();
    const page = await send({ path: "/", headers: { host: `127.0.0.1:${playground.port}` } });
    expect(page.status).toBeLessThan(600);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(40);
    for (const response of seen) {
      for (const secret of [API_KEY, ...BROKEN_SERVER_SECRETS]) {
        expect(response.body).not.toContain(secret);
        expect(JSON.stringify(response.headers)).not.toContain(secret);
      }
    }
  });
});
