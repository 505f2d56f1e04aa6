// What the stand-in for the Responses API refuses, as OpenAI does (400): a
// field the API does not know, on the request, a tool or an input item this
// repository sends; and a call in the input that no output answers, or an
// output answering no call before it (tool searches included: a
// `tool_search_call` run on the client needs one `tool_search_output`).
import { invalidRequest } from "./openai-server";
import type { Json, Reply } from "./openai-server";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const fields = (names: string): ReadonlySet<string> => new Set(names.split(" "));

// The fields the API's own types give each shape (openai's responses.d.ts).
const REQUEST = fields(
  "model input tools instructions previous_response_id store stream tool_choice parallel_tool_calls reasoning",
);
const FUNCTION = fields("type name description parameters strict defer_loading output_schema");
const NAMESPACE = fields("type name description tools");
const TOOL_SEARCH = fields("type execution description parameters");
const ITEMS: { readonly [type: string]: ReadonlySet<string> } = {
  message: fields("type id role content status phase"),
  reasoning: fields("type id summary content encrypted_content status"),
  function_call: fields("type id call_id name namespace arguments status"),
  function_call_output: fields("type id call_id output status"),
  tool_search_call: fields("type id call_id arguments execution status"),
  tool_search_output: fields("type id call_id execution status tools"),
};
const PARTS: { readonly [type: string]: ReadonlySet<string> } = {
  input_text: fields("type text"),
  input_image: fields("type image_url detail"),
  input_file: fields("type file_data filename"),
};
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

function unknownField(value: JsonObject, known: ReadonlySet<string>, path: string): Reply | undefined {
  const extra = Object.keys(value).find((key) => !known.has(key));
  return extra === undefined ? undefined : invalidRequest(`Unknown parameter: '${path}.${extra}'.`, `${path}.${extra}`);
}

function checkFunction(tool: JsonObject, path: string): Reply | undefined {
  if (typeof tool.name !== "string" || !NAME.test(tool.name))
    return invalidRequest(`Invalid '${path}.name'.`, `${path}.name`);
  if (!isObject(tool.parameters)) return invalidRequest(`Invalid '${path}.parameters'.`, `${path}.parameters`);
  if (typeof tool.strict !== "boolean") return invalidRequest(`Missing '${path}.strict'.`, `${path}.strict`);
  return unknownField(tool, FUNCTION, path);
}

function checkNamespace(tool: JsonObject, path: string): Reply | undefined {
  const refused = unknownField(tool, NAMESPACE, path);
  if (refused !== undefined) return refused;
  const inner = Array.isArray(tool.tools) ? tool.tools : [];
  if (
    typeof tool.name !== "string" ||
    !NAME.test(tool.name) ||
    typeof tool.description !== "string" ||
    inner.length === 0
  ) {
    return invalidRequest(`Invalid namespace '${path}'.`, path);
  }
  for (const [j, fn] of inner.entries()) {
    const at = `${path}.tools[${j}]`;
    const problem =
      isObject(fn) && fn.type === "function" ? checkFunction(fn, at) : invalidRequest(`Invalid '${at}'.`, at);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** A `tools` list (of the request, or of a `tool_search_output`): functions, namespaces of functions, `tool_search`. */
export function checkTools(tools: Json | undefined, path: string): Reply | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return invalidRequest(`Invalid type for '${path}': expected an array.`, path);
  for (const [i, tool] of tools.entries()) {
    const at = `${path}[${i}]`;
    if (!isObject(tool)) return invalidRequest(`Invalid value for '${at}'.`, at);
    let refused: Reply | undefined;
    if (tool.type === "function") refused = checkFunction(tool, at);
    else if (tool.type === "namespace") refused = checkNamespace(tool, at);
    else if (tool.type === "tool_search") refused = unknownField(tool, TOOL_SEARCH, at);
    else refused = invalidRequest(`Invalid value for '${at}.type'.`, `${at}.type`);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

function checkParts(output: Json | undefined, path: string): Reply | undefined {
  if (typeof output === "string") return undefined;
  if (!Array.isArray(output)) return invalidRequest(`Invalid type for '${path}'.`, path);
  for (const [j, part] of output.entries()) {
    const known = isObject(part) && typeof part.type === "string" ? PARTS[part.type] : undefined;
    if (!isObject(part) || known === undefined)
      return invalidRequest(`Invalid value for '${path}[${j}]'.`, `${path}[${j}]`);
    const refused = unknownField(part, known, `${path}[${j}]`);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

// Which output answers which call, and whether the client must send it.
const ANSWER_OF: { readonly [callType: string]: string } = {
  function_call: "function_call_output",
  tool_search_call: "tool_search_output",
};

/**
 * The 400 the Responses API would give `body`, or `undefined` when it would
 * take it: unknown fields on the request, its tools and input items (and
 * their output parts) are refused, and so is a `function_call` or
 * client-executed `tool_search_call` without exactly one answer after it.
 */
export function refuseResponsesRequest(body: Json): Reply | undefined {
  if (!isObject(body)) return invalidRequest("The body must be a JSON object.");
  const refused = unknownField(body, REQUEST, "body") ?? checkTools(body.tools, "tools");
  if (refused !== undefined) return refused;
  const input = Array.isArray(body.input) ? body.input : [];
  const open = new Map<string, string>();
  for (const [i, item] of input.entries()) {
    const at = `input[${i}]`;
    if (!isObject(item)) return invalidRequest(`Invalid type for '${at}'.`, at);
    const type = typeof item.type === "string" ? item.type : "message";
    const known = ITEMS[type];
    if (known === undefined) return invalidRequest(`Invalid value for '${at}.type': ${type}.`, `${at}.type`);
    const problem =
      (item.type === undefined ? undefined : unknownField(item, known, at)) ??
      (type === "function_call_output" ? checkParts(item.output, `${at}.output`) : undefined) ??
      (type === "tool_search_output" ? checkTools(item.tools, `${at}.tools`) : undefined);
    if (problem !== undefined) return problem;
    const callId = typeof item.call_id === "string" ? item.call_id : "";
    const answers = ANSWER_OF[type];
    if (answers !== undefined && (type !== "tool_search_call" || item.execution === "client"))
      open.set(callId, answers);
    // A hosted search's output comes back with its call; only the client's answers are counted.
    if (Object.values(ANSWER_OF).includes(type) && !(type === "tool_search_output" && item.execution === "server")) {
      if (open.get(callId) !== type)
        return invalidRequest(`No tool call found for ${type.replaceAll("_", " ")} with call_id ${callId}.`, "input");
      open.delete(callId);
    }
  }
  const [missing] = open;
  if (missing !== undefined)
    return invalidRequest(`No tool output found for call ${missing[0]} (expected a ${missing[1]}).`, "input");
  return undefined;
}
