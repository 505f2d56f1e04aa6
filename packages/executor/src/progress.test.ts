import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { adapter as chat } from "@x/openai-chat";
import { buildToolset } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";
import { useFaultServer } from "./__fixtures__/fault-server";
import { chatCompletion } from "./__fixtures__/model-responses";
import { executeToolCalls } from "./execute-tool-calls";
import type { ExecuteOptions } from "./execute-options";
import type { ExecutorEvent, ToolCallProgressEvent } from "./hook-events";
import type { McpToolClient } from "./mcp-client";

/** The request options of a v1 client's callTool. */
type CallToolOptions = Parameters<Client["callTool"]>[2];

const env = useFaultServer();

/** The fault server's client, recording the request options the executor passes. */
function recordingClient(
  keep: (options: CallToolOptions | undefined) => CallToolOptions | undefined = (options) => options,
) {
  const options: (CallToolOptions | undefined)[] = [];
  const client: McpToolClient = {
    callTool: (params: Parameters<Client["callTool"]>[0], _schema?: undefined, given?: CallToolOptions) => {
      options.push(given);
      return env.faults.client.callTool(params, undefined, keep(given));
    },
  };
  return { client, options };
}

function runProgress(steps: number, everyMs: number, options: Omit<ExecuteOptions, "adapter">, client?: McpToolClient) {
  return executeToolCalls(
    chatCompletion([["p1", "faults__progress", { steps, everyMs }]]),
    chat.tools(env.toolset),
    { faults: client ?? env.faults.client },
    { ...options },
  );
}

describe("progress of a long tool", () => {
  it("emits a tool-call-progress event per notification, between the call's start and its end", async () => {
    const events: ExecutorEvent[] = [];
    const record = (event: ExecutorEvent): void => void events.push(event);
    const { outputs } = await runProgress(3, 5, {
      hooks: { "tool-call-start": record, "tool-call-progress": record, "tool-call-end": record },
    });
    expect(outputs).toEqual([{ role: "tool", tool_call_id: "p1", content: "done after 3 steps" }]);
    expect(events.map((e) => e.type)).toEqual([
      "tool-call-start",
      "tool-call-progress",
      "tool-call-progress",
      "tool-call-progress",
      "tool-call-end",
    ]);
    const start = events[0] as { executionId: string; timestamp: number };
    const progress = events.slice(1, 4) as ToolCallProgressEvent[];
    expect(progress).toEqual(
      [1, 2, 3].map((step) => ({
        type: "tool-call-progress",
        timestamp: expect.any(Number) as number,
        executionId: start.executionId,
        callId: "p1",
        index: 0,
        name: "faults__progress",
        server: "faults",
        toolName: "progress",
        progress: step,
        total: 3,
        message: `step ${step} of 3`,
      })),
    );
    for (const event of progress) {
      expect(Object.isFrozen(event)).toBe(true);
      expect(event.timestamp).toBeGreaterThanOrEqual(start.timestamp);
    }
  });

  it("without a progress hook and without resetTimeoutOnProgress, asks for no progress at all", async () => {
    const { client, options } = recordingClient();
    await runProgress(2, 1, { hooks: { "tool-call-end": () => {} }, timeoutMs: 10_000 }, client);
    expect(options).toEqual([{ signal: expect.any(AbortSignal) as unknown, timeout: 10_000 }]);
    expect(env.faults.progressTokens).toEqual([undefined]);
  });

  it("still times out without resetTimeoutOnProgress, however often the tool reports progress", async () => {
    const events: ExecutorEvent[] = [];
    const { outputs } = await runProgress(10, 50, {
      timeoutMs: 200,
      hooks: { "tool-call-progress": (e) => void events.push(e) },
    });
    expect(outputs[0]?.content).toBe(
      'Error: The tool "faults__progress" did not answer within 200 ms and was cancelled. Its effects, if any, are ' +
        "unknown.",
    );
    expect(events.length).toBeLessThan(10);
  });

  it(
    "with resetTimeoutOnProgress, each report restarts the timeout: passed to the SDK, and the executor's own " +
      "timer",
    async () => {
      const { client, options } = recordingClient();
      const { outputs } = await runProgress(10, 50, { timeoutMs: 200, resetTimeoutOnProgress: true }, client);
      expect(outputs[0]?.content).toBe("done after 10 steps");
      expect(options).toEqual([
        {
          signal: expect.any(AbortSignal) as unknown,
          timeout: 200,
          resetTimeoutOnProgress: true,
          onprogress: expect.any(Function) as unknown,
        },
      ]);
      expect(env.faults.progressTokens).toHaveLength(1);
      expect(env.faults.progressTokens[0]).not.toBeUndefined();
    },
  );

  it(
    "resets its own timer too: a client that keeps only signal and onprogress (the SDK's 60 s default, no reset) is " +
      "not cut at timeoutMs",
    async () => {
      const { client } = recordingClient((given) => ({
        ...(given?.signal === undefined ? {} : { signal: given.signal }),
        ...(given?.onprogress === undefined ? {} : { onprogress: given.onprogress }),
      }));
      const { outputs } = await runProgress(10, 50, { timeoutMs: 200, resetTimeoutOnProgress: true }, client);
      expect(outputs[0]?.content).toBe("done after 10 steps");
    },
  );

  it("reports nothing after the call is answered", async () => {
    const events: ExecutorEvent[] = [];
    let onprogress: NonNullable<CallToolOptions>["onprogress"];
    const client: McpToolClient = {
      callTool: (_params: unknown, _schema?: undefined, given?: CallToolOptions) => {
        onprogress = given?.onprogress;
        return Promise.resolve({ content: [{ type: "text", text: "quick" }] });
      },
    };
    await runProgress(1, 1, { hooks: { "tool-call-progress": (e) => void events.push(e) } }, client);
    onprogress?.({ progress: 1 });
    expect(events).toEqual([]);
  });

  it("refuses a resetTimeoutOnProgress that is not true or false", async () => {
    await expect(runProgress(1, 1, { resetTimeoutOnProgress: "yes" as unknown as boolean })).rejects.toThrow(
      /resetTimeoutOnProgress must be true or false/,
    );
  });
});

describe("server-everything's trigger-long-running-operation over stdio", () => {
  it("reports its steps, and with resetTimeoutOnProgress outlives a timeout shorter than its duration", async () => {
    const client = new Client({ name: "executor-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport(everythingServer));
    try {
      const { toolset } = buildToolset({ everything: (await client.listTools()).tools });
      const events: ToolCallProgressEvent[] = [];
      const { outputs } = await executeToolCalls(
        chatCompletion([["c1", "everything__trigger-long-running-operation", { duration: 0.6, steps: 3 }]]),
        chat.tools(toolset),
        { everything: client },
        { timeoutMs: 450, resetTimeoutOnProgress: true, hooks: { "tool-call-progress": (e) => void events.push(e) } },
      );
      expect(outputs).toEqual([
        {
          role: "tool",
          tool_call_id: "c1",
          content: "Long running operation completed. Duration: 0.6 seconds, Steps: 3.",
        },
      ]);
      // The last report can reach the client in the same read as the answer: the SDK then
      // handles the answer first and drops the report (its progress handler is gone).
      expect(events.map(({ progress, total }) => [progress, total])).toEqual(
        [
          [1, 3],
          [2, 3],
          [3, 3],
        ].slice(0, Math.max(2, events.length)),
      );
    } finally {
      await client.close();
    }
  });
});
