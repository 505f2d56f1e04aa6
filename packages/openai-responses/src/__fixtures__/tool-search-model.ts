// A stand-in model that finds its tools through client-side tool search: it
// searches first, calls the weather tool in its namespace once the search
// loaded it, then answers. Every request is checked as the API checks it
// (testing/responses-request.ts): unknown fields and unanswered calls are
// refused with OpenAI's 400; so is a call to a function no request or
// tool_search_output loaded.
import { invalidRequest } from "@x/testing";
import type { Json, Reply } from "@x/testing";
import { refuseResponsesRequest } from "@x/testing";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
const text = (value: Json | undefined): string => (typeof value === "string" ? value : "");

const response = (id: string, output: Json[]): Reply => ({
  status: 200,
  body: {
    id,
    object: "response",
    created_at: 1767225600,
    status: "completed",
    model: "gpt-test",
    output,
    tools: [],
    parallel_tool_calls: true,
    tool_choice: "auto",
  },
});

/** `namespace.name` of every function the request's tools or a `tool_search_output` in its input loaded. */
function loadedFunctions(body: JsonObject): Set<string> {
  const loaded = new Set<string>();
  const add = (tools: Json[]): void => {
    for (const tool of tools.filter(isObject)) {
      if (tool.type === "function") loaded.add(text(tool.name));
      if (tool.type === "namespace")
        for (const fn of list(tool.tools).filter(isObject)) loaded.add(`${text(tool.name)}.${text(fn.name)}`);
    }
  };
  add(list(body.tools));
  for (const item of list(body.input).filter(isObject)) if (item.type === "tool_search_output") add(list(item.tools));
  return loaded;
}

/** The Responses endpoint: search, then call `demo.get_weather`, then answer. */
export function toolSearchModel(path: string, body: Json): Reply {
  if (path !== "/v1/responses") return invalidRequest(`Unknown path ${path}.`);
  const refused = refuseResponsesRequest(body);
  if (refused !== undefined || !isObject(body)) return refused ?? invalidRequest("Not an object.");
  const input = list(body.input).filter(isObject);
  for (const item of input) {
    const name =
      item.type === "function_call"
        ? `${typeof item.namespace === "string" ? `${item.namespace}.` : ""}${text(item.name)}`
        : undefined;
    if (name !== undefined && !loadedFunctions(body).has(name))
      return invalidRequest(`Function '${name}' was called but never loaded.`, "input");
  }
  const answered = input.find((item) => item.type === "function_call_output");
  if (answered !== undefined) {
    const said = typeof answered.output === "string" ? answered.output : JSON.stringify(answered.output);
    return response("resp_3", [
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: `The tool says: ${said}`, annotations: [] }],
      },
    ]);
  }
  if (input.some((item) => item.type === "tool_search_output")) {
    if (!loadedFunctions(body).has("demo.get_weather"))
      return response("resp_2", [
        {
          type: "message",
          id: "msg_0",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "No weather tool.", annotations: [] }],
        },
      ]);
    return response("resp_2", [
      {
        type: "function_call",
        id: "fc_1",
        call_id: "call_weather",
        namespace: "demo",
        name: "get_weather",
        arguments: '{"city":"Paris","units":null}',
        status: "completed",
      },
    ]);
  }
  return response("resp_1", [
    {
      type: "tool_search_call",
      id: "ts_1",
      call_id: "call_search",
      arguments: { query: "current weather in a city" },
      execution: "client",
      status: "completed",
    },
  ]);
}
