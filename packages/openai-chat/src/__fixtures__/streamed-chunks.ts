// A streamed completion as the API sends it (`stream: true` with
// `stream_options: { include_usage: true }`): a few words, then two parallel
// tool calls whose pieces interleave, with arguments split inside a key,
// inside a `\u` escape of the JSON text and between the two halves of a
// surrogate pair; the last choice chunk carries `finish_reason`, and a final
// chunk with no choices the usage.
import type { ChatCompletionChunk } from "openai/resources/chat/completions";

const base = {
  id: "chatcmpl-s1",
  object: "chat.completion.chunk",
  created: 1767225600,
  model: "gpt-test",
  system_fingerprint: "fp_s1",
} as const;

type Delta = ChatCompletionChunk.Choice.Delta;
const chunk = (
  delta: Delta,
  finish_reason: ChatCompletionChunk.Choice["finish_reason"] = null,
): ChatCompletionChunk => ({
  ...base,
  service_tier: "default",
  choices: [{ index: 0, delta, logprobs: null, finish_reason }],
  usage: null,
});
const args = (index: number, text: string): Delta => ({ tool_calls: [{ index, function: { arguments: text } }] });

/** Every chunk of the stream, in order. */
export const STREAMED_CHUNKS: ChatCompletionChunk[] = [
  chunk({ role: "assistant", content: "", refusal: null }),
  chunk({ content: "Reading " }),
  chunk({ content: "both." }),
  chunk({
    tool_calls: [
      { index: 0, id: "call_read", type: "function", function: { name: "files__read_file", arguments: "" } },
    ],
  }),
  chunk(args(0, '{"pa')),
  chunk({
    tool_calls: [{ index: 1, id: "call_list", type: "function", function: { name: "files__list_dir", arguments: "" } }],
  }),
  chunk(args(0, 'th":"/tmp/Z\\u00')),
  chunk(args(1, "{")),
  chunk(args(0, "fcrich-\ud83d")),
  chunk(args(1, "}")),
  chunk(args(0, '\ude00.txt","encoding":null}')),
  chunk({}, "tool_calls"),
  {
    ...base,
    service_tier: "default",
    choices: [],
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  },
];

/** The arguments of `call_read` once collected, as the model wrote them. */
export const READ_ARGUMENTS = '{"path":"/tmp/Z\\u00fcrich-\ud83d\ude00.txt","encoding":null}';
