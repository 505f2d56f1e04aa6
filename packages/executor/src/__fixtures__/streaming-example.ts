import type OpenAI from "openai";
import { runToolLoop } from "@x/executor";
import type { McpToolClient } from "@x/executor";
import { adapter, collectStream } from "@x/openai-responses";
import type { Toolset } from "@x/toolset";

/** The model's client and the notes server the loop runs with. */
export interface Agent {
  readonly openai: OpenAI;
  readonly toolset: Toolset;
  readonly notes: McpToolClient;
}

/** Runs the loop on streamed responses, writing the model's text to `write` as it arrives. */
export async function streamAnswer(
  question: string,
  { openai, toolset, notes }: Agent,
  write: (text: string) => void,
): Promise<string> {
  const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: question }];
  const { response, stopReason } = await runToolLoop({
    // collectStream turns the events into the Response; onDelta makes each delta a model-delta event.
    model: async (items, tools, { signal, onDelta }) =>
      collectStream(
        await openai.responses.create({ model: "gpt-5-mini", input: items, tools, stream: true }, { signal }),
        { signal, onDelta },
      ),
    adapter,
    servers: { toolset, clients: { notes } },
    input,
    hooks: { "model-delta": ({ delta }) => (delta.type === "text" ? write(delta.delta) : undefined) },
  });
  return response?.output_text ?? `stopped: ${stopReason}`;
}
