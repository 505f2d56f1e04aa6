import OpenAI from "openai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { executeToolCalls } from "@x/executor";
import { adapter } from "@x/openai-responses";
import { buildToolset } from "@x/toolset";

const openai = new OpenAI();
const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(
  // stderr: "ignore" keeps the server's start-up banner out of your console.
  new StdioClientTransport({
    command: "npx",
    args: ["-y", "@modelcontextprotocol/server-everything", "stdio"],
    stderr: "ignore",
  }),
);
const { toolset } = buildToolset({ everything: (await client.listTools()).tools });

const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "What is 2 + 3? Use the tool." }];
const prepared = adapter.tools(toolset);
const response = await openai.responses.create({ model: "gpt-5-mini", input, tools: prepared.tools });
const { outputs, outcomes } = await executeToolCalls(response, prepared, { everything: client }, { timeoutMs: 30_000 });
// The response's own items, as the next request takes them back, then the answers to its calls.
input.push(...adapter.responseItems(response), ...outputs);
for (const outcome of outcomes) console.log(outcome.callId, outcome.kind, outcome.durationMs);
await client.close();
