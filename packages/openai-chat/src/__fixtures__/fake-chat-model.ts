// The Chat Completions endpoint of the local stand-in: the first turn calls
// tools in parallel (one unknown, one with broken JSON, one custom), the next
// turn is refused with OpenAI's 400 unless the history is what the API demands.
import { invalidRequest } from "@x/testing";
import type { Json, Reply } from "@x/testing";

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The model's tool calls in the first turn. */
export const FIRST_TURN_TOOL_CALLS: Json[] = [
  {
    id: "call_weather",
    type: "function",
    function: { name: "demo__get_weather", arguments: '{"city":"Paris","units":null}' },
  },
  { id: "call_screenshot", type: "function", function: { name: "demo__take_screenshot", arguments: "{}" } },
  { id: "call_delete", type: "function", function: { name: "demo__delete_file", arguments: '{"path":"/etc/passwd"}' } },
  { id: "call_unknown", type: "function", function: { name: "demo__get_wether", arguments: '{"city":"Paris"}' } },
  { id: "call_broken", type: "function", function: { name: "demo__get_weather", arguments: '{"city":"Par' } },
  { id: "call_custom", type: "custom", custom: { name: "run_python", input: "print(1 + 1)" } },
];

const completion = (message: Json, finishReason: string): Reply => ({
  status: 200,
  body: {
    id: "chatcmpl-x1",
    object: "chat.completion",
    created: 1767225600,
    model: "gpt-test",
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
  },
});

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const ASSISTANT_KEYS = new Set(["role", "content", "name", "refusal", "tool_calls", "audio", "function_call"]);

// What OpenAI checks of `tools`: each a function with a valid name, an object
// schema, and (as this project always sends it) a boolean `strict`.
function checkTools(tools: Json | undefined): Reply | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return invalidRequest("Invalid type for 'tools': expected an array.", "tools");
  for (const [i, tool] of tools.entries()) {
    const fn = isObject(tool) ? tool.function : undefined;
    if (!isObject(tool) || tool.type !== "function" || !isObject(fn))
      return invalidRequest(`Invalid value for 'tools[${i}]'.`, `tools[${i}]`);
    if (typeof fn.name !== "string" || !TOOL_NAME.test(fn.name))
      return invalidRequest(`Invalid 'tools[${i}].function.name'.`, `tools[${i}].function.name`);
    if (!isObject(fn.parameters))
      return invalidRequest(`Invalid 'tools[${i}].function.parameters'.`, `tools[${i}].function.parameters`);
    if (typeof fn.strict !== "boolean")
      return invalidRequest(`Missing 'tools[${i}].function.strict'.`, `tools[${i}].function.strict`);
  }
  return undefined;
}

// What OpenAI checks of the history: an assistant message with `tool_calls`
// is followed by one tool message per call id, and a tool message answers a
// call of the assistant message right before it (answering twice included).
function checkMessages(messages: Json[]): Reply | undefined {
  let pending = new Set<string>();
  for (const [i, message] of messages.entries()) {
    if (!isObject(message)) return invalidRequest(`Invalid type for 'messages[${i}]'.`, `messages[${i}]`);
    if (message.role === "tool") {
      const id = message.tool_call_id;
      if (typeof id !== "string" || !pending.has(id)) {
        return invalidRequest(
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${i}].role`,
        );
      }
      if (typeof message.content !== "string")
        return invalidRequest(`Invalid type for 'messages[${i}].content'.`, `messages[${i}].content`);
      pending.delete(id);
      continue;
    }
    if (pending.size > 0) {
      return invalidRequest(
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...pending].join(", ")}`,
        `messages.[${i}].role`,
      );
    }
    if (message.role !== "assistant") continue;
    const extra = Object.keys(message).find((key) => !ASSISTANT_KEYS.has(key));
    if (extra !== undefined)
      return invalidRequest(
        `Unrecognized request argument supplied: messages[${i}].${extra}`,
        `messages[${i}].${extra}`,
      );
    const calls = message.tool_calls;
    if (calls === undefined) {
      if (typeof message.content !== "string")
        return invalidRequest(
          `Invalid value for 'messages[${i}].content': expected a string.`,
          `messages[${i}].content`,
        );
      continue;
    }
    if (!Array.isArray(calls) || calls.length === 0)
      return invalidRequest(`Invalid 'messages[${i}].tool_calls': empty array.`, `messages[${i}].tool_calls`);
    pending = new Set(calls.map((call) => (isObject(call) && typeof call.id === "string" ? call.id : "")));
  }
  if (pending.size > 0) {
    return invalidRequest(
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...pending].join(", ")}`,
      "messages",
    );
  }
  return undefined;
}

/** The stand-in's `POST /v1/chat/completions`. */
export function fakeChatModel(path: string, body: Json): Reply {
  if (path !== "/v1/chat/completions" || !isObject(body) || !Array.isArray(body.messages)) {
    return {
      status: 404,
      body: { error: { message: `No route ${path}`, type: "invalid_request_error", param: null, code: null } },
    };
  }
  const refused = checkTools(body.tools) ?? checkMessages(body.messages);
  if (refused !== undefined) return refused;
  const answered = body.messages.some((message) => isObject(message) && message.role === "tool");
  if (!answered) {
    return completion(
      { role: "assistant", content: null, refusal: null, annotations: [], tool_calls: FIRST_TURN_TOOL_CALLS },
      "tool_calls",
    );
  }
  return completion(
    { role: "assistant", content: "It is 18°C and sunny in Paris.", refusal: null, annotations: [] },
    "stop",
  );
}
