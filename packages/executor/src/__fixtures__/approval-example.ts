import { readFile, writeFile } from "node:fs/promises";
import type OpenAI from "openai";
import { annotationPolicy, resumeToolLoop, runToolLoop } from "@x/executor";
import type { ApprovalDecisions, McpToolClient, ToolLoopState } from "@x/executor";
import { adapter } from "@x/openai-chat";
import type { Toolset } from "@x/toolset";

type Message = OpenAI.ChatCompletionMessageParam;

/** What both halves of the run use: the model's client, the notes server, and the file the paused run waits in. */
export interface Agent {
  readonly openai: OpenAI;
  readonly toolset: Toolset;
  readonly notes: McpToolClient;
  readonly file: string;
}

/** Starts a run: read-only tools run, any other call waits for a person, and the run's state goes to `file`. */
export async function startRun(question: string, { openai, toolset, notes, file }: Agent): Promise<string> {
  const input: Message[] = [{ role: "user", content: question }];
  const result = await runToolLoop({
    model: (messages, tools, { signal }) =>
      openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }, { signal }),
    adapter,
    servers: { toolset, clients: { notes } },
    input,
    approve: annotationPolicy(), // readOnlyHint: true runs; anything else pauses
  });
  if (result.stopReason !== "needs-approval" || result.state === undefined) return `stopped: ${result.stopReason}`;
  await writeFile(file, JSON.stringify(result.state)); // plain JSON: a file, a database row, a queue message
  return result.state.pending
    .map((call) => `${call.callId}: ${call.name} ${JSON.stringify(call.arguments)}`)
    .join("\n");
}

/** Later, perhaps in another process: the person's decisions by call id, and the run goes on. */
export async function continueRun(
  decisions: ApprovalDecisions,
  { openai, toolset, notes, file }: Agent,
): Promise<string> {
  const state = JSON.parse(await readFile(file, "utf8")) as ToolLoopState<Message>;
  const result = await resumeToolLoop(state, decisions, {
    model: (messages, tools, { signal }) =>
      openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }, { signal }),
    adapter,
    servers: { toolset, clients: { notes } },
    // Succeeds once per paused run (the file is created exclusively), so one approval never runs a call twice.
    claim: (id) => writeFile(`${file}.${id}.claimed`, "", { flag: "wx" }).then(() => true, () => false),
  });
  return result.response?.choices[0]?.message.content ?? `stopped: ${result.stopReason}`;
}
