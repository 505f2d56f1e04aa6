// A long task is polled many times. The v1 SDK adds a listener to each
// request's signal and never removes it, as the client below does: the
// listeners must not pile up on one signal (the call's, or the one every call
// that cannot be stopped shares), one per poll.
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { callMcpTool } from "./call-mcp-tool";

const POLLS = 25;

/** A client whose tool runs as a task that is done at the `polls`-th `tasks/get`. */
function pollingClient(polls: number) {
  const signals: AbortSignal[] = [];
  let left = polls;
  return {
    signals,
    callTool: () => Promise.reject(new Error("a task tool is called through request()")),
    getServerCapabilities: () => ({ tasks: { requests: { tools: { call: {} } } } }),
    request: (request: { method: string }, _schema: unknown, options?: { signal?: AbortSignal }) => {
      if (options?.signal !== undefined) {
        signals.push(options.signal);
        options.signal.addEventListener("abort", () => {});
      }
      switch (request.method) {
        case "tools/call":
          return Promise.resolve({ task: { taskId: "t1", status: "working" } });
        case "tasks/get":
          left -= 1;
          return Promise.resolve({ taskId: "t1", status: left > 0 ? "working" : "completed", pollInterval: 1 });
        case "tasks/result":
          return Promise.resolve({ content: [{ type: "text", text: "done" }] });
        default:
          return Promise.reject(new Error(`unexpected ${request.method}`));
      }
    },
  };
}

const TASK_TOOL = { name: "research", execution: { taskSupport: "required" } };
const CALL = { server: "s", callId: "c1", name: "research", arguments: {} };
const listeners = (signal: AbortSignal): number => getEventListeners(signal, "abort").length;

describe("a task polled many times", () => {
  it("gives each request a signal of its own, and leaves none on the caller's", async () => {
    const client = pollingClient(POLLS);
    const caller = new AbortController();
    const outcome = await callMcpTool(client, CALL, { tool: TASK_TOOL, signal: caller.signal });
    expect(outcome).toMatchObject({ status: "complete", result: { content: [{ text: "done" }] } });
    // tools/call, every tasks/get, tasks/result
    expect(client.signals).toHaveLength(POLLS + 2);
    expect(new Set(client.signals).size).toBe(client.signals.length);
    expect(Math.max(...client.signals.map(listeners))).toBe(1);
    expect(listeners(caller.signal)).toBe(0);
  });

  it("hands the SDK no signal when nothing can stop the call", async () => {
    const client = pollingClient(POLLS);
    const outcome = await callMcpTool(client, CALL, { tool: TASK_TOOL });
    expect(outcome).toMatchObject({ status: "complete" });
    expect(client.signals).toEqual([]);
  });

  it("still cancels every request when the caller aborts", async () => {
    const client = pollingClient(Infinity);
    const caller = new AbortController();
    const calling = callMcpTool(client, CALL, { tool: TASK_TOOL, signal: caller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    caller.abort(new Error("stop"));
    await expect(calling).rejects.toThrow("stop");
    expect(client.signals.length).toBeGreaterThan(1);
    expect(client.signals.every((signal) => signal.aborted)).toBe(true);
  });
});
