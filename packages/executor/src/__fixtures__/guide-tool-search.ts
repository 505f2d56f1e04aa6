import type OpenAI from "openai";
import { runToolLoop } from "@x/executor";
import type { LoopServers } from "@x/executor";
import { adapter } from "@x/openai-responses";

/** Runs the loop with every tool deferred: one namespace per server, found by a tool search run here. */
export async function askWithSearch(question: string, openai: OpenAI, servers: LoopServers): Promise<string> {
  const { response, stopReason } = await runToolLoop({
    model: (input: OpenAI.Responses.ResponseInput, tools) =>
      openai.responses.create({ model: "gpt-5.4", input, tools }),
    adapter,
    servers,
    input: question,
    tools: { namespaces: true, deferLoading: true, toolSearch: "client" },
  });
  return response?.output_text ?? `stopped: ${stopReason}`;
}
