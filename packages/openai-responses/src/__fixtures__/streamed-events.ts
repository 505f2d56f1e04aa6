// A streamed response as the API sends it (`stream: true`): a reasoning
// item, a message whose text arrives in deltas, then two parallel function
// calls whose events interleave, with arguments split inside a key, inside a
// `\u` escape of the JSON text and between the two halves of a surrogate
// pair; an event type this package does not know; `response.completed` last.
import type {
  Response,
  ResponseFunctionToolCall,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseOutputText,
  ResponseReasoningItem,
  ResponseStreamEvent,
} from "openai/resources/responses/responses";

/** The response's envelope with `status` and `output`. */
export const snapshot = (status: NonNullable<Response["status"]>, output: ResponseOutputItem[]): Response => ({
  id: "resp_s1",
  object: "response",
  created_at: 1767225600,
  status,
  model: "gpt-test",
  output,
  output_text: "",
  access_programs: null,
  error: null,
  incomplete_details: null,
  instructions: null,
  metadata: null,
  parallel_tool_calls: true,
  temperature: null,
  tool_choice: "auto",
  tools: [],
  top_p: null,
  ...(status === "completed"
    ? {
        usage: {
          input_tokens: 50,
          output_tokens: 20,
          total_tokens: 70,
          input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
          output_tokens_details: { reasoning_tokens: 8 },
        },
      }
    : {}),
});

const reasoning: ResponseReasoningItem = {
  type: "reasoning",
  id: "rs_s1",
  summary: [{ type: "summary_text", text: "Read the file and list the folder." }],
  encrypted_content: "gAAAAB-opaque",
};
const text: ResponseOutputText = { type: "output_text", text: "Reading both.", annotations: [], logprobs: [] };
const message: ResponseOutputMessage = {
  type: "message",
  id: "msg_s1",
  role: "assistant",
  status: "completed",
  content: [text],
};

/** The arguments of `call_read` once collected, as the model wrote them. */
export const READ_ARGUMENTS = '{"path":"/tmp/Z\\u00fcrich-\ud83d\ude00.txt","encoding":null}';

const call = (
  id: string,
  callId: string,
  name: string,
  args: string,
  status: NonNullable<ResponseFunctionToolCall["status"]>,
  // eslint-disable-next-line max-params -- a fixture: the fields of one function call item, in the item's order.
): ResponseFunctionToolCall => ({
  type: "function_call",
  id,
  call_id: callId,
  name,
  arguments: args,
  status,
});
const read = (args: string, status: NonNullable<ResponseFunctionToolCall["status"]>): ResponseFunctionToolCall =>
  call("fc_s1", "call_read", "files__read_file", args, status);
const list = (args: string, status: NonNullable<ResponseFunctionToolCall["status"]>): ResponseFunctionToolCall =>
  call("fc_s2", "call_list", "files__list_dir", args, status);

/** The output of the completed response. */
export const STREAMED_OUTPUT: ResponseOutputItem[] = [
  reasoning,
  message,
  read(READ_ARGUMENTS, "completed"),
  list("{}", "completed"),
];

type Unnumbered<T> = T extends unknown ? Omit<T, "sequence_number"> : never;
const args = (output_index: number, item_id: string, delta: string): Unnumbered<ResponseStreamEvent> => ({
  type: "response.function_call_arguments.delta",
  output_index,
  item_id,
  delta,
});

const events: Unnumbered<ResponseStreamEvent>[] = [
  { type: "response.created", response: snapshot("in_progress", []) },
  { type: "response.in_progress", response: snapshot("in_progress", []) },
  { type: "response.output_item.added", output_index: 0, item: { ...reasoning, summary: [] } },
  { type: "response.output_item.done", output_index: 0, item: reasoning },
  { type: "response.output_item.added", output_index: 1, item: { ...message, status: "in_progress", content: [] } },
  {
    type: "response.content_part.added",
    output_index: 1,
    item_id: "msg_s1",
    content_index: 0,
    part: { ...text, text: "" },
  },
  {
    type: "response.output_text.delta",
    output_index: 1,
    item_id: "msg_s1",
    content_index: 0,
    delta: "Reading ",
    logprobs: [],
  },
  {
    type: "response.output_text.delta",
    output_index: 1,
    item_id: "msg_s1",
    content_index: 0,
    delta: "both.",
    logprobs: [],
  },
  {
    type: "response.output_text.done",
    output_index: 1,
    item_id: "msg_s1",
    content_index: 0,
    text: "Reading both.",
    logprobs: [],
  },
  { type: "response.content_part.done", output_index: 1, item_id: "msg_s1", content_index: 0, part: text },
  { type: "response.output_item.done", output_index: 1, item: message },
  { type: "response.output_item.added", output_index: 2, item: read("", "in_progress") },
  { type: "response.output_item.added", output_index: 3, item: list("", "in_progress") },
  args(2, "fc_s1", '{"pa'),
  // An event type newer than this package: ignored.
  {
    type: "response.tool_progress",
    output_index: 2,
    item_id: "fc_s1",
    note: "warming up",
  } as unknown as Unnumbered<ResponseStreamEvent>,
  args(3, "fc_s2", "{"),
  args(2, "fc_s1", 'th":"/tmp/Z\\u00'),
  args(2, "fc_s1", "fcrich-\ud83d"),
  args(3, "fc_s2", "}"),
  { type: "response.function_call_arguments.done", output_index: 3, item_id: "fc_s2", arguments: "{}" },
  { type: "response.output_item.done", output_index: 3, item: list("{}", "completed") },
  args(2, "fc_s1", '\ude00.txt","encoding":null}'),
  { type: "response.function_call_arguments.done", output_index: 2, item_id: "fc_s1", arguments: READ_ARGUMENTS },
  { type: "response.output_item.done", output_index: 2, item: read(READ_ARGUMENTS, "completed") },
  { type: "response.completed", response: snapshot("completed", STREAMED_OUTPUT) },
];

/** Every event of the stream, in order, numbered as the API numbers them. */
export const STREAMED_EVENTS: ResponseStreamEvent[] = events.map((event, n) => ({ ...event, sequence_number: n }));
