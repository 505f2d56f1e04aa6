// A local stand-in for OpenAI on 127.0.0.1 (node:http) for the notebook of
// notes-server.ts, speaking both APIs: the first turn reads a note, deletes
// it and appends to another (three parallel calls); once the calls are
// answered, the model says what the answers were. Like OpenAI, it refuses a
// request (400) whose conversation breaks the tool-call rules: every call
// answered exactly once, right after it (transcript-rules.ts).
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

const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === "object" && value !== null && !Array.isArray(value);

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
          tool_calls: NOTE_CALLS.map(([id, name, args]) => ({ id, type: "function", function: { name, arguments: JSON.stringify(args) } })),
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

function responses(input: Json[]): Json {
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
      : [{ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: summary(outputs), annotations: [] }] }];
  return { id: `resp_${outputs.length}`, object: "response", created_at: 1767225600, status: "completed", model: "gpt-test", output, tools: [], tool_choice: "auto", parallel_tool_calls: true };
}

/** Starts the stand-in. */
export async function startNotesApi(): Promise<NotesApi> {
  const requests: NotesApi["requests"][number][] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { [key: string]: Json };
      const path = request.url ?? "";
      requests.push({ path, body });
      const items = path.endsWith("/chat/completions") ? body.messages : body.input;
      const list = Array.isArray(items) ? items : [];
      const problems = path.endsWith("/chat/completions") ? chatViolations(list as never[]) : responsesViolations(list as object[]);
      const [status, reply] =
        problems.length > 0
          ? [400, { error: { message: problems.join("; "), type: "invalid_request_error", param: null, code: null } }]
          : [200, path.endsWith("/chat/completions") ? chat(list) : responses(list)];
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
