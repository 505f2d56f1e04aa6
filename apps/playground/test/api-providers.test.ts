// The Conversation view's API beyond OpenAI, over real HTTP: Gemini (and
// Anthropic Messages) on the scripted model with no key and no network, and on
// the official client against a stand-in of the provider's API with a key; the
// transcript the page keeps goes back and forth between messages, thought
// signatures included, and the keys stay on the server.
import { anthropicMessage, messageEvents, startAnthropicServer, startGeminiServer } from "@x/testing";
import type { AnthropicServer, GeminiServer, GeminiTurn, Json as TestingJson } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatResponse, ConversationApi, Json, StateResponse, ToolsResponse } from "../src/shared/api-types";
import { silentLogger } from "../src/server/logger";
import { startPlayground } from "../src/server/playground-server";
import type { Playground } from "../src/server/playground-server";
import { demoServerSpec } from "../src/server/server-spec";
import { rawRequest } from "./raw-http";
import type { RawResponse } from "./raw-http";

const GEMINI_KEY = "gemini-test-key-THAT-MUST-NEVER-REACH-THE-PAGE";
const ANTHROPIC_KEY = "sk-ant-test-key-THAT-MUST-NEVER-REACH-THE-PAGE";

/** The Messages stand-in's replies: a call to divide, then an answer. */
const ANTHROPIC_REPLIES: readonly { [key: string]: TestingJson }[] = [
  anthropicMessage(
    [
      { type: "text", text: "Let me divide." },
      { type: "tool_use", id: "toolu_standin_1", name: "demo__divide", input: { dividend: 84, divisor: 2 } },
    ],
    "tool_use",
  ),
  anthropicMessage([{ type: "text", text: "84 / 2 is 42." }], "end_turn"),
];

/** The Gemini stand-in's turns: a call to divide, then an answer. */
const GEMINI_TURNS: readonly GeminiTurn[] = [
  {
    parts: [{ text: "Let me divide." }, { functionCall: { name: "demo__divide", args: { dividend: 84, divisor: 2 } } }],
  },
  { parts: [{ text: "84 / 2 is 42." }], signatureInLastChunk: true },
];

let keyless: Playground;
let keyed: Playground;
let gemini: GeminiServer;
let anthropic: AnthropicServer;
/** Every answer the keyed playground gave: none may hold a key. */
const seen: RawResponse[] = [];

beforeAll(async () => {
  gemini = await startGeminiServer(({ turn }) => GEMINI_TURNS[turn % GEMINI_TURNS.length] ?? { parts: [] });
  let replies = 0;
  anthropic = await startAnthropicServer(() => ({
    status: 200,
    events: messageEvents(ANTHROPIC_REPLIES[replies++ % ANTHROPIC_REPLIES.length] ?? {}),
  }));
  [keyless, keyed] = await Promise.all([
    startPlayground({ servers: [demoServerSpec()], port: 0, logger: silentLogger }),
    startPlayground({
      servers: [demoServerSpec()],
      port: 0,
      logger: silentLogger,
      gemini: { apiKey: GEMINI_KEY, baseURL: gemini.baseUrl, model: "gemini-standin" },
      anthropic: { apiKey: ANTHROPIC_KEY, baseURL: anthropic.baseURL, model: "claude-standin" },
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([keyless?.close(), keyed?.close(), gemini?.close(), anthropic?.close()]);
});

async function post(playground: Playground, path: string, body: unknown): Promise<RawResponse> {
  const response = await rawRequest(playground.port, {
    method: "POST",
    path,
    headers: {
      host: `127.0.0.1:${playground.port}`,
      origin: `http://127.0.0.1:${playground.port}`,
      authorization: `Bearer ${playground.token}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
  if (playground === keyed) seen.push(response);
  return response;
}

async function chat(
  playground: Playground,
  api: ConversationApi,
  message: string,
  options: { model?: string; transcript?: readonly Json[]; approval?: string } = {},
): Promise<ChatResponse> {
  const response = await post(playground, "/api/chat", {
    api,
    strict: "auto",
    model: options.model ?? "scripted",
    message,
    transcript: options.transcript ?? [],
    approval: options.approval ?? "read-only-only",
  });
  expect(response.status).toBe(200);
  return response.json<ChatResponse>();
}

const MESSAGE = 'Divide 84 by 2, plot 3 1 4 1 5 as bars, and create an event "Launch" on 2025-06-01';

describe("the providers the page is told about", () => {
  it("lists every conversation API with its key's variable, and the scripted model where no key is set", async () => {
    const state = (
      await rawRequest(keyed.port, {
        method: "GET",
        path: "/api/state",
        headers: { host: `127.0.0.1:${keyed.port}`, authorization: `Bearer ${keyed.token}` },
      })
    ).json<StateResponse>();
    expect(state.providers).toEqual([
      expect.objectContaining({
        api: "responses",
        keyVariable: "OPENAI_API_KEY",
        configured: false,
        model: "scripted",
      }),
      expect.objectContaining({ api: "chat", keyVariable: "OPENAI_API_KEY", configured: false, model: "scripted" }),
      expect.objectContaining({ api: "anthropic", keyVariable: "ANTHROPIC_API_KEY", configured: true }),
      {
        api: "gemini",
        label: "Gemini",
        keyVariable: "GEMINI_API_KEY",
        configured: true,
        model: "gemini-standin",
        baseUrl: `${gemini.baseUrl}/`,
      },
    ]);
  });
});

describe("the Tools view's forms", () => {
  it("gives each tool's form in every API, and Gemini's own name where its rule refuses the exposed one", async () => {
    // A server whose name starts with a digit: Gemini takes no name that does.
    const digits = await startPlayground({
      servers: [{ ...demoServerSpec(), name: "9demo" }],
      port: 0,
      logger: silentLogger,
    });
    try {
      const response = await rawRequest(digits.port, {
        method: "GET",
        path: "/api/tools?strict=auto",
        headers: { host: `127.0.0.1:${digits.port}`, authorization: `Bearer ${digits.token}` },
      });
      const tools = response.json<ToolsResponse>();
      const divide = tools.tools.find((tool) => tool.name === "9demo__divide");
      expect(divide?.forms.map((form) => [form.api, form.status, form.name])).toEqual([
        ["chat", "strict", "9demo__divide"],
        ["responses", "strict", "9demo__divide"],
        ["anthropic", "strict", "9demo__divide"],
        ["gemini", "plain", "_9demo__divide"],
      ]);
      expect(tools.costs.map((cost) => [cost.api, cost.tokens.exact, cost.deferred === null])).toEqual([
        ["chat", true, true],
        ["responses", true, false],
        ["anthropic", false, false],
        ["gemini", false, false],
      ]);
      expect(tools.costs.find((cost) => cost.api === "anthropic")?.strictBudget?.budget).toEqual({
        strictTools: 20,
        optionalParameters: 24,
        unionParameters: 16,
      });
    } finally {
      await digits.close();
    }
  });
});

describe("the scripted model speaking Gemini", () => {
  it("calls three tools at once, reads a denial, and cites every result", async () => {
    const answer = await chat(keyless, "gemini", MESSAGE);
    expect(answer.modelError).toBeNull();
    expect(answer.turns.map((turn) => turn.calls.map((call) => call.name))).toEqual([
      ["demo__divide", "demo__plot_bars", "demo__create_event"],
      [],
    ]);
    expect(answer.turns[0]?.calls[2]?.returned).toContain("did not allow the call");
    expect(answer.finalText).toContain("- demo__divide returned “42”.");
    // Gemini takes the image back in the function response: the model saw it.
    expect(answer.finalText).toContain("- demo__plot_bars returned “A bar chart of 5 value(s).” and an image");
    expect(answer.finalText).toContain("- demo__create_event: you did not allow it");
    expect(answer.stopReason).toBe("Done: the model answered, calling no more tools.");
  });

  it("puts a thought signature on the first call of a turn, and the transcript replays it", async () => {
    const answer = await chat(keyless, "gemini", MESSAGE);
    const [model, answers] = answer.transcript.slice(1, 3) as { role: string; parts: { [key: string]: Json }[] }[];
    expect(model?.role).toBe("model");
    const calls = model?.parts.filter((part) => part["functionCall"] !== undefined) ?? [];
    expect(calls.map((part) => typeof part["thoughtSignature"])).toEqual(["string", "undefined", "undefined"]);
    expect(answers?.parts.map((part) => Object.keys(part))).toEqual([
      ["functionResponse"],
      ["functionResponse"],
      ["functionResponse"],
    ]);
    expect(answer.turns[0]?.replayed).toEqual([model]);
  });

  it("reads an error (Gemini's error key), tries once more, and goes on from the transcript it returned", async () => {
    const first = await chat(keyless, "gemini", "What is 7 divided by 0?");
    expect(first.turns.map((turn) => turn.calls.map((call) => call.arguments))).toEqual([
      ['{"dividend":7,"divisor":0}'],
      ['{"dividend":8,"divisor":8}'],
      [],
    ]);
    expect(first.turns[0]?.outputs[0]).toMatchObject({
      functionResponse: { response: { error: expect.any(String) as string } },
    });
    expect(first.finalText).toContain("demo__divide failed: “Cannot divide 7 by zero");
    const next = await chat(keyless, "gemini", "What is 9 divided by 3?", { transcript: first.transcript });
    expect(next.finalText).toBe("Here is what the tools said:\n- demo__divide returned “3”.");
  });
});

describe("the scripted model speaking Anthropic Messages", () => {
  it("calls three tools at once, reads a denial, and cites every result, the image included", async () => {
    const answer = await chat(keyless, "anthropic", MESSAGE);
    expect(answer.modelError).toBeNull();
    expect(answer.turns.map((turn) => turn.calls.map((call) => call.name))).toEqual([
      ["demo__divide", "demo__plot_bars", "demo__create_event"],
      [],
    ]);
    // One user message answers the three tool_use blocks, tool_result blocks in tool_use order.
    const answers = answer.transcript[2] as { role: string; content: { type: string; tool_use_id: string }[] };
    const uses = (answer.transcript[1] as { content: { type: string; id?: string }[] }).content.filter(
      (block) => block.type === "tool_use",
    );
    expect(answers.role).toBe("user");
    expect(answers.content.map((block) => block.tool_use_id)).toEqual(uses.map((block) => block.id));
    expect(answer.finalText).toContain("- demo__divide returned “42”.");
    expect(answer.finalText).toContain("- demo__plot_bars returned “A bar chart of 5 value(s).” and an image");
    expect(answer.finalText).toContain("- demo__create_event: you did not allow it");
  });

  it("reads an error by is_error (no prefix), tries once more, and goes on from the transcript", async () => {
    const first = await chat(keyless, "anthropic", "What is 7 divided by 0?");
    expect(first.turns[0]?.outputs[0]).toMatchObject({ type: "tool_result", is_error: true });
    expect(first.turns[0]?.calls[0]?.returned).not.toContain("Error:");
    expect(first.turns.map((turn) => turn.calls.map((call) => call.arguments))).toEqual([
      ['{"dividend":7,"divisor":0}'],
      ['{"dividend":8,"divisor":8}'],
      [],
    ]);
    const next = await chat(keyless, "anthropic", "What is 9 divided by 3?", { transcript: first.transcript });
    expect(next.finalText).toBe("Here is what the tools said:\n- demo__divide returned “3”.");
  });
});

describe("Anthropic with a key: the official @anthropic-ai/sdk client against a stand-in of the API", () => {
  it("runs the loop, and a second message goes on from the returned transcript, every request taken", async () => {
    const first = await chat(keyed, "anthropic", "Divide 84 by 2", { model: "claude-standin" });
    expect(first.modelError).toBeNull();
    expect(first.turns.map((turn) => turn.text)).toEqual(["Let me divide.", "84 / 2 is 42."]);
    expect(first.turns[0]?.calls).toEqual([
      expect.objectContaining({ name: "demo__divide", arguments: '{"dividend":84,"divisor":2}', returned: "42" }),
    ]);
    const second = await chat(keyed, "anthropic", "Again", { model: "claude-standin", transcript: first.transcript });
    expect(second.modelError).toBeNull();
    // The stand-in refuses what the API refuses (a tool_use unanswered, a strict schema outside the subset or over
    // the request's budget, unknown fields): every request was taken.
    expect(anthropic.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200, 200]);
    const sent = anthropic.exchanges[0]?.request as { tools: { name: string; strict: boolean }[]; stream: boolean };
    expect(sent.stream).toBe(true);
    expect(sent.tools.filter((tool) => tool.strict).length).toBeGreaterThan(0);
  });
});

describe("Gemini with a key: the official @google/genai client against a stand-in of the API", () => {
  it("runs the loop, and a second message on the returned transcript keeps the signatures the API checks", async () => {
    const first = await chat(keyed, "gemini", "Divide 84 by 2", { model: "gemini-standin" });
    expect(first.modelError).toBeNull();
    expect(first.turns.map((turn) => turn.text)).toEqual(["Let me divide.", "84 / 2 is 42."]);
    expect(first.turns[0]?.calls).toEqual([
      expect.objectContaining({ name: "demo__divide", arguments: '{"dividend":84,"divisor":2}', returned: "42" }),
    ]);
    const second = await chat(keyed, "gemini", "Again", { model: "gemini-standin", transcript: first.transcript });
    expect(second.modelError).toBeNull();
    // Every request was taken: the stand-in refuses a lost or moved signature with 400.
    expect(gemini.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200, 200]);
    expect(gemini.exchanges[0]?.path).toContain("/models/gemini-standin:streamGenerateContent");
  });

  it("shows the API's error with its status", async () => {
    const response = await post(keyed, "/api/chat", {
      api: "gemini",
      strict: "auto",
      model: "gemini-standin",
      message: "hi",
      // A model turn whose call has no answer: the API refuses the request.
      transcript: [
        { role: "user", parts: [{ text: "hi" }] },
        { role: "model", parts: [{ functionCall: { name: "demo__divide", args: {} } }] },
      ],
    });
    const answer = response.json<ChatResponse>();
    expect(answer.modelError?.status).toBe(400);
    expect(answer.stopReason).toBe("Stopped: the model request failed.");
  });

  it("keeps the key on the server: no answer holds it, and another API without a key answers 409", async () => {
    const refused = await post(keyed, "/api/chat", {
      api: "chat",
      strict: "auto",
      model: "gpt-4.1-mini",
      message: "hi",
      transcript: [],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("No OPENAI_API_KEY is set");
    expect(seen.length).toBeGreaterThan(3);
    for (const response of seen) {
      expect(response.body).not.toContain(GEMINI_KEY);
      expect(response.body).not.toContain(ANTHROPIC_KEY);
    }
  });
});
