// Run as its own process by tool-loop.test.ts (node --import tsx): reads a
// paused run's state from the file named by argv[2], starts its own demo MCP
// server and @google/genai client (to the stand-in at argv[3]), resumes with
// the decisions of argv[4] (JSON), and writes the end of the run to stdout.
import { readFile } from "node:fs/promises";
import { GoogleGenAI } from "@google/genai";
import type { Content } from "@google/genai";
import { resumeToolLoop } from "@x/executor";
import type { ToolLoopState } from "@x/executor";
import { startDemoServer } from "@x/testing";
import { buildToolset } from "@x/toolset";
import { adapter } from "../adapter";

const [stateFile = "", baseUrl = "", decisions = "{}"] = process.argv.slice(2);
const state = JSON.parse(await readFile(stateFile, "utf8")) as ToolLoopState<Content>;
const demo = await startDemoServer();
const ai = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl } });
const result = await resumeToolLoop(state, JSON.parse(decisions) as { [callId: string]: boolean }, {
  model: (contents, tools) =>
    ai.models.generateContent({ model: "gemini-3-flash-preview", contents, config: { tools } }),
  adapter,
  servers: { toolset: buildToolset([["demo", demo.tools]]).toolset, clients: { demo: demo.client } },
});
await demo.close();
process.stdout.write(
  JSON.stringify({ stopReason: result.stopReason, turns: result.turns, input: result.input, pid: process.pid }),
);
