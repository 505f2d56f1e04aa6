// One round by hand, as the adapters' READMEs show it, over real HTTP: the
// official openai client gets a response from a stand-in whose model calls
// encoded tools (an open map as key/value entries, free-form values as JSON
// text, an optional property as null), `executeToolCalls(response, prepared,
// clients)` runs them, and the MCP server records what reached it: the
// arguments as the tool's own schema has them, never the encoded form.
import { invalidRequest, refuseResponsesRequest, startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer, Reply } from "@x/testing";
import { adapter as chat } from "@x/openai-chat";
import { adapter as responses } from "@x/openai-responses";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startEncodedServer } from "./__fixtures__/encoded-server";
import type { EncodedServer } from "./__fixtures__/encoded-server";
import { chatViolations } from "./__fixtures__/transcript-rules";
import { executeToolCalls } from "./execute-tool-calls";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

// The model's calls, in the encoded form the request offered.
const CALLS: [string, string, JsonObject][] = [
  [
    "c_label",
    "enc__label",
    {
      resource: "vm-1",
      labels: [
        { key: "team", value: "a" },
        { key: "env", value: "prod" },
      ],
      note: null,
    },
  ],
  ["c_store", "enc__store", { key: "k", value: '{"nested":[1,2,null]}', meta: '{"by":"me"}' }],
  ["c_bad", "enc__store", { key: "k2", value: "{not json", meta: null }],
];

const answersOf = (items: Json[]): string[] =>
  items
    .filter(isObject)
    .flatMap((item) =>
      typeof item.content === "string" && item.role === "tool"
        ? [item.content]
        : item.type === "function_call_output" && typeof item.output === "string"
          ? [item.output]
          : [],
    );

/** The stand-in: the first request gets the calls, one with answers gets them back as text; broken transcripts 400. */
function model(path: string, body: Json): Reply {
  if (!isObject(body)) return invalidRequest("Not an object.");
  if (path.endsWith("/chat/completions")) {
    const messages = list(body.messages);
    const problems = chatViolations(messages.filter(isObject) as never[]);
    if (problems.length > 0) return invalidRequest(problems.join("; "));
    const answers = answersOf(messages);
    const message =
      answers.length > 0
        ? { role: "assistant", content: `Got: ${answers.join(" | ")}`, refusal: null }
        : {
            role: "assistant",
            content: null,
            refusal: null,
            tool_calls: CALLS.map(([id, name, args]) => ({
              id,
              type: "function",
              function: { name, arguments: JSON.stringify(args) },
            })),
          };
    return {
      status: 200,
      body: {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1767225600,
        model: "gpt-test",
        choices: [{ index: 0, message, logprobs: null, finish_reason: answers.length > 0 ? "stop" : "tool_calls" }],
      },
    };
  }
  const refused = refuseResponsesRequest(body);
  if (refused !== undefined) return refused;
  const answers = answersOf(list(body.input));
  const output: Json[] =
    answers.length > 0
      ? [
          {
            type: "message",
            id: "msg_1",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text: `Got: ${answers.join(" | ")}`, annotations: [] }],
          },
        ]
      : CALLS.map(([callId, name, args], n) => ({
          type: "function_call",
          id: `fc_${n}`,
          call_id: callId,
          name,
          arguments: JSON.stringify(args),
          status: "completed",
        }));
  return {
    status: 200,
    body: {
      id: "resp_1",
      object: "response",
      created_at: 1767225600,
      status: "completed",
      model: "gpt-test",
      output,
      tools: [],
      tool_choice: "auto",
      parallel_tool_calls: true,
    },
  };
}

let api: OpenAiServer;
let enc: EncodedServer;
let openai: OpenAI;
beforeEach(async () => {
  [api, enc] = await Promise.all([startOpenAiServer(model), startEncodedServer()]);
  openai = new OpenAI({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
});
afterEach(async () => {
  await Promise.all([api.close(), enc.close()]);
});

// What the server must receive: maps as maps, JSON text parsed, the null strict mode added gone (the null inside a
// free-form value kept: the model wrote it).
const RESTORED = [
  ["label", { resource: "vm-1", labels: { team: "a", env: "prod" } }],
  ["store", { key: "k", value: { nested: [1, 2, null] }, meta: { by: "me" } }],
];

describe("executeToolCalls(response, prepared, clients) over real HTTP", () => {
  it("Chat Completions: an encoded tool's call reaches the MCP server restored", async () => {
    const prepared = chat.tools(enc.toolset);
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Label and store." }];
    const completion = await openai.chat.completions.create({ model: "gpt-test", messages, tools: prepared.tools });
    const { items, outcomes } = await executeToolCalls(completion, prepared, { enc: enc.client });

    expect(api.exchanges[0]?.request).toMatchObject({
      tools: [
        { function: { name: "enc__label", parameters: { properties: { labels: { type: "array" } } } } },
        { function: { name: "enc__store", parameters: { properties: { value: { type: "string" } } } } },
      ],
    });
    expect(enc.received.sort()).toEqual(RESTORED);
    expect(outcomes.map((outcome) => [outcome.callId, outcome.kind])).toEqual([
      ["c_label", "call"],
      ["c_store", "call"],
      ["c_bad", "rejected"],
    ]);
    expect(outcomes[2]).toMatchObject({ outcome: { code: "arguments-not-restorable" } });

    messages.push(...items);
    const next = await openai.chat.completions.create({ model: "gpt-test", messages, tools: prepared.tools });
    expect(next.choices[0]?.message.content).toMatch(/^Got: labelled vm-1 \| stored k \| Error: /);
  });

  it("Responses: an encoded tool's call reaches the MCP server restored", async () => {
    const prepared = responses.tools(enc.toolset);
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Label and store." }];
    const response = await openai.responses.create({ model: "gpt-test", input, tools: prepared.tools });
    const { items, outcomes } = await executeToolCalls(response, prepared, new Map([["enc", enc.client]]));

    expect(api.exchanges[0]?.request).toMatchObject({
      tools: [
        { name: "enc__label", parameters: { properties: { labels: { type: "array" } } } },
        { name: "enc__store", parameters: { properties: { value: { type: "string" } } } },
      ],
    });
    expect(enc.received.sort()).toEqual(RESTORED);
    expect(outcomes.map((outcome) => [outcome.callId, outcome.kind])).toEqual([
      ["c_label", "call"],
      ["c_store", "call"],
      ["c_bad", "rejected"],
    ]);
    expect(outcomes[2]).toMatchObject({ outcome: { code: "arguments-not-restorable" } });

    // `items` has the adapter's own loose item type (it does not depend on openai), which openai's input type does
    // not take as it is.
    input.push(...(items as OpenAI.Responses.ResponseInputItem[]));
    const next = await openai.responses.create({ model: "gpt-test", input, tools: prepared.tools });
    expect(next.output_text).toMatch(/^Got: labelled vm-1 \| stored k \| Error: /);
  });
});
