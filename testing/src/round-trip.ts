// What both round-trip tests share: a real MCP server, the local stand-in for
// OpenAI, the official client pointed at it, and the answers to a response's
// calls in the model's order (rejected calls as `toolCalls` answered them,
// the others run on the MCP server).
import OpenAI from "openai";
import { startDemoServer } from "./mcp-server";
import type { DemoServer } from "./mcp-server";
import { startOpenAiServer } from "./openai-server";
import type { Json, OpenAiServer, Reply } from "./openai-server";
import { buildToolset, toCallToolResult } from "@x/toolset";
import type { ToolCall, ToolCalls, ToolOutcome, Toolset } from "@x/toolset";

/** Everything a round-trip test talks to. */
export interface RoundTrip {
  readonly demo: DemoServer;
  readonly api: OpenAiServer;
  /** The official client, pointed at the stand-in. */
  readonly openai: OpenAI;
  readonly toolset: Toolset;
  /** Every answer to `found`, in the model's order. */
  answer<TOutput>(
    found: ToolCalls<TOutput>,
    toolOutput: (call: ToolCall, outcome: ToolOutcome) => TOutput,
  ): Promise<TOutput[]>;
  close(): Promise<void>;
}

/** Starts the demo MCP server and the stand-in with `model` as its handler. */
export async function startRoundTrip(model: (path: string, body: Json) => Reply): Promise<RoundTrip> {
  const demo = await startDemoServer();
  const api = await startOpenAiServer(model);
  return {
    demo,
    api,
    openai: new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 }),
    toolset: buildToolset([["demo", demo.tools]]).toolset,
    answer: async ({ calls, rejected }, toolOutput) => {
      const ran = await Promise.all(
        calls.map(async (call) => {
          const result = await demo.client.callTool({ name: call.toolName, arguments: call.arguments });
          return { index: call.index, output: toolOutput(call, toCallToolResult(result)) };
        }),
      );
      return [...rejected, ...ran].sort((a, b) => a.index - b.index).map((answer) => answer.output);
    },
    close: async () => {
      await api.close();
      await demo.close();
    },
  };
}

/** The calls of a response as the tests compare them. */
export const callSummary = (found: ToolCalls<unknown>): unknown[] =>
  found.calls.map(({ callId, name, server, toolName, arguments: args }) => ({ callId, name, server, toolName, args }));

/** The calls the first turn of both stand-ins makes that the demo server runs. */
export const DEMO_CALLS: unknown[] = [
  {
    callId: "call_weather",
    name: "demo__get_weather",
    server: "demo",
    toolName: "get_weather",
    args: { city: "Paris" },
  },
  { callId: "call_screenshot", name: "demo__take_screenshot", server: "demo", toolName: "take_screenshot", args: {} },
  {
    callId: "call_delete",
    name: "demo__delete_file",
    server: "demo",
    toolName: "delete_file",
    args: { path: "/etc/passwd" },
  },
];
