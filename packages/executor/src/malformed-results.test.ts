import { adapter as chat } from "@x/openai-chat";
import { buildToolset } from "@x/toolset";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { chatCompletion } from "./__fixtures__/model-responses";
import { startRawServer } from "./__fixtures__/raw-server";
import type { RawAnswer, RawServer } from "./__fixtures__/raw-server";
import { executeToolCalls } from "./execute-tool-calls";
import type { McpToolClient } from "./mcp-client";

const answers: { readonly [tool: string]: RawAnswer } = {
  "content-not-a-list": { result: { content: "nope" } },
  "block-without-type": { result: { content: [{ text: "where is my type" }] } },
  "rpc-error": { error: { code: -32603, message: "kaput" } },
  "server-error-code": { error: { code: -32000, message: "backend unavailable" } },
  legacy: { result: { toolResult: { temperature: 21 } } },
  good: { result: { content: [{ type: "text", text: "fine" }] } },
};

const { toolset } = buildToolset({
  raw: Object.keys(answers).map((name) => ({ name, inputSchema: { type: "object" as const } })),
});

let raw: RawServer | undefined;
afterEach(async () => {
  await raw?.close();
  raw = undefined;
});

async function answer(tool: string, client?: (raw: RawServer) => McpToolClient) {
  raw = await startRawServer((name) => answers[name] ?? { error: { code: -32602, message: `no tool ${name}` } });
  const { outputs, outcomes } = await executeToolCalls(
    chatCompletion([["c1", `raw__${tool}`, {}]]),
    chat.tools(toolset),
    { raw: client === undefined ? raw.client : client(raw) },
  );
  expect(outputs).toHaveLength(1);
  expect(outputs[0]?.tool_call_id).toBe("c1");
  return { content: outputs[0]?.content, outcome: outcomes[0]?.outcome };
}

describe("results from a server that breaks the protocol (raw JSON-RPC over the SDK's in-memory transport)", () => {
  it.each([
    [
      "content-not-a-list",
      "malformed-result",
      'Error: The tool "raw__content-not-a-list" returned a malformed result at content: Invalid input: expected ' +
        "array, received string.",
    ],
    [
      "block-without-type",
      "malformed-result",
      expect.stringMatching(
        /^Error: The tool "raw__block-without-type" returned a malformed result at content\.0/,
      ) as string,
    ],
    ["rpc-error", "tool-failed", 'Error: The tool "raw__rpc-error" failed: MCP error -32603: kaput'],
    // -32000 is also JSON-RPC's generic server error code: only the SDK's own "Connection closed" means a closed
    // connection.
    [
      "server-error-code",
      "tool-failed",
      'Error: The tool "raw__server-error-code" failed: MCP error -32000: backend unavailable',
    ],
    ["good", undefined, "fine"],
  ])("%s → %s", async (tool, code, content) => {
    const result = await answer(tool);
    expect(result.content).toEqual(content);
    if (code !== undefined) expect(result.outcome).toMatchObject({ code });
  });

  it(
    "a client that skips the SDK's result schema: the executor's own check (toCallToolResult) catches garbage and " +
      "reads legacy results",
    async () => {
      // A user's client wrapper that asks the SDK for the raw result.
      const lenient = (server: RawServer): McpToolClient => ({
        callTool: (params: { name: string }, _schema?: undefined, options?: { signal?: AbortSignal }) =>
          server.client.request({ method: "tools/call", params }, z.unknown(), options),
      });
      expect(await answer("content-not-a-list", lenient)).toMatchObject({
        content: expect.stringMatching(
          /^Error: The tool's result is malformed: its content is .*not a list\.$/,
        ) as string,
        outcome: { code: "malformed-result" },
      });
      expect(await answer("legacy", lenient)).toMatchObject({ content: '{"temperature":21}' });
    },
  );
});
