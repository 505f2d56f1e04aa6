// A stand-in for the Responses API whose model finds the notebook's tools
// (notes-server.ts) through client-side tool search, over four turns: two
// searches; a call to notes.read_note (loaded by the first) beside a third
// search; calls to notes.append_note and notes.delete_note; then a text
// answer listing every answer it got. Like the API, it refuses (400) a
// request with a field it does not know, a call or client search without
// exactly one answer (testing/responses-request.ts), and a call to a function
// that neither the request's tools nor a `tool_search_output` loaded.
import { invalidRequest, refuseResponsesRequest, startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer, Reply } from "@x/testing";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
const text = (value: Json | undefined): string => (typeof value === "string" ? value : "");

const search = (callId: string, query: string): JsonObject => ({
  type: "tool_search_call",
  id: `ts_${callId}`,
  call_id: callId,
  arguments: { query },
  execution: "client",
  status: "completed",
});
const call = (callId: string, name: string, args: JsonObject): JsonObject => ({
  type: "function_call",
  id: `fc_${callId}`,
  call_id: callId,
  namespace: "notes",
  name,
  arguments: JSON.stringify(args),
  status: "completed",
});

/** Each turn's items after its reasoning item; the last turn answers in text. */
export const SEARCH_TURNS: readonly (readonly JsonObject[])[] = [
  [search("s1", "read a note"), search("s2", "append text to a note")],
  [call("c_read", "read_note", { title: "todo" }), search("s3", "delete a note")],
  [
    call("c_append", "append_note", { title: "ideas", text: ", a kite" }),
    call("c_delete", "delete_note", { title: "todo" }),
  ],
];

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

function respond(body: Json): Reply {
  const refused = refuseResponsesRequest(body);
  if (refused !== undefined || !isObject(body)) return refused ?? invalidRequest("Not an object.");
  const input = list(body.input).filter(isObject);
  const loaded = loadedFunctions(body);
  for (const item of input.filter((entry) => entry.type === "function_call")) {
    const name = `${text(item.namespace)}.${text(item.name)}`;
    if (!loaded.has(name)) return invalidRequest(`Function '${name}' was called but never loaded.`, "input");
  }
  const turn = input.filter((item) => item.type === "reasoning").length + 1;
  const items = SEARCH_TURNS[turn - 1];
  const answers = input.filter((item) => item.type === "function_call_output").map((item) => text(item.output));
  const output: Json[] = [
    { type: "reasoning", id: `rs_${turn}`, summary: [] },
    ...(items ?? [
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: `Done: ${answers.join(" | ")}`, annotations: [] }],
      },
    ]),
  ];
  return {
    status: 200,
    body: {
      id: `resp_${turn}`,
      object: "response",
      created_at: 1767225600,
      status: "completed",
      model: "gpt-test",
      output,
      tools: [],
      parallel_tool_calls: true,
      tool_choice: "auto",
    },
  };
}

/** Starts the stand-in (Responses only). */
export function startToolSearchApi(): Promise<OpenAiServer> {
  return startOpenAiServer((path, body) =>
    path.endsWith("/responses") ? respond(body) : invalidRequest(`Unknown path ${path}.`),
  );
}
