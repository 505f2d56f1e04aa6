// Run as its own process by tool-loop.test.ts (node --import tsx): reads a
// paused run's state from the file named by argv[2], starts its own demo and
// reports MCP servers and @anthropic-ai/sdk client (to the stand-in at
// argv[3]), resumes with the decisions of argv[4] (JSON), and writes the end
// of the run to stdout.
import { readFile } from "node:fs/promises";
import Anthropic from "@anthropic-ai/sdk";
import { resumeToolLoop } from "@x/executor";
import type { ToolLoopState } from "@x/executor";
import { startDemoServer } from "@x/testing";
import { buildToolset } from "@x/toolset";
import { adapter } from "../adapter";
import { startReportsServer } from "./reports-server";

const [stateFile = "", baseURL = "", decisions = "{}"] = process.argv.slice(2);
const state = JSON.parse(await readFile(stateFile, "utf8")) as ToolLoopState<Anthropic.MessageParam>;
const [demo, reports] = await Promise.all([startDemoServer(), startReportsServer()]);
const anthropic = new Anthropic({ apiKey: "test", baseURL, maxRetries: 0 });
const result = await resumeToolLoop(state, JSON.parse(decisions) as { [callId: string]: boolean }, {
  model: (messages, tools) => anthropic.messages.create({ model: "claude-standin", max_tokens: 1024, messages, tools }),
  adapter,
  servers: {
    toolset: buildToolset([
      ["demo", demo.tools],
      ["reports", reports.tools],
    ]).toolset,
    clients: { demo: demo.client, reports: reports.client },
  },
});
await Promise.all([demo.close(), reports.close()]);
process.stdout.write(
  JSON.stringify({ stopReason: result.stopReason, turns: result.turns, input: result.input, pid: process.pid }),
);
