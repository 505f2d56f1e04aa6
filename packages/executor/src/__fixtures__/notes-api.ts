// A local stand-in for OpenAI on 127.0.0.1 (node:http) for the notebook of
// notes-server.ts, speaking both APIs: the first turn reads a note, deletes
// it and appends to another (three parallel calls); once the calls are
// answered, the model says what the answers were. Like OpenAI, it refuses a
// request (400) whose conversation breaks the tool-call rules: every call
// answered exactly once, right after it (transcript-rules.ts). A request with
// `stream: true` is answered with server-sent events as the API streams
// them; `hangMidStream` sends only the first half of a stream and then waits,
// as a connection that stalls. Responses are stored: a request may continue
// one with `previous_response_id`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chatViolations, responsesViolations } from "./transcript-rules";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface NotesApi {
  readonly baseURL: string;
  /** Every request body, in order. */
  readonly requests: { readonly path: string; readonly body: { [key: string]: Json } }[];
  close(): Promise<void>;
}

/** The first turn's calls: [call id, exposed name, arguments]. */
export const NOTE_CALLS: [string, string, Json][] = [
  ["call_read", "notes__read_note", { title: "todo" }],
  ["call_delete", "notes__delete_note", { title: "todo" }],
  ["call_append", "notes__append_note", { title: "ideas", text: ", a kite" }],
];

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const outputsOf = (items: Json[]): string[] =>
  items.flatMap((item) => {
    if (!isObject(item)) return [];
    if (item.role === "tool" && typeof item.content === "string") return [item.content];
    if (item.type === "function_call_output" && typeof item.output === "string") return [item.output];
    return [];
  });

const summary = (outputs: string[]): string => `Done: ${outputs.join(" | ")}`;

function chat(messages: Json[]): Json {
  const outputs = outputsOf(messages);
  const message =
    outputs.length === 0
      ? {
          role: "assistant",
          content: null,
          refusal: null,
          tool_calls: NOTE_CALLS.map(([id, name, args]) => ({
            id,
            type: "function",
            function: { name, arguments: JSON.stringify(args) },
          })),
        }
      : { role: "assistant", content: summary(outputs), refusal: null };
  return {
    id: `chatcmpl-${outputs.length}`,
    object: "chat.completion",
    created: 1767225600,
    model: "gpt-test",
    choices: [{ index: 0, message, logprobs: null, finish_reason: outputs.length === 0 ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function responses(input: Json[], id: string): Json {
  const outputs = outputsOf(input);
  const output: Json[] =
    outputs.length === 0
      ? [
          { type: "reasoning", id: "rs_1", summary: [] },
          ...NOTE_CALLS.map(([callId, name, args], n): Json => ({
            type: "function_call",
            id: `fc_${n}`,
            call_id: callId,
            name,
            arguments: JSON.stringify(args),
            status: "completed",
          })),
        ]
      : [
          {
            type: "message",
            id: "msg_1",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: summary(outputs), annotations: [] }],
          },
        ];
  return {
    id,
    object: "response",
    created_at: 1767225600,
    status: "completed",
    model: "gpt-test",
    output,
    tools: [],
    tool_choice: "auto",
    parallel_tool_calls: true,
  };
}

type JsonObject = { [key: string]: Json };

// A completion as chunks: the role, the text in two pieces, each call's id and
// name, then its arguments in two pieces, the finish reason, the usage.
function chatChunks(completion: JsonObject): JsonObject[] {
  const choice = (completion.choices as JsonObject[])[0] as JsonObject;
  const message = choice.message as JsonObject;
  const base = { id: completion.id ?? null, object: "chat.completion.chunk", created: 1767225600, model: "gpt-test" };
  const chunk = (delta: JsonObject, finish: Json = null): JsonObject => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const halves = (text: string): string[] => [
    text.slice(0, Math.ceil(text.length / 2)),
    text.slice(Math.ceil(text.length / 2)),
  ];
  const chunks = [chunk({ role: "assistant", content: "" })];
  if (typeof message.content === "string")
    for (const piece of halves(message.content)) chunks.push(chunk({ content: piece }));
  for (const [index, call] of ((message.tool_calls ?? []) as JsonObject[]).entries()) {
    const fn = call.function as JsonObject;
    chunks.push(
      chunk({
        tool_calls: [
          { index, id: call.id ?? null, type: "function", function: { name: fn.name ?? null, arguments: "" } },
        ],
      }),
    );
    for (const piece of halves(typeof fn.arguments === "string" ? fn.arguments : ""))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  }
  chunks.push(chunk({}, choice.finish_reason ?? null), { ...base, choices: [], usage: completion.usage ?? null });
  return chunks;
}

// A response as events: each item added (a call without its arguments), the
// arguments or text in deltas, each item done, then the whole response.
function responseEvents(response: JsonObject): JsonObject[] {
  const events: JsonObject[] = [
    { type: "response.created", response: { ...response, status: "in_progress", output: [] } },
  ];
  for (const [n, item] of (response.output as JsonObject[]).entries()) {
    if (item.type === "function_call") {
      events.push({
        type: "response.output_item.added",
        output_index: n,
        item: { ...item, arguments: "", status: "in_progress" },
      });
      events.push({
        type: "response.function_call_arguments.delta",
        output_index: n,
        item_id: item.id ?? null,
        delta: item.arguments ?? null,
      });
    } else if (item.type === "message") {
      events.push({
        type: "response.output_item.added",
        output_index: n,
        item: { ...item, content: [], status: "in_progress" },
      });
      const part = (item.content as JsonObject[])[0] as JsonObject;
      const text = typeof part.text === "string" ? part.text : "";
      events.push({
        type: "response.content_part.added",
        output_index: n,
        item_id: item.id ?? null,
        content_index: 0,
        part: { type: "output_text", text: "", annotations: [] },
      });
      events.push({
        type: "response.output_text.delta",
        output_index: n,
        item_id: item.id ?? null,
        content_index: 0,
        delta: text,
      });
    } else {
      events.push({ type: "response.output_item.added", output_index: n, item });
    }
    events.push({ type: "response.output_item.done", output_index: n, item });
  }
  events.push({ type: "response.completed", response });
  return events.map((event, n) => ({ ...event, sequence_number: n }));
}

const sse = (event: JsonObject): string =>
  `${typeof event.type === "string" ? `event: ${event.type}\n` : ""}data: ${JSON.stringify(event)}\n\n`;

/** Starts the stand-in. */
export async function startNotesApi(options: { readonly hangMidStream?: boolean } = {}): Promise<NotesApi> {
  const requests: NotesApi["requests"][number][] = [];
  // Each stored response's whole conversation, by response id, for previous_response_id.
  const conversations = new Map<string, Json[]>();
  let responseCount = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { [key: string]: Json };
      const path = request.url ?? "";
      requests.push({ path, body });
      const items = path.endsWith("/chat/completions") ? body.messages : body.input;
      const sent = Array.isArray(items) ? items : [];
      // With previous_response_id, the conversation is the stored one (that
      // response's input and output) followed by the new items: the rules
      // apply to the whole of it, so an unanswered call is refused either way.
      const previous =
        typeof body.previous_response_id === "string" ? conversations.get(body.previous_response_id) : [];
      const list = [...(previous ?? []), ...sent];
      const problems =
        previous === undefined
          ? [`Previous response with id '${JSON.stringify(body.previous_response_id)}' not found.`]
          : path.endsWith("/chat/completions")
            ? chatViolations(list as never[])
            : responsesViolations(list as object[]);
      const [status, reply] =
        problems.length > 0
          ? [400, { error: { message: problems.join("; "), type: "invalid_request_error", param: null, code: null } }]
          : [200, path.endsWith("/chat/completions") ? chat(list) : responses(list, `resp_${++responseCount}`)];
      if (status === 200 && !path.endsWith("/chat/completions")) {
        const { id, output } = reply as { id: string; output: Json[] };
        conversations.set(id, [...list, ...output]);
      }
      if (status === 200 && body.stream === true) {
        const events = path.endsWith("/chat/completions")
          ? chatChunks(reply as JsonObject)
          : responseEvents(reply as JsonObject);
        response.writeHead(200, { "content-type": "text/event-stream" });
        if (options.hangMidStream === true) {
          response.write(
            events
              .slice(0, Math.ceil(events.length / 2))
              .map(sse)
              .join(""),
          );
          return;
        }
        response.end(`${events.map(sse).join("")}data: [DONE]\n\n`);
        return;
      }
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A stalled stream keeps its connection open: end it.
        server.closeAllConnections();
      }),
  };
}
