import { adapter as chat } from "@x/openai-chat";
import type { ChatToolMessage } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { buildToolset, isToolError } from "@x/toolset";
import { describe, expect, it, vi } from "vitest";
import { TINY_PNG, useFaultServer } from "./__fixtures__/fault-server";
import { chatCompletion, responsesResponse } from "./__fixtures__/model-responses";
import type { CallSpec } from "./__fixtures__/model-responses";
import { executeToolCalls } from "./execute-tool-calls";
import type { ExecuteOptions } from "./execute-options";
import type { ToolCallEndEvent } from "./hook-events";
import type { McpClients } from "./mcp-client";
import type { PrepareOptions } from "@x/toolset";

const env = useFaultServer();

type ChatOptions = ExecuteOptions;

/** Runs `calls` as one chat completion through the Chat adapter, its tools prepared with `toolOptions`. */
function runChat(
  calls: readonly CallSpec[],
  options: ChatOptions = {},
  clients: McpClients = { faults: env.faults.client },
  toolOptions: PrepareOptions = {},
) {
  return executeToolCalls(chatCompletion(calls), chat.tools(env.toolset, toolOptions), clients, options);
}

const contents = (outputs: readonly ChatToolMessage[]) => outputs.map((o) => [o.tool_call_id, o.content]);

describe("executeToolCalls", () => {
  it("answers every call once, rejected ones included, in the order the model issued them", async () => {
    const { outputs, outcomes } = await runChat([
      ["c1", "faults__echo", { text: "hello" }],
      ["c2", "faults__nope", {}],
      ["c3", "faults__add", { a: 2, b: 3 }],
      ["c4", "faults__add", "{not json"],
      ["c5", "faults__echo", { text: "bye" }],
    ]);
    expect(outputs.map((o) => o.tool_call_id)).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(outputs.every((o) => o.role === "tool")).toBe(true);
    expect(contents(outputs)).toEqual([
      ["c1", "hello"],
      ["c2", expect.stringMatching(/^Error: .*faults__nope/)],
      ["c3", "5"],
      ["c4", expect.stringMatching(/^Error: /)],
      ["c5", "bye"],
    ]);
    expect(outcomes.map((o) => [o.callId, o.index, o.kind])).toEqual([
      ["c1", 0, "call"],
      ["c2", 1, "rejected"],
      ["c3", 2, "call"],
      ["c4", 3, "rejected"],
      ["c5", 4, "call"],
    ]);
    expect(outcomes.map((o) => (o.outcome instanceof Error ? o.outcome.code : "result"))).toEqual([
      "result",
      "unknown-tool",
      "result",
      "arguments-not-json",
      "result",
    ]);
    expect(outcomes.every((o) => o.output === outputs[outcomes.indexOf(o)])).toBe(true);
  });

  it("words every answer as the tools were prepared, rejected calls' too", async () => {
    const { outputs } = await runChat(
      [
        ["c1", "faults__throws", {}],
        ["c2", "faults__nope", {}],
        ["c3", "faults__add", "{not json"],
      ],
      {},
      undefined,
      { errorPrefix: "[tool error] " },
    );
    expect(contents(outputs)).toEqual([
      ["c1", "[tool error] the disk is on fire"],
      ["c2", expect.stringMatching(/^\[tool error\] There is no tool named "faults__nope"/)],
      ["c3", expect.stringMatching(/^\[tool error\] The arguments are not valid JSON/)],
    ]);
  });

  it("returns nothing for a response without calls, and calls no server", async () => {
    expect(await runChat([])).toEqual({
      outputs: [],
      outcomes: [],
      searches: [],
      pending: [],
      awaitingInput: [],
      items: [{ role: "assistant", content: "" }],
    });
    expect(env.faults.started).toEqual([]);
  });

  it("sends the original tool name and the arguments with strict-mode nulls stripped", async () => {
    // b is optional: strict mode makes the model send null for it, which the tool never sees.
    const { outputs } = await runChat([["c1", "faults__add", { a: 4, b: null }]]);
    expect(contents(outputs)).toEqual([["c1", "4"]]);
  });

  it("accepts the clients as a Map", async () => {
    const { outputs } = await runChat(
      [["c1", "faults__echo", { text: "map" }]],
      {},
      new Map([["faults", env.faults.client]]),
    );
    expect(contents(outputs)).toEqual([["c1", "map"]]);
  });

  it("answers with a Responses function_call_output through the Responses adapter, images as input_image", async () => {
    const { outputs } = await executeToolCalls(
      responsesResponse([
        ["r1", "faults__image", {}],
        ["r2", "faults__throws", {}],
      ]),
      responses.tools(env.toolset),
      { faults: env.faults.client },
    );
    expect(outputs).toEqual([
      {
        type: "function_call_output",
        call_id: "r1",
        output: [
          { type: "input_text", text: "before" },
          { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${TINY_PNG}` },
          { type: "input_text", text: "after" },
        ],
      },
      { type: "function_call_output", call_id: "r2", output: "Error: the disk is on fire" },
    ]);
  });
});

describe("every fault gets an error output for its call id", () => {
  it("a tool that throws: the server's isError result, with the error prefix", async () => {
    const { outputs, outcomes } = await runChat([["c1", "faults__throws", {}]]);
    expect(contents(outputs)).toEqual([["c1", "Error: the disk is on fire"]]);
    expect(outcomes[0]?.outcome).toMatchObject({ isError: true });
  });

  it("arguments the server refuses: its isError result", async () => {
    const { outputs } = await runChat([["c1", "faults__add", { a: "two" }]]);
    expect(outputs[0]?.content).toMatch(/^Error: .*Input validation error/s);
  });

  it("a call that outlives timeoutMs: a timeout error, and the server receives the cancellation", async () => {
    const { outputs, outcomes } = await runChat(
      [
        ["c1", "faults__slow", { ms: 60_000 }],
        ["c2", "faults__echo", { text: "unaffected" }],
      ],
      { timeoutMs: 50 },
    );
    expect(contents(outputs)).toEqual([
      [
        "c1",
        'Error: The tool "faults__slow" did not answer within 50 ms and was cancelled. Its effects, if any, are ' +
          "unknown.",
      ],
      ["c2", "unaffected"],
    ]);
    expect(outcomes[0]?.outcome).toMatchObject({ code: "timeout", fault: "tool" });
    await vi.waitFor(() =>
      expect(env.faults.cancelled).toMatchObject([
        { tool: "slow", reason: expect.stringMatching(/^TimeoutError/) as unknown },
      ]),
    );
  });

  it(
    "a timeout longer than the SDK's 60 s default is passed to the client, so the SDK does not cut it " + "short",
    async () => {
      const seen: unknown[] = [];
      const spy = {
        callTool: (
          params: { name: string },
          schema?: undefined,
          options?: { signal?: AbortSignal; timeout?: number },
        ) => {
          seen.push(options?.timeout, options?.signal instanceof AbortSignal);
          return env.faults.client.callTool(params, schema, options);
        },
      };
      await runChat([["c1", "faults__echo", { text: "x" }]], { timeoutMs: 120_000 }, { faults: spy });
      expect(seen).toEqual([120_000, true]);
    },
  );

  it("an abort through the signal: in-flight calls cancelled on the server, queued ones never sent", async () => {
    const controller = new AbortController();
    const run = runChat(
      [
        ["c1", "faults__slow", { ms: 60_000 }],
        ["c2", "faults__slow", { ms: 60_000 }],
        ["c3", "faults__slow", { ms: 60_000 }],
      ],
      { signal: controller.signal, concurrency: 2 },
    );
    await env.faults.whenStarted("slow", 2);
    controller.abort();
    const { outputs, outcomes } = await run;
    expect(contents(outputs)).toEqual([
      [
        "c1",
        'Error: The call to the tool "faults__slow" was cancelled before it finished, because the run was stopped. ' +
          "Its effects, if any, are unknown.",
      ],
      [
        "c2",
        'Error: The call to the tool "faults__slow" was cancelled before it finished, because the run was stopped. ' +
          "Its effects, if any, are unknown.",
      ],
      ["c3", 'Error: The tool "faults__slow" was not run, because the run was stopped.'],
    ]);
    expect(outcomes.map((o) => (o.outcome instanceof Error ? o.outcome.code : ""))).toEqual([
      "aborted",
      "aborted",
      "aborted",
    ]);
    await vi.waitFor(() =>
      expect(env.faults.cancelled.map((c) => c.reason)).toEqual([
        "AbortError: This operation was aborted",
        "AbortError: This operation was aborted",
      ]),
    );
    expect(env.faults.started).toEqual(["slow", "slow"]);
  });

  it("a signal aborted before the round: every call answered, none sent", async () => {
    const { outputs } = await runChat(
      [
        ["c1", "faults__echo", { text: "a" }],
        ["c2", "faults__echo", { text: "b" }],
      ],
      { signal: AbortSignal.abort() },
    );
    expect(outputs.map((o) => o.content)).toEqual([
      'Error: The tool "faults__echo" was not run, because the run was stopped.',
      'Error: The tool "faults__echo" was not run, because the run was stopped.',
    ]);
    expect(env.faults.started).toEqual([]);
  });

  it("a server that goes away mid-call: connection-closed for the call, the others answered", async () => {
    let echoed!: () => void;
    const echoDone = new Promise<void>((resolve) => (echoed = resolve));
    const run = runChat(
      [
        ["c1", "faults__slow", { ms: 60_000 }],
        ["c2", "faults__echo", { text: "still here" }],
      ],
      { hooks: { "tool-call-end": (event: ToolCallEndEvent) => void (event.callId === "c2" && echoed()) } },
    );
    await Promise.all([env.faults.whenStarted("slow"), echoDone]);
    await env.faults.closeServer();
    const { outputs, outcomes } = await run;
    expect(contents(outputs)).toEqual([
      [
        "c1",
        'Error: The connection to the MCP server of the tool "faults__slow" closed before it answered. Its effects, ' +
          "if any, are unknown.",
      ],
      ["c2", "still here"],
    ]);
    expect(outcomes[0]?.outcome).toMatchObject({ code: "connection-closed" });

    // The next round on the closed client: the call is never sent, and the output says it was not run.
    const next = await runChat([["c3", "faults__echo", { text: "anyone?" }]]);
    expect(next.outcomes[0]?.outcome).toMatchObject({ code: "connection-closed" });
    expect(contents(next.outputs)).toEqual([
      [
        "c3",
        'Error: The tool "faults__echo" was not run: the connection to its MCP server had closed before the call was ' +
          "sent.",
      ],
    ]);
  });

  it(
    "no client for the server: a no-client error, and no property of Object.prototype is taken for a " + "client",
    async () => {
      const { toolset: odd } = buildToolset({ constructor: [{ name: "make", inputSchema: { type: "object" } }] });
      const { outputs, outcomes } = await executeToolCalls(
        chatCompletion([["c1", "constructor__make", {}]]),
        chat.tools(odd),
        {},
      );
      expect(contents(outputs)).toEqual([
        [
          "c1",
          'Error: The tool "constructor__make" cannot run: no MCP client is configured for its server "constructor".',
        ],
      ]);
      expect(outcomes[0]?.outcome).toMatchObject({ code: "no-client", fault: "caller" });
    },
  );

  it("a client whose callTool throws synchronously: tool-failed", async () => {
    const broken = {
      callTool: () => {
        throw new TypeError("client not wired");
      },
    };
    const { outputs } = await runChat([["c1", "faults__echo", { text: "x" }]], {}, { faults: broken });
    expect(contents(outputs)).toEqual([["c1", 'Error: The tool "faults__echo" failed: client not wired']]);
  });

  it(
    "a client that ignores its options is still answered at the timeout; its late settlement is " + "absorbed",
    async () => {
      const deaf = { callTool: (params: { name: string }) => env.faults.client.callTool(params) };
      const { outcomes } = await runChat([["c1", "faults__slow", { ms: 60_000 }]], { timeoutMs: 20 }, { faults: deaf });
      expect(outcomes[0]?.outcome).toMatchObject({ code: "timeout" });
      // The abandoned request is still pending; closing rejects it (connection closed) after the round:
      // vitest fails the run on any unhandled rejection, so this also proves none escapes.
      await env.faults.close();
      await new Promise((resolve) => setTimeout(resolve, 10));
    },
  );
});

describe("concurrency", () => {
  it.each([
    { concurrency: 1, max: 1 },
    { concurrency: 3, max: 3 },
    { concurrency: undefined, max: 16 },
    { concurrency: Infinity, max: 20 },
  ])("never runs more than $concurrency calls at once (counted in the server)", async ({ concurrency, max }) => {
    const calls = Array.from({ length: 20 }, (_, i): CallSpec => [`c${i}`, "faults__busy", {}]);
    const { outputs } = await runChat(calls, concurrency === undefined ? {} : { concurrency });
    expect(outputs.map((o) => o.content)).toEqual(Array.from({ length: 20 }, () => "done"));
    expect(env.faults.load.max).toBe(max);
  });
});

describe("concurrency counts requests awaiting an answer, not what a server still runs", () => {
  it("a timed-out call frees its slot once its cancellation is sent, even to a server that ignores it", async () => {
    // A server whose tool ignores its signal and runs until the test lets it finish; the test reads
    // every message the server receives, in order.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = { running: 0, most: 0 };
    const server = new McpServer({ name: "stubborn", version: "1.0.0" });
    server.registerTool("work", { description: "Ignores cancellations." }, async () => {
      load.running++;
      load.most = Math.max(load.most, load.running);
      await gate;
      load.running--;
      return { content: [{ type: "text", text: "finally" }] };
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const received: string[] = [];
    const deliver = serverTransport.onmessage!;
    serverTransport.onmessage = (message, extra) => {
      const { method, id, params } = message as { method?: string; id?: number; params?: { requestId?: number } };
      if (method === "tools/call") received.push(`call ${id}`);
      if (method === "notifications/cancelled") received.push(`cancel ${params?.requestId}`);
      deliver(message, extra);
    };
    const client = new Client({ name: "executor-test", version: "1.0.0" });
    await client.connect(clientTransport);
    const { toolset } = buildToolset({ stubborn: (await client.listTools()).tools });

    try {
      const calls = Array.from({ length: 6 }, (_, i): CallSpec => [`c${i}`, "stubborn__work", {}]);
      const { outcomes } = await executeToolCalls(
        chatCompletion(calls),
        chat.tools(toolset),
        { stubborn: client },
        { concurrency: 1, timeoutMs: 50 },
      );
      expect(outcomes.map((o) => (o.outcome instanceof Error ? o.outcome.code : "result"))).toEqual(
        Array.from({ length: 6 }, () => "timeout"),
      );
      // One request awaiting an answer at a time: each call's cancellation goes out before the next call ...
      const ids = received.filter((line) => line.startsWith("call")).map((line) => Number(line.slice(5)));
      expect(ids).toHaveLength(6);
      expect(received).toEqual(ids.flatMap((id) => [`call ${id}`, `cancel ${id}`]));
      // ... but a server that ignores notifications/cancelled is running all six at once.
      await vi.waitFor(() => expect(load.running).toBe(6));
      expect(load.most).toBe(6);
    } finally {
      release();
      await vi.waitFor(() => expect(load.running).toBe(0));
      await client.close();
      await server.close();
    }
  });
});

const isCallerError = (error: unknown): boolean =>
  isToolError(error) && error.code === "invalid-options" && error.fault === "caller";

describe("options", () => {
  it.each([
    [{ concurrency: 0 }, /concurrency must be a positive integer or Infinity; got 0/],
    [{ concurrency: 1.5 }, /concurrency/],
    [{ timeoutMs: 0 }, /timeoutMs must be a number of milliseconds above 0/],
    [{ timeoutMs: Infinity }, /timeoutMs/],
    [{ maxOutputBytes: -1 }, /maxOutputBytes must be a non-negative integer or Infinity/],
    [{ signal: "stop" }, /signal must be an AbortSignal; got "stop"/],
    [{ approve: true }, /approve must be a function/],
  ])("refuses %o with a caller's ToolError (invalid-options) before any call runs", async (options, message) => {
    await expect(runChat([["c1", "faults__echo", { text: "x" }]], options as ChatOptions)).rejects.toThrow(message);
    await expect(runChat([["c1", "faults__echo", { text: "x" }]], options as ChatOptions)).rejects.toSatisfy(
      isCallerError,
    );
    expect(env.faults.started).toEqual([]);
  });

  it("refuses bad wording options when the tools are prepared, before any call can run", () => {
    expect(() => chat.tools(env.toolset, { structured: "bogus" as "auto" })).toThrow(
      /structured must be "auto", "prefer", "append" or "ignore"; got "bogus"/,
    );
    expect(() => chat.tools(env.toolset, { errorPrefix: 5 as unknown as string })).toThrow(
      /errorPrefix must be a string; got 5/,
    );
  });

  it("refuses what is not prepared tools, before any call runs", async () => {
    await expect(
      executeToolCalls(chatCompletion([["c1", "faults__echo", { text: "x" }]]), env.toolset as never, {
        faults: env.faults.client,
      }),
    ).rejects.toSatisfy(isCallerError);
    expect(env.faults.started).toEqual([]);
  });

  it("accepts every structured mode and any errorPrefix string", async () => {
    for (const structured of ["auto", "prefer", "append", "ignore"] as const) {
      const { outputs } = await runChat([["c1", "faults__throws", {}]], {}, undefined, { structured, errorPrefix: "" });
      expect(outputs[0]?.content).toBe("the disk is on fire");
    }
  });
});
