import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import { buildToolset } from "@x/toolset";
import type { PreparedTools } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { useFaultServer } from "./__fixtures__/fault-server";
import { chatCompletion } from "./__fixtures__/model-responses";
import { combineHooks } from "./combine-hooks";
import { createEmit } from "./emit";
import { executeToolCalls } from "./execute-tool-calls";
import type { ExecutorEvent, ExecutorHooks } from "./hook-events";
import { runToolLoop } from "./run-tool-loop";

const env = useFaultServer();

/** Hooks that record every event they receive. */
function recorder(): { events: ExecutorEvent[]; hooks: ExecutorHooks } {
  const events: ExecutorEvent[] = [];
  const record = (event: ExecutorEvent): void => void events.push(event);
  return {
    events,
    hooks: {
      "tool-call-start": record,
      "tool-call-end": record,
      "tool-call-error": record,
      "tool-call-rejected": record,
      "strict-fallback": record,
      "tool-excluded": record,
      "turn-start": record,
      "turn-end": record,
    },
  };
}

const round = chatCompletion([
  ["c1", "faults__echo", { text: "secret" }],
  ["c2", "faults__nope", { x: 1 }],
  ["c3", "faults__slow", { ms: 60_000 }],
]);

describe("hook events", () => {
  it("one frozen event per step: rejections first, then each call's start and its end or error", async () => {
    const { events, hooks } = recorder();
    await executeToolCalls(
      round,
      chat.tools(env.toolset),
      { faults: env.faults.client },
      { hooks, timeoutMs: 20, concurrency: 1 },
    );
    expect(events.map((e) => [e.type, "callId" in e ? e.callId : ""])).toEqual([
      ["tool-call-rejected", "c2"],
      ["tool-call-start", "c1"],
      ["tool-call-end", "c1"],
      ["tool-call-start", "c3"],
      ["tool-call-error", "c3"],
    ]);
    for (const event of events) expect(Object.isFrozen(event)).toBe(true);
    const [rejected, start, end, , error] = events;
    const executionId = (start as { executionId: string }).executionId;
    expect(rejected).toEqual({
      type: "tool-call-rejected",
      timestamp: expect.any(Number) as number,
      executionId,
      callId: "c2",
      index: 1,
      name: "faults__nope",
      error: expect.objectContaining({ code: "unknown-tool" }) as unknown,
    });
    const echo = {
      timestamp: expect.any(Number) as number,
      executionId,
      callId: "c1",
      index: 0,
      name: "faults__echo",
      server: "faults",
      toolName: "echo",
    };
    expect(start).toEqual({ type: "tool-call-start", ...echo, description: "Echoes its text." });
    expect(end).toEqual({
      type: "tool-call-end",
      ...echo,
      startTime: (start as { timestamp: number }).timestamp,
      durationMs: expect.any(Number) as number,
      isError: false,
      truncatedBytes: 0,
    });
    expect(error).toMatchObject({ type: "tool-call-error", callId: "c3", error: { code: "timeout" } });
    expect((error as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(15);
  });

  it("carries argument values and results only with includeValues", async () => {
    const seen: ExecutorEvent[][] = [];
    for (const includeValues of [false, true]) {
      const { events, hooks } = recorder();
      await executeToolCalls(
        chatCompletion([["c1", "faults__echo", { text: "secret" }]]),
        chat.tools(env.toolset),
        { faults: env.faults.client },
        { hooks, includeValues },
      );
      seen.push(events);
    }
    expect(JSON.stringify(seen[0])).not.toContain("secret");
    expect(seen[1]).toMatchObject([
      { type: "tool-call-start", arguments: { text: "secret" } },
      { type: "tool-call-end", result: { content: [{ type: "text", text: "secret" }] } },
    ]);
  });

  it("a hook that throws or rejects never disturbs execution", async () => {
    const hooks: ExecutorHooks = {
      "tool-call-start": () => {
        throw new Error("start hook broke");
      },
      "tool-call-end": () => Promise.reject(new Error("end hook rejected")),
      "tool-call-error": () => {
        throw new Error("error hook broke");
      },
      "tool-call-rejected": async () => {
        await Promise.resolve();
        throw new Error("rejected hook rejected");
      },
    };
    const { outputs } = await executeToolCalls(
      round,
      chat.tools(env.toolset),
      { faults: env.faults.client },
      { hooks, timeoutMs: 20 },
    );
    expect(outputs.map((o) => o.tool_call_id)).toEqual(["c1", "c2", "c3"]);
    expect(outputs[0]?.content).toBe("secret");
    // Let the rejected hook promises settle: an unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it("combineHooks calls each hooks object in order, isolated from the others' failures", () => {
    const seen: string[] = [];
    const hooks = combineHooks(
      { "turn-start": () => void seen.push("first") },
      undefined,
      {
        "turn-start": () => {
          throw new Error("second broke");
        },
      },
      { "turn-start": () => void seen.push("third"), "turn-end": () => void seen.push("end") },
    );
    expect(Object.keys(hooks).sort()).toEqual(["turn-end", "turn-start"]);
    createEmit(hooks)?.({ type: "turn-start", timestamp: 0, executionId: "1", turn: 1, inputLength: 0 });
    expect(seen).toEqual(["first", "third"]);
  });
});

describe("strict events of runToolLoop", () => {
  const { toolset: mixed } = buildToolset({
    files: [
      { name: "read", inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
      {
        name: "pick",
        inputSchema: { type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "number" }] } } },
      },
    ],
  });

  const names = (prepared: PreparedTools): string[] =>
    (prepared.tools as ({ function: { name: string } } | { name: string } | { type: string })[])
      .map((tool) => ("function" in tool ? tool.function.name : "name" in tool ? tool.name : tool.type))
      .sort();

  /** Runs one turn whose model answers at once, and gives the tools it was sent and the strict events. */
  async function firstTurn(api: "chat" | "responses", strict: "auto" | boolean) {
    const { events, hooks } = recorder();
    let sent: PreparedTools["tools"] = [];
    const servers = { toolset: mixed, clients: {} };
    if (api === "chat") {
      await runToolLoop({
        model: (_input, tools) => {
          sent = tools;
          return { choices: [{ message: { role: "assistant" as const, content: "Done." }, finish_reason: "stop" }] };
        },
        adapter: chat,
        servers,
        input: "Hi",
        tools: { strict },
        hooks,
      });
    } else {
      await runToolLoop({
        model: (_input, tools) => {
          sent = tools;
          return { output: [] };
        },
        adapter: responses,
        servers,
        input: [{ type: "message", role: "user", content: "Hi" }],
        tools: { strict },
        hooks,
      });
    }
    const prepared = (api === "chat" ? chat : responses).tools(mixed, { strict }) as PreparedTools;
    expect(sent).toEqual(prepared.tools);
    return { prepared, events: events.filter((e) => e.type === "strict-fallback" || e.type === "tool-excluded") };
  }

  it.each([
    { api: "chat" as const, strict: "auto" as const, type: "strict-fallback", sent: ["files__pick", "files__read"] },
    { api: "chat" as const, strict: true, type: "tool-excluded", sent: ["files__read"] },
    {
      api: "responses" as const,
      strict: "auto" as const,
      type: "strict-fallback",
      sent: ["files__pick", "files__read"],
    },
    { api: "responses" as const, strict: true, type: "tool-excluded", sent: ["files__read"] },
  ])(
    "$api, strict: $strict → one $type event with the schema path and keyword",
    async ({ api, strict, type, sent }) => {
      const { prepared, events } = await firstTurn(api, strict);
      expect(names(prepared)).toEqual(sent);
      expect(events).toEqual([
        {
          type,
          timestamp: expect.any(Number) as number,
          name: "files__pick",
          server: "files",
          toolName: "pick",
          path: ["properties", "v"],
          keyword: "oneOf",
          message: expect.any(String) as string,
        },
      ]);
    },
  );

  it("strict: false emits nothing", async () => {
    const { events } = await firstTurn("chat", false);
    expect(events).toEqual([]);
  });
});
