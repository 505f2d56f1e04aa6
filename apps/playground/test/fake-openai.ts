// A local OpenAI-compatible server for the tests: /v1/chat/completions and
// /v1/responses answer the first turn of a conversation with a tool call and
// the next with text, and refuse (400) a request that leaves a call id
// unanswered or answers one twice, as OpenAI does. With `stream: true` the
// answer comes as the API streams it (fake-stream.ts), and `holdStreams`
// holds it after its first piece of text.
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { chatChunks, createStreamGate, responseEvents, writeStream } from "./fake-stream";
import type { StreamGate } from "./fake-stream";

/** The tool call the fake model makes on the first turn. */
export interface ScriptedCall {
  readonly name: string;
  readonly arguments: string;
}

/** A running fake. */
export interface FakeOpenAi {
  /** For `OPENAI_BASE_URL`: `http://127.0.0.1:PORT/v1`. */
  readonly baseURL: string;
  /** Every request body received, with its path. */
  readonly requests: { path: string; body: { [key: string]: unknown } }[];
  /** From now on, streamed answers stop after their first piece of text until the returned function is called. */
  holdStreams(): () => void;
  close(): Promise<void>;
}

/** A model name the fake refuses with 404, as OpenAI refuses an unknown model. */
export const UNKNOWN_MODEL = "no-such-model";

/** A model name the fake answers at once with a text of {@link HUGE_ANSWER_CHARS} characters, calling no tool. */
export const HUGE_ANSWER_MODEL = "huge-answer";

/** The length of the huge answer: 3 MB of ASCII. */
export const HUGE_ANSWER_CHARS = 3_000_000;

/** The scripted final text: the huge one for {@link HUGE_ANSWER_MODEL}, else what the last tool output said. */
function finalText(body: { [key: string]: unknown }, toolText: string | undefined): string | undefined {
  if (body["model"] === HUGE_ANSWER_MODEL) return "x".repeat(HUGE_ANSWER_CHARS);
  return toolText === undefined ? undefined : `The tool said: ${toolText}`;
}

type Item = { readonly [key: string]: unknown };

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** A finished answer: as JSON, or (the request asked `stream: true`) as the API streams it, through `gate`. */
function answer(response: ServerResponse, request: Item, body: Item, gate: StreamGate): void {
  if (request["stream"] !== true) return send(response, 200, body);
  const chat = body["object"] === "chat.completion";
  void writeStream(response, chat ? chatChunks(body) : responseEvents(body), gate, { done: chat });
}

function refuse(response: ServerResponse, status: number, message: string, code: string | null = null): void {
  send(response, status, { error: { message, type: "invalid_request_error", param: null, code } });
}

async function readBody(request: IncomingMessage): Promise<{ [key: string]: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { [key: string]: unknown };
}

/** Every call id issued must be answered exactly once; returns what is wrong, or undefined. */
function unanswered(issued: readonly string[], answered: readonly string[]): string | undefined {
  for (const id of issued) {
    const count = answered.filter((answer) => answer === id).length;
    if (count === 0) return `No tool output found for function call ${id}.`;
    if (count > 1) return `Duplicate tool output for function call ${id}.`;
  }
  const stray = answered.find((id) => !issued.includes(id));
  return stray === undefined ? undefined : `No tool call found for function call output with call_id ${stray}.`;
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value))
    return value
      .map((part: Item) => (typeof part["text"] === "string" ? part["text"] : `[${String(part["type"])}]`))
      .join(" ");
  return "";
}

let counter = 0;
const id = (prefix: string): string => `${prefix}_${(++counter).toString(36).padStart(8, "0")}`;

function chatCompletion(
  body: { [key: string]: unknown },
  call: ScriptedCall,
  response: ServerResponse,
  gate: StreamGate,
): void {
  const messages = (body["messages"] as Item[] | undefined) ?? [];
  const issued = messages.flatMap((message) =>
    message["role"] === "assistant" && Array.isArray(message["tool_calls"])
      ? (message["tool_calls"] as Item[]).map((c) => String(c["id"]))
      : [],
  );
  const answered = messages.flatMap((message) => (message["role"] === "tool" ? [String(message["tool_call_id"])] : []));
  const problem = unanswered(issued, answered);
  if (problem !== undefined) return refuse(response, 400, problem);
  const last = messages.at(-1);
  const base = {
    id: id("chatcmpl"),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: String(body["model"]),
  };
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const text = finalText(body, last?.["role"] === "tool" ? textOf(last["content"]) : undefined);
  const [finish, message] =
    text === undefined
      ? [
          "tool_calls",
          {
            role: "assistant",
            content: null,
            refusal: null,
            tool_calls: [{ id: id("call"), type: "function", function: call }],
          },
        ]
      : ["stop", { role: "assistant", content: text, refusal: null }];
  const choices = [{ index: 0, finish_reason: finish, logprobs: null, message }];
  return answer(response, body, { ...base, usage, choices }, gate);
}

function responsesCreate(
  body: { [key: string]: unknown },
  call: ScriptedCall,
  response: ServerResponse,
  gate: StreamGate,
): void {
  const input =
    typeof body["input"] === "string"
      ? [{ role: "user", content: body["input"] }]
      : ((body["input"] as Item[] | undefined) ?? []);
  const issued = input.flatMap((item) => (item["type"] === "function_call" ? [String(item["call_id"])] : []));
  const answered = input.flatMap((item) => (item["type"] === "function_call_output" ? [String(item["call_id"])] : []));
  const problem = unanswered(issued, answered);
  if (problem !== undefined) return refuse(response, 400, problem);
  const last = input.at(-1);
  const base = {
    id: id("resp"),
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: "completed",
    model: String(body["model"]),
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: body["tools"] ?? [],
    usage: {
      input_tokens: 10,
      output_tokens: 5,
      total_tokens: 15,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
  const text = finalText(body, last?.["type"] === "function_call_output" ? textOf(last["output"]) : undefined);
  const output =
    text === undefined
      ? [
          { type: "reasoning", id: id("rs"), summary: [] },
          {
            type: "function_call",
            id: id("fc"),
            call_id: id("call"),
            name: call.name,
            arguments: call.arguments,
            status: "completed",
          },
        ]
      : [
          {
            type: "message",
            id: id("msg"),
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text, annotations: [] }],
          },
        ];
  return answer(response, body, { ...base, output }, gate);
}

/**
 * Starts the fake on 127.0.0.1 (a free port). Its first-turn call is `call`.
 *
 * @example
 * ```ts
 * const fake = await startFakeOpenAi({ name: "demo__divide", arguments: '{"dividend":84,"divisor":2}' });
 * ```
 */
export async function startFakeOpenAi(call: ScriptedCall): Promise<FakeOpenAi> {
  const requests: FakeOpenAi["requests"] = [];
  const gate = createStreamGate();
  const server = createServer((request, response) => {
    void readBody(request)
      .then((body) => {
        const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
        requests.push({ path, body });
        if (body["model"] === UNKNOWN_MODEL)
          return refuse(
            response,
            404,
            `The model \`${UNKNOWN_MODEL}\` does not exist or you do not have access to it.`,
            "model_not_found",
          );
        if (path === "/v1/chat/completions") return chatCompletion(body, call, response, gate);
        if (path === "/v1/responses") return responsesCreate(body, call, response, gate);
        return refuse(response, 404, `Unknown path ${path}`);
      })
      .catch((error: unknown) => refuse(response, 400, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    holdStreams: () => gate.hold(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
