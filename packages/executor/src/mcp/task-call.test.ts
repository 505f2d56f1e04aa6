// Tools that run as tasks, on @modelcontextprotocol/server-everything (an SDK
// 1.x server: 2025-11-25 tasks) over stdio, through both SDK generations'
// clients. Its simulate-research-query requires task-based execution: four
// stages of about a second each.
import { Client as V2Client } from "@modelcontextprotocol/client";
import { StdioClientTransport as V2StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { isToolError } from "@x/toolset";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { everythingServer } from "../__fixtures__/everything-server";
import { callMcpTool } from "./call-mcp-tool";
import type { McpToolDefinition } from "./call-mcp-tool";
import type { ElicitationRequest } from "./elicitation-request";
import type { McpProgress } from "./mcp-connection";

const CAPABILITIES = { capabilities: { elicitation: { form: {} } } };

function reportText(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]?.text ?? "";
}

async function research(
  client: V1Client | V2Client,
  tool: McpToolDefinition,
  args: { topic: string; ambiguous?: boolean },
  options: Parameters<typeof callMcpTool>[2],
): Promise<unknown> {
  const outcome = await callMcpTool(
    client,
    { server: "everything", callId: "c1", name: tool.name, arguments: args },
    {
      ...options,
      tool,
    },
  );
  if (outcome.status !== "complete") throw new Error("expected a complete call");
  return outcome.result;
}

describe("server-everything, v1 client: a tool that requires a task", () => {
  let client: V1Client;
  let tools: McpToolDefinition[];
  beforeAll(async () => {
    client = new V1Client({ name: "x-tests", version: "1.0.0" }, CAPABILITIES);
    await client.connect(new V1StdioClientTransport(everythingServer));
    ({ tools } = await client.listTools());
  });
  afterAll(async () => {
    await client.close();
  });
  const tool = (name: string): McpToolDefinition => tools.find((each) => each.name === name) as McpToolDefinition;
  const cancelledTasks = async (): Promise<{ statusMessage?: string | undefined }[]> =>
    (await client.experimental.tasks.listTasks()).tasks.filter((task) => task.status === "cancelled");

  it("is answered through a task, its stages reported as progress", async () => {
    const reports: McpProgress[] = [];
    const result = await research(
      client,
      tool("simulate-research-query"),
      { topic: "tides" },
      {
        onProgress: (progress) => reports.push(progress),
      },
    );
    expect(reportText(result)).toMatch(/^# Research Report: tides\n/);
    expect(reports.map((report) => report.message)).toEqual(
      expect.arrayContaining(["Gathering sources...", "Generating report..."]) as string[],
    );
    expect(reports.map((report) => report.progress)).toEqual(reports.map((_report, index) => index + 1));
  });

  it("cancels its task when the call is aborted mid-way", async () => {
    const before = (await cancelledTasks()).length;
    const controller = new AbortController();
    const calling = research(
      client,
      tool("simulate-research-query"),
      { topic: "storms" },
      {
        signal: controller.signal,
        onProgress: () => controller.abort(new Error("stopped by the test")),
      },
    );
    await expect(calling).rejects.toThrow("stopped by the test");
    await vi.waitFor(async () => {
      const cancelled = await cancelledTasks();
      expect(cancelled).toHaveLength(before + 1);
      expect(cancelled.at(-1)).toMatchObject({ statusMessage: "Client cancelled task execution." });
    });
  });

  it("cancels its task when the call's time runs out", async () => {
    const before = (await cancelledTasks()).length;
    const calling = research(client, tool("simulate-research-query"), { topic: "waves" }, { timeoutMs: 500 });
    await expect(calling).rejects.toSatisfy(
      (error) =>
        isToolError(error) &&
        error.code === "timeout" &&
        error.message ===
          'The tool "simulate-research-query" did not finish within 500 ms and its task was cancelled. ' +
            "Its effects, if any, are unknown.",
    );
    await vi.waitFor(async () => expect(await cancelledTasks()).toHaveLength(before + 1));
  });

  it("runs a tool whose tasks are optional as a plain call", async () => {
    // server-everything's echo forbids tasks: the call succeeds only if no task was asked for.
    const echo = { ...tool("echo"), execution: { taskSupport: "optional" } };
    const outcome = await callMcpTool(
      client,
      { server: "everything", callId: "c2", name: "echo", arguments: { message: "hi" } },
      {
        tool: echo,
      },
    );
    expect(outcome).toMatchObject({ status: "complete", result: { content: [{ type: "text", text: "Echo: hi" }] } });
  });
});

describe("server-everything, v2 client: a tool that requires a task", () => {
  let client: V2Client;
  let tools: McpToolDefinition[];
  beforeAll(async () => {
    client = new V2Client({ name: "x-tests", version: "1.0.0" }, CAPABILITIES);
    await client.connect(new V2StdioClientTransport(everythingServer));
    ({ tools } = await client.listTools());
  });
  afterAll(async () => {
    await client.close();
  });

  it("asks elicit when the task needs input, and finishes with the answer", async () => {
    const asked: ElicitationRequest[] = [];
    const result = await research(
      client,
      tools.find((each) => each.name === "simulate-research-query") as McpToolDefinition,
      { topic: "python", ambiguous: true },
      {
        elicit: (request) => {
          asked.push(request);
          return { action: "accept", content: { interpretation: "snake" } };
        },
      },
    );
    expect(reportText(result)).toMatch(/^# Research Report: python \(snake\)\n/);
    expect(asked).toEqual([
      expect.objectContaining({
        server: "everything",
        tool: "simulate-research-query",
        callId: "c1",
        mode: "form",
        message: expect.stringContaining('"python" could have multiple interpretations') as string,
      }),
    ]);
  });
});
