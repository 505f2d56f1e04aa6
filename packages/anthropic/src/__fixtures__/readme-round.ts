import Anthropic from "@anthropic-ai/sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { StdioServerParameters } from "@modelcontextprotocol/sdk/client/stdio.js";
import { adapter, collectStream, toolCalls, toolOutput, tools } from "@x/anthropic";
import { buildToolset, toCallToolResult } from "@x/toolset";

/** Answers `question` with Claude, whose tools live on an MCP server, streaming its text to `write`. */
export async function askClaude(
  question: string,
  anthropic: Anthropic = new Anthropic(), // reads ANTHROPIC_API_KEY
  server: StdioServerParameters = { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything", "stdio"] },
  write: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<string> {
  const client = new Client({ name: "my-agent", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ ...server, stderr: "ignore" }));
  try {
    const { toolset } = buildToolset({ everything: (await client.listTools()).tools });
    const prepared = tools(toolset); // strict within the request's budget: prepared.report says what is not, and why
    const messages: Anthropic.MessageParam[] = [adapter.userMessage(question)];
    for (let turn = 1; turn <= 5; turn++) {
      const request = { model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools: prepared.tools };
      const message = await collectStream(await anthropic.messages.create({ ...request, stream: true }), {
        onDelta: (delta) => delta.type === "text" && write(delta.delta),
      });
      // Calls to run, and calls answered already (an unknown tool, a call cut off, …), never run.
      const { calls, rejected } = toolCalls(message, prepared);
      const ran = await Promise.all(
        calls.map(async (call) => {
          const result = await client.callTool({ name: call.toolName, arguments: call.arguments });
          return { index: call.index, output: toolOutput(call, toCallToolResult(result)) };
        }),
      );
      const outputs = [...rejected, ...ran].sort((a, b) => a.index - b.index).map((answer) => answer.output);
      // The reply as received, then ONE user message with every tool_result, in tool_use order.
      messages.push(...adapter.responseItems(message), ...adapter.turnItems(outputs));
      const end = outputs.length > 0 ? "continue" : adapter.responseEnd(message); // pause_turn continues too
      if (end !== "continue") {
        return message.content.flatMap((block) => (typeof block.text === "string" ? [block.text] : [])).join("");
      }
    }
    return "(no answer within 5 turns)";
  } finally {
    await client.close();
  }
}
