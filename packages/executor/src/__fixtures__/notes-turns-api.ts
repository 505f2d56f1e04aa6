// A local stand-in for OpenAI (both APIs, over @x/testing's server on
// 127.0.0.1) that plays the notebook of notes-server.ts over four turns: one
// read-only call; then three parallel calls (read, delete, append: an
// annotation policy runs the first and pauses on the others); then one more
// read; then a text answer. The turn is the number of model responses the
// conversation holds, plus one. Every response reports the same usage
// (TURN_USAGE). Like OpenAI, it refuses (400) a request whose conversation
// breaks the tool-call rules (each call answered exactly once, after it), and
// it stores responses so that a request may continue one with
// `previous_response_id`.
import { invalidRequest, refuseResponsesRequest, startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer, Reply } from "@x/testing";
import { chatViolations } from "./transcript-rules";

type JsonObject = { [key: string]: Json };

/** Each turn's calls: [call id, exposed name, arguments]; the last turn answers in text. */
export const TURN_CALLS: readonly (readonly [string, string, JsonObject][])[] = [
  [["call_first", "notes__read_note", { title: "ideas" }]],
  [
    ["call_read", "notes__read_note", { title: "todo" }],
    ["call_delete", "notes__delete_note", { title: "todo" }],
    ["call_append", "notes__append_note", { title: "ideas", text: ", a kite" }],
  ],
  [["call_last", "notes__read_note", { title: "ideas" }]],
];

/** What every response reports using, as the run counts it. */
export const TURN_USAGE = { inputTokens: 100, outputTokens: 10, totalTokens: 110 } as const;

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

const answersOf = (items: readonly Json[]): string[] =>
  items.filter(isObject).flatMap((item) => {
    if (item.role === "tool" && typeof item.content === "string") return [item.content];
    if (item.type === "function_call_output" && typeof item.output === "string") return [item.output];
    return [];
  });

const finalText = (items: readonly Json[]): string => `Done: ${answersOf(items).join(" | ")}`;

function chatReply(messages: readonly Json[]): Json {
  const turn = messages.filter((message) => isObject(message) && message.role === "assistant").length + 1;
  const calls = TURN_CALLS[turn - 1];
  const message: JsonObject =
    calls === undefined
      ? { role: "assistant", content: finalText(messages), refusal: null }
      : {
          role: "assistant",
          content: null,
          refusal: null,
          tool_calls: calls.map(([id, name, args]) => ({
            id,
            type: "function",
            function: { name, arguments: JSON.stringify(args) },
          })),
        };
  return {
    id: `chatcmpl-${turn}`,
    object: "chat.completion",
    created: 1767225600,
    model: "gpt-test",
    choices: [{ index: 0, message, logprobs: null, finish_reason: calls === undefined ? "stop" : "tool_calls" }],
    usage: {
      prompt_tokens: TURN_USAGE.inputTokens,
      completion_tokens: TURN_USAGE.outputTokens,
      total_tokens: TURN_USAGE.totalTokens,
    },
  };
}

function responsesReply(conversation: readonly Json[], id: string): JsonObject {
  const turn = conversation.filter((item) => isObject(item) && item.type === "reasoning").length + 1;
  const calls = TURN_CALLS[turn - 1];
  const output: Json[] = [
    { type: "reasoning", id: `rs_${turn}`, summary: [] },
    ...(calls === undefined
      ? [
          {
            type: "message",
            id: `msg_${turn}`,
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: finalText(conversation), annotations: [] }],
          },
        ]
      : calls.map(([callId, name, args], n) => ({
          type: "function_call",
          id: `fc_${turn}_${n}`,
          call_id: callId,
          name,
          arguments: JSON.stringify(args),
          status: "completed",
        }))),
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
    usage: {
      input_tokens: TURN_USAGE.inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: TURN_USAGE.outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: TURN_USAGE.totalTokens,
    },
  };
}

/** Starts the stand-in; `exchanges` holds every request and its reply. */
export async function startNotesTurnsApi(): Promise<OpenAiServer> {
  // Each stored response's whole conversation (its input and output), by response id.
  const conversations = new Map<string, Json[]>();
  let responses = 0;
  return startOpenAiServer((path, body): Reply => {
    if (!isObject(body)) return invalidRequest("The body must be a JSON object.");
    if (path.endsWith("/chat/completions")) {
      const messages = list(body.messages);
      const problems = chatViolations(messages.filter(isObject) as never[]);
      return problems.length > 0 ? invalidRequest(problems.join("; ")) : { status: 200, body: chatReply(messages) };
    }
    if (!path.endsWith("/responses")) return invalidRequest(`Unknown path ${path}.`);
    const previous = typeof body.previous_response_id === "string" ? conversations.get(body.previous_response_id) : [];
    if (previous === undefined)
      return invalidRequest(`Previous response with id ${JSON.stringify(body.previous_response_id)} not found.`);
    const conversation = [...previous, ...list(body.input)];
    const refused = refuseResponsesRequest({ ...body, input: conversation });
    if (refused !== undefined) return refused;
    const reply = responsesReply(conversation, `resp_${++responses}`);
    conversations.set(reply.id as string, [...conversation, ...list(reply.output)]);
    return { status: 200, body: reply };
  });
}
