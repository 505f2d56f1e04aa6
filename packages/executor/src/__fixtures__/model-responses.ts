// Model responses in each OpenAI API's real shape (typed with the official
// `openai` package), as a scripted model returns them.
import type OpenAI from "openai";

/** One function call: its id, the exposed name, and its arguments (an object, or raw text as the model sent it). */
export type CallSpec = readonly [callId: string, name: string, args: string | object];

const argumentText = (args: string | object): string => (typeof args === "string" ? args : JSON.stringify(args));

/** A chat completion whose first choice calls `calls` (or answers `text` when there are none). */
export function chatCompletion(calls: readonly CallSpec[], text: string | null = null): OpenAI.ChatCompletion {
  const message: OpenAI.ChatCompletionMessage = { role: "assistant", content: text, refusal: null };
  if (calls.length > 0) {
    message.tool_calls = calls.map(([id, name, args]) => ({
      id,
      type: "function" as const,
      function: { name, arguments: argumentText(args) },
    }));
  }
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "gpt-test",
    choices: [{ index: 0, finish_reason: calls.length > 0 ? "tool_calls" : "stop", logprobs: null, message }],
  };
}

/** A Responses API response whose output calls `calls` after a reasoning item (and a message when `text` is set). */
export function responsesResponse(calls: readonly CallSpec[], text?: string): OpenAI.Responses.Response {
  const output: OpenAI.Responses.ResponseOutputItem[] = [
    { type: "reasoning", id: "rs_1", summary: [] },
    ...calls.map(([id, name, args], i): OpenAI.Responses.ResponseFunctionToolCall => ({
      type: "function_call",
      id: `fc_${i}`,
      call_id: id,
      name,
      arguments: argumentText(args),
      status: "completed",
    })),
  ];
  if (text !== undefined) {
    output.push({
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    });
  }
  return {
    id: "resp_test",
    access_programs: null,
    object: "response",
    created_at: 1_700_000_000,
    model: "gpt-test",
    output,
    output_text: text ?? "",
    status: "completed",
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: "auto",
    tools: [],
    top_p: null,
  };
}
