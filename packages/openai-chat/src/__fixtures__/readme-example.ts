import type OpenAI from "openai";
import { adapter, toolCalls, toolOutput, tools } from "@x/openai-chat";
import { toCallToolResult } from "@x/toolset";
import type { Toolset } from "@x/toolset";

/** MCP clients by server name: the SDK's `Client`s, or `servers.clients` of `@x/servers`. */
interface Clients {
  [server: string]: { callTool(params: { name: string; arguments: { [key: string]: unknown } }): Promise<unknown> };
}

/** Asks once, runs the model's tool calls on their MCP servers, and asks again with the answers. */
export async function askOnce(question: string, openai: OpenAI, toolset: Toolset, clients: Clients): Promise<string> {
  const prepared = tools(toolset); // prepared.report lists the tools sent non-strict, and why
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: question }];
  const completion = await openai.chat.completions.create({ model: "gpt-5-mini", messages, tools: prepared.tools });

  // The calls to run (arguments restored), and those answered already: an unknown tool, bad JSON, a repeated id.
  const { calls, rejected } = toolCalls(completion, prepared);
  const ran = await Promise.all(
    calls.map(async (call) => {
      const result = await clients[call.server]?.callTool({ name: call.toolName, arguments: call.arguments });
      return { index: call.index, output: toolOutput(call, toCallToolResult(result)) };
    }),
  );
  const answers = [...rejected, ...ran].sort((a, b) => a.index - b.index).map((answer) => answer.output);

  // The assistant message first, then one tool message per call id.
  messages.push(...adapter.responseItems(completion), ...answers);
  const next = await openai.chat.completions.create({ model: "gpt-5-mini", messages, tools: prepared.tools });
  return next.choices[0]?.message.content ?? "";
}
