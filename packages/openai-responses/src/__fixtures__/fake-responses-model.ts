// The Responses endpoint of the local stand-in (the server itself is in the
// repository's testing/ folder).
// The first turn reasons, says something, searches the web (a hosted tool)
// and calls tools in parallel: one unknown, one with broken JSON, one custom.
// The next turn is refused with OpenAI's 400 unless the input is what the API
// demands of a stateless request.
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { invalidRequest } from "@x/testing";
import type { Json, Reply } from "@x/testing";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const call = (n: number, callId: string, name: string, args: string): JsonObject => ({
  type: "function_call",
  id: `fc_${n}`,
  call_id: callId,
  name,
  arguments: args,
  status: "completed",
});

/** The output of the first turn. */
export const FIRST_TURN_OUTPUT: JsonObject[] = [
  {
    type: "reasoning",
    id: "rs_1",
    summary: [{ type: "summary_text", text: "The user wants the weather and a screenshot." }],
    encrypted_content: "gAAAAABo-opaque",
  },
  {
    type: "message",
    id: "msg_1",
    role: "assistant",
    status: "completed",
    phase: "commentary",
    content: [{ type: "output_text", text: "Let me check.", annotations: [], logprobs: [] }],
  },
  { type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "Paris weather" } },
  call(1, "call_weather", "demo__get_weather", '{"city":"Paris","units":null}'),
  call(2, "call_screenshot", "demo__take_screenshot", "{}"),
  call(3, "call_delete", "demo__delete_file", '{"path":"/etc/passwd"}'),
  call(4, "call_unknown", "demo__get_wether", '{"city":"Paris"}'),
  call(5, "call_broken", "demo__get_weather", '{"city":"Par'),
  {
    type: "custom_tool_call",
    id: "ctc_1",
    call_id: "call_custom",
    name: "run_python",
    input: "print(1 + 1)",
    status: "completed",
  },
];

const response = (id: string, output: Json[]): Reply => ({
  status: 200,
  body: {
    id,
    object: "response",
    created_at: 1767225600,
    status: "completed",
    model: "gpt-test",
    output,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: {
      input_tokens: 120,
      output_tokens: 40,
      total_tokens: 160,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 16 },
    },
  },
});

// The fields the API accepts on the input items these tests send, as openai's
// ResponseInputItem types them (the compiler checks every name listed): any
// other field is refused, as OpenAI refuses it ("Unknown parameter
// 'input[2].parsed_arguments'."). A message's keys are those of every input
// message form (the user's, the assistant's replayed).
type InputKeys<T extends string> = ResponseInputItem extends infer U
  ? U extends { type?: T }
    ? keyof U
    : never
  : never;
const ACCEPTED_FIELDS: { readonly [T in ResponseInputItem["type"] & string]?: readonly InputKeys<T>[] } = {
  message: ["type", "id", "role", "content", "status", "phase"],
  reasoning: ["type", "id", "summary", "content", "encrypted_content", "status"],
  web_search_call: ["type", "id", "action", "status"],
  function_call: ["type", "id", "call_id", "name", "namespace", "arguments", "async", "caller", "status"],
  function_call_output: ["type", "id", "call_id", "name", "namespace", "output", "caller", "status"],
  custom_tool_call: ["type", "id", "call_id", "name", "namespace", "input", "async", "caller"],
  custom_tool_call_output: ["type", "id", "call_id", "output", "caller"],
};
const PART_FIELDS: { readonly [type: string]: readonly string[] } = {
  output_text: ["type", "text", "annotations", "logprobs"],
  refusal: ["type", "refusal"],
  input_text: ["type", "text"],
};

function checkFields(item: JsonObject, i: number): Reply | undefined {
  const type = typeof item.type === "string" ? item.type : "message";
  const accepted: readonly string[] | undefined = ACCEPTED_FIELDS[type as keyof typeof ACCEPTED_FIELDS];
  if (accepted === undefined)
    return invalidRequest(
      `Invalid value: '${type}'. Supported values are: ${Object.keys(ACCEPTED_FIELDS).join(", ")}.`,
      `input[${i}].type`,
    );
  const unknown = Object.keys(item).find((key) => !accepted.includes(key));
  if (unknown !== undefined)
    return invalidRequest(`Unknown parameter: 'input[${i}].${unknown}'.`, `input[${i}].${unknown}`);
  if (type !== "message" || !Array.isArray(item.content)) return undefined;
  for (const [j, part] of item.content.entries()) {
    const fields = isObject(part) && typeof part.type === "string" ? PART_FIELDS[part.type] : undefined;
    const extra = isObject(part)
      ? Object.keys(part).find((key) => fields !== undefined && !fields.includes(key))
      : undefined;
    if (extra !== undefined)
      return invalidRequest(
        `Unknown parameter: 'input[${i}].content[${j}].${extra}'.`,
        `input[${i}].content[${j}].${extra}`,
      );
  }
  return undefined;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const IMAGE_URL = /^data:image\/(jpeg|png|gif|webp);base64,[A-Za-z0-9+/]*={0,2}$/;
const ANSWERS: { readonly [callType: string]: string } = {
  function_call: "function_call_output",
  custom_tool_call: "custom_tool_call_output",
};

function checkTools(tools: Json | undefined): Reply | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return invalidRequest("Invalid type for 'tools': expected an array.", "tools");
  for (const [i, tool] of tools.entries()) {
    if (!isObject(tool) || tool.type !== "function")
      return invalidRequest(`Invalid value for 'tools[${i}]'.`, `tools[${i}]`);
    if (typeof tool.name !== "string" || !TOOL_NAME.test(tool.name))
      return invalidRequest(`Invalid 'tools[${i}].name'.`, `tools[${i}].name`);
    if (!isObject(tool.parameters))
      return invalidRequest(`Invalid 'tools[${i}].parameters'.`, `tools[${i}].parameters`);
    if (typeof tool.strict !== "boolean") return invalidRequest(`Missing 'tools[${i}].strict'.`, `tools[${i}].strict`);
  }
  return undefined;
}

function checkOutput(item: JsonObject, i: number): Reply | undefined {
  const { output } = item;
  if (typeof output === "string") return undefined;
  if (item.type !== "function_call_output" || !Array.isArray(output))
    return invalidRequest(`Invalid type for 'input[${i}].output'.`, `input[${i}].output`);
  for (const [j, part] of output.entries()) {
    const ok =
      isObject(part) &&
      ((part.type === "input_text" && typeof part.text === "string") ||
        (part.type === "input_image" && typeof part.image_url === "string" && IMAGE_URL.test(part.image_url)));
    if (!ok) return invalidRequest(`Invalid value for 'input[${i}].output[${j}]'.`, `input[${i}].output[${j}]`);
  }
  return undefined;
}

// Without previous_response_id: each call in the input is answered exactly
// once by an output of its type after it, each output answers a call before
// it, and an item the first turn produced after reasoning comes with it.
function checkInput(input: Json[]): Reply | undefined {
  const calls = new Map<string, string>();
  const answered = new Set<string>();
  const ids = new Set(input.map((item) => (isObject(item) && typeof item.id === "string" ? item.id : "")));
  for (const [i, item] of input.entries()) {
    if (!isObject(item)) return invalidRequest(`Invalid type for 'input[${i}]'.`, `input[${i}]`);
    const unknownField = checkFields(item, i);
    if (unknownField !== undefined) return unknownField;
    const type = typeof item.type === "string" ? item.type : "message";
    const callId = typeof item.call_id === "string" ? item.call_id : "";
    if (
      typeof item.id === "string" &&
      item.id !== "rs_1" &&
      FIRST_TURN_OUTPUT.some((o) => o.id === item.id) &&
      !ids.has("rs_1")
    ) {
      return invalidRequest(
        `Item '${item.id}' of type '${type}' was provided without its required 'reasoning' item: 'rs_1'.`,
        "input",
      );
    }
    if (type in ANSWERS) {
      calls.set(callId, type);
    } else if (type.endsWith("_output")) {
      const callType = calls.get(callId);
      if (callType === undefined || ANSWERS[callType] !== type) {
        return invalidRequest(`No tool call found for ${type.replaceAll("_", " ")} with call_id ${callId}.`, "input");
      }
      if (answered.has(callId)) return invalidRequest(`Duplicate ${type} for call_id ${callId}.`, "input");
      answered.add(callId);
      const refused = checkOutput(item, i);
      if (refused !== undefined) return refused;
    }
  }
  const missing = [...calls].find(([callId]) => !answered.has(callId));
  if (missing !== undefined)
    return invalidRequest(`No tool output found for ${missing[1].replaceAll("_", " ")} ${missing[0]}.`, "input");
  return undefined;
}

// An item as its `response.output_item.added` event shows it: a call without its arguments yet, a message without its text.
const started = (item: Json): Json => {
  if (!isObject(item)) return item;
  if (item.type === "function_call") return { ...item, arguments: "", status: "in_progress" };
  if (item.type === "message") return { ...item, content: [], status: "in_progress" };
  return item;
};

// The events of a streamed reply (`stream: true`), as the API sends them:
// each item added, a function call's arguments in two deltas, each item done,
// then the whole response.
function streamed(reply: Reply): Reply {
  if ("events" in reply || reply.status !== 200 || !isObject(reply.body) || !Array.isArray(reply.body.output))
    return reply;
  const whole = reply.body;
  const output: Json[] = reply.body.output;
  const events: JsonObject[] = [
    { type: "response.created", response: { ...whole, status: "in_progress", output: [] } },
  ];
  for (const [n, item] of output.entries()) {
    events.push({ type: "response.output_item.added", output_index: n, item: started(item) });
    if (
      isObject(item) &&
      item.type === "function_call" &&
      typeof item.arguments === "string" &&
      typeof item.id === "string"
    ) {
      const half = Math.ceil(item.arguments.length / 2);
      for (const delta of [item.arguments.slice(0, half), item.arguments.slice(half)]) {
        events.push({ type: "response.function_call_arguments.delta", output_index: n, item_id: item.id, delta });
      }
      events.push({
        type: "response.function_call_arguments.done",
        output_index: n,
        item_id: item.id,
        arguments: item.arguments,
      });
    }
    events.push({ type: "response.output_item.done", output_index: n, item });
  }
  events.push({ type: "response.completed", response: whole });
  return { status: 200, events: events.map((event, n) => ({ ...event, sequence_number: n })) };
}

/** The stand-in's `POST /v1/responses`: a JSON response, or its events for a request with `stream: true`. */
export function fakeResponsesModel(path: string, body: Json): Reply {
  const reply = answer(path, body);
  return isObject(body) && body.stream === true ? streamed(reply) : reply;
}

function answer(path: string, body: Json): Reply {
  if (path !== "/v1/responses" || !isObject(body) || !Array.isArray(body.input)) {
    return {
      status: 404,
      body: { error: { message: `No route ${path}`, type: "invalid_request_error", param: null, code: null } },
    };
  }
  const refused = checkTools(body.tools) ?? checkInput(body.input);
  if (refused !== undefined) return refused;
  const answering = body.input.some(
    (item) => isObject(item) && typeof item.type === "string" && item.type.endsWith("_output"),
  );
  if (!answering) return response("resp_1", FIRST_TURN_OUTPUT);
  return response("resp_2", [
    {
      type: "message",
      id: "msg_2",
      role: "assistant",
      status: "completed",
      phase: "final_answer",
      content: [{ type: "output_text", text: "It is 18°C and sunny in Paris.", annotations: [], logprobs: [] }],
    },
  ]);
}
