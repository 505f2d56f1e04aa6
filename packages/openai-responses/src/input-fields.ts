import { isRecord } from "./read-output";
import type { Fields } from "./read-output";

/**
 * The fields the request's `input` accepts, per item type, for every item a
 * response's `output` can hold: the keys of the matching member of openai's
 * `ResponseInputItem` (a type test proves each list equals them, so a new
 * openai release that adds or removes one fails the build). What an output
 * item carries beyond them is output-only (`created_by`, a custom tool call
 * output's `status`) or added by the openai package (`parsed_arguments` from
 * `responses.parse` and `responses.stream`), and the API refuses the whole
 * request over it ("Unknown parameter 'input[2].parsed_arguments'").
 */
export const INPUT_FIELDS = {
  message: ["type", "id", "role", "content", "status", "phase"],
  file_search_call: ["type", "id", "queries", "results", "status"],
  computer_call: ["type", "id", "call_id", "action", "actions", "pending_safety_checks", "status"],
  computer_call_output: ["type", "id", "call_id", "output", "acknowledged_safety_checks", "status"],
  web_search_call: ["type", "id", "action", "status"],
  function_call: ["type", "id", "call_id", "name", "namespace", "arguments", "async", "caller", "status"],
  function_call_output: ["type", "id", "call_id", "name", "namespace", "output", "caller", "status"],
  reasoning: ["type", "id", "summary", "content", "encrypted_content", "status"],
  code_interpreter_call: ["type", "id", "code", "container_id", "outputs", "status"],
  custom_tool_call: ["type", "id", "call_id", "name", "namespace", "input", "async", "caller"],
  custom_tool_call_output: ["type", "id", "call_id", "output", "caller"],
  program: ["type", "id", "call_id", "code", "fingerprint"],
  program_output: ["type", "id", "call_id", "result", "status"],
  tool_search_call: ["type", "id", "call_id", "arguments", "execution", "status"],
  tool_search_output: ["type", "id", "call_id", "execution", "tools", "status"],
  additional_tools: ["type", "id", "role", "tools"],
  compaction: ["type", "id", "encrypted_content"],
  image_generation_call: [
    "type",
    "id",
    "action",
    "background",
    "error",
    "output_format",
    "quality",
    "result",
    "revised_prompt",
    "size",
    "status",
    "svg_usage",
  ],
  local_shell_call: ["type", "id", "call_id", "action", "status"],
  local_shell_call_output: ["type", "id", "output", "status"],
  shell_call: ["type", "id", "call_id", "action", "environment", "caller", "status"],
  shell_call_output: ["type", "id", "call_id", "output", "max_output_length", "caller", "status"],
  apply_patch_call: ["type", "id", "call_id", "operation", "caller", "status"],
  apply_patch_call_output: ["type", "id", "call_id", "output", "caller", "status"],
  mcp_call: ["type", "id", "name", "arguments", "server_label", "approval_request_id", "output", "error", "status"],
  mcp_list_tools: ["type", "id", "server_label", "tools", "error"],
  mcp_approval_request: ["type", "id", "name", "arguments", "server_label"],
  mcp_approval_response: ["type", "id", "approval_request_id", "approve", "reason"],
} as const;

/**
 * The fields of a message's content parts the input accepts (openai's `ResponseOutputText` and
 * `ResponseOutputRefusal`).
 */
export const CONTENT_PART_FIELDS = {
  output_text: ["type", "text", "annotations", "logprobs"],
  refusal: ["type", "refusal"],
} as const;

// The accepted fields in the item's own order (the request repeats the item as the API sent it, less the rest).
const pick = (value: Fields, fields: readonly string[]): Fields => {
  const picked: { [key: string]: unknown } = {};
  for (const [key, field] of Object.entries(value)) if (fields.includes(key)) picked[key] = field;
  return picked;
};

// (the type read once: a part is any JSON, and a getter may give another value on a second read)
const part = (value: unknown): unknown => {
  const type = isRecord(value) ? value.type : undefined;
  return isRecord(value) && typeof type === "string" && Object.hasOwn(CONTENT_PART_FIELDS, type)
    ? pick(value, CONTENT_PART_FIELDS[type as keyof typeof CONTENT_PART_FIELDS])
    : value;
};

/**
 * The item with only the fields the input accepts for its type (a message's
 * content parts too, which `responses.parse` gives a `parsed` field). An
 * item of a type this list does not know (one newer than this package) is
 * kept as it is: leaving it out could break the conversation (a reasoning
 * item is required with its calls), and its fields cannot be told apart.
 */
export function inputFields(item: Fields): Fields {
  const { type } = item;
  if (typeof type !== "string" || !Object.hasOwn(INPUT_FIELDS, type)) return item;
  const picked = pick(item, INPUT_FIELDS[type as keyof typeof INPUT_FIELDS]);
  return type === "message" && Array.isArray(picked.content)
    ? { ...picked, content: (picked.content as unknown[]).map(part) }
    : picked;
}
