import type OpenAI from "openai";
import { runToolLoop } from "@x/executor";
import type { McpToolClient } from "@x/executor";
import { adapter } from "@x/openai-responses";
import type { Toolset } from "@x/toolset";

/** Runs the loop on stored responses: after the first turn, only the new items go out, with previous_response_id. */
export async function askStored(
  question: string,
  openai: OpenAI,
  toolset: Toolset,
  notes: McpToolClient,
): Promise<string> {
  const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: question }];
  const { response, stopReason } = await runToolLoop({
    model: (items, tools, { signal, previousResponseId }) =>
      openai.responses.create(
        { model: "gpt-5-mini", input: items, tools, previous_response_id: previousResponseId },
        { signal },
      ),
    adapter,
    servers: { toolset, clients: { notes } },
    input,
    conversation: "previous-response",
  });
  return response?.output_text ?? `stopped: ${stopReason}`;
}
