import OpenAI from "openai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { StdioServerParameters } from "@modelcontextprotocol/sdk/client/stdio.js";
import { combineHooks, runToolLoop } from "@x/executor";
import { otelHooks } from "@x/executor/otel";
import { adapter } from "@x/openai-chat";
import { buildToolset } from "@x/toolset";

/** Answers `question` with a Chat Completions model whose tools live on an MCP server. */
export async function askWithTools(
  question: string,
  openai: OpenAI = new OpenAI(), // reads OPENAI_API_KEY (and OPENAI_BASE_URL)
  server: StdioServerParameters = { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything", "stdio"] },
  log: (line: string) => void = (line) => console.log(line),
): Promise<string> {
  const client = new Client({ name: "my-agent", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ ...server, stderr: "ignore" }));
  try {
    const { toolset } = buildToolset({ everything: (await client.listTools()).tools });
    const input: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: question }];
    const { response, stopReason, turns } = await runToolLoop({
      model: (messages, tools, { signal }) =>
        openai.chat.completions.create({ model: "gpt-5-mini", messages, tools }, { signal }),
      adapter,
      servers: { toolset, clients: { everything: client } },
      input,
      maxTurns: 5,
      timeoutMs: 30_000,
      hooks: combineHooks(otelHooks(), {
        "strict-fallback": (event) =>
          log(`${event.name} is sent non-strict: ${event.keyword} at ${event.path.join("/")}`),
        "tool-call-end": (event) => log(`${event.name} answered in ${event.durationMs.toFixed(1)} ms`),
        "tool-call-error": (event) => log(`${event.name} failed: ${event.error.code}`),
      }),
    });
    log(`stopped: ${stopReason} after ${turns} turns`);
    return response?.choices[0]?.message.content ?? "";
  } finally {
    await client.close();
  }
}
