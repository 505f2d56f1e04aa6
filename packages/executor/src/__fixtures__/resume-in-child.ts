// Run as its own process by pause-resume.test.ts (node --import tsx): reads
// a paused run's state from the file named by argv[2], connects its own MCP
// server and client and its own openai client (to the stand-in at argv[3]),
// resumes with the decisions of argv[4] (JSON), and writes the end of the run
// to stdout as JSON.
import { readFile } from "node:fs/promises";
import { adapter } from "@x/openai-chat";
import OpenAI from "openai";
import { resumeToolLoop } from "../resume-tool-loop";
import type { ToolLoopState } from "../loop-state";
import { startNotesServer } from "./notes-server";

const [stateFile = "", baseURL = "", decisions = "{}"] = process.argv.slice(2);
const state = JSON.parse(await readFile(stateFile, "utf8")) as ToolLoopState<OpenAI.ChatCompletionMessageParam>;
const notes = await startNotesServer();
const openai = new OpenAI({ apiKey: "test", baseURL, maxRetries: 0 });
const result = await resumeToolLoop(state, JSON.parse(decisions) as { [callId: string]: boolean }, {
  model: (messages, tools) => openai.chat.completions.create({ model: "gpt-test", messages, tools }),
  adapter,
  servers: { toolset: notes.toolset, clients: { notes: notes.client } },
});
await notes.close();
process.stdout.write(
  JSON.stringify({
    stopReason: result.stopReason,
    turns: result.turns,
    input: result.input,
    ran: notes.ran,
    pid: process.pid,
  }),
);
