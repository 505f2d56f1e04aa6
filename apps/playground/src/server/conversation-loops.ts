// One conversation loop per model API: the official client (or the scripted
// model in its shape), the adapter, how a streamed answer is collected, and
// how the turns are read back for the page. Everything else (the tools, the
// approvals, the hooks, the limits) is the same for every API: `common`.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { adapter as anthropicAdapter, collectStream as collectAnthropicStream } from "@x/anthropic";
import type {
  AnthropicCollectedMessage,
  AnthropicMessageParam,
  AnthropicToolResultBlock,
  AnthropicUserMessageParam,
} from "@x/anthropic";
import { runToolLoop } from "@x/executor";
import type { ApproveFunction, ElicitFunction, ExecutorHooks, StopReason } from "@x/executor";
import { adapter as geminiAdapter, collectStream as collectGeminiStream } from "@x/gemini";
import type { GeminiAnswer, GeminiCollectedResponse, GeminiContent } from "@x/gemini";
import { adapter as chatAdapter, collectStream as collectChatStream } from "@x/openai-chat";
import type { ChatStreamCompletion, ChatToolMessage } from "@x/openai-chat";
import { adapter as responsesAdapter, collectStream as collectResponsesStream } from "@x/openai-responses";
import type { ResponsesAnswer } from "@x/openai-responses";
import type { PreparedTools, StrictMode } from "@x/toolset";
import OpenAI from "openai";
import type { ChatCompletionChunk, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Response, ResponseInputItem } from "openai/resources/responses/responses";
import type { ChatTurn, ConversationApi, Json } from "../shared/api-types";
import { oneItemEach, oneMessage, readTurns } from "./conversation-turns";
import type { TurnReader } from "./conversation-turns";
import type { AnthropicClient, GeminiClient, OpenAiClient } from "./model-client";
import type { ProviderSettings } from "./model-providers";
import { scriptedClient } from "./scripted-model/scripted-client";
import type { Toolbox } from "./toolbox";

/** How long one model request may take. */
const MODEL_TIMEOUT_MS = 120_000;

/** The loop options every API shares. */
export interface CommonLoopOptions {
  readonly servers: Toolbox;
  readonly hooks: ExecutorHooks;
  readonly approve: ApproveFunction;
  /** Shows a tool's request for input (MCP elicitation) to the page; without it, such requests are declined. */
  readonly elicit?: ElicitFunction;
  readonly maxTurns: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** One user message's loop: the API's transcript so far (from the page), the message, and where the model is. */
export interface LoopSetup {
  readonly common: CommonLoopOptions;
  readonly strict: StrictMode;
  readonly model: string;
  /** The transcript the previous answer returned, in this API's shape. */
  readonly transcript: readonly Json[];
  readonly message: string;
  /** The scripted model answers instead of the provider's (no key, no network). */
  readonly scripted: boolean;
  readonly settings: ProviderSettings;
}

/** How a loop ended: its transcript, why it stopped and the turns read back; or the model's error. */
export type LoopOutcome =
  | {
      readonly transcript: readonly unknown[];
      readonly stopReason: StopReason;
      /** With `incomplete`: what the API said. */
      readonly incomplete: string | undefined;
      readonly turns: ChatTurn[];
    }
  | { readonly error: unknown; readonly turns: ChatTurn[] };

/**
 * Runs `loop` and reads its turns back with `reader`; a model error (the loop
 * rejects) comes back as `error`, with the turns the model finished before it
 * (without their outputs: there is no transcript to read them from).
 */
async function readLoop<TResponse, TOutput>(
  setup: LoopSetup,
  reader: TurnReader<TResponse, TOutput>,
  /** The tools as the loop prepares them (the same options): the calls are read back against them. */
  prepared: PreparedTools,
  loop: (
    keep: (response: TResponse) => TResponse,
  ) => Promise<{ input: readonly unknown[]; stopReason: StopReason; incomplete?: string }>,
): Promise<LoopOutcome> {
  // The model's responses, in order: the turns are read from them once the loop is over.
  const responses: TResponse[] = [];
  const keep = (response: TResponse): TResponse => (responses.push(response), response);
  const read = (transcript: readonly unknown[]): ChatTurn[] =>
    readTurns(reader, {
      prepared,
      responses,
      transcript,
      inputLength: setup.transcript.length + 1,
    });
  try {
    const result = await loop(keep);
    return {
      transcript: result.input,
      stopReason: result.stopReason,
      incomplete: result.incomplete,
      turns: read(result.input),
    };
  } catch (error) {
    return { error, turns: read([]) };
  }
}

function openAiClient(setup: LoopSetup): OpenAiClient {
  if (setup.scripted) return scriptedClient;
  const { apiKey, baseURL } = setup.settings;
  return new OpenAI({
    apiKey,
    ...(baseURL === undefined ? {} : { baseURL }),
    maxRetries: 1,
    timeout: MODEL_TIMEOUT_MS,
  });
}

const requestOptions = (signal: AbortSignal | undefined): { signal?: AbortSignal } =>
  signal === undefined ? {} : { signal };

/** Chat Completions: the completion's message text; a tool message's content is text already. */
const chatReader: TurnReader<ChatStreamCompletion<ChatCompletionChunk>, ChatToolMessage> = {
  adapter: chatAdapter,
  text: (completion) => completion.choices[0]?.message.content || null,
  returned: (output) => output.content,
  showsReplay: false,
  answers: oneItemEach,
};

function chatLoop(setup: LoopSetup): Promise<LoopOutcome> {
  const client = openAiClient(setup);
  // The transcript is the one this server returned for the same API.
  const input = [
    ...(setup.transcript as unknown as ChatCompletionMessageParam[]),
    { role: "user", content: setup.message } as const,
  ];
  const tools = { strict: setup.strict };
  return readLoop(setup, chatReader, chatAdapter.tools(setup.common.servers.toolset, tools), (keep) =>
    runToolLoop({
      ...setup.common,
      adapter: chatAdapter,
      tools,
      input,
      model: async (messages, tools, { signal, onDelta }) => {
        const stream = await client.chat.completions.create(
          { model: setup.model, messages, tools, stream: true },
          requestOptions(signal),
        );
        return keep(await collectChatStream(stream, { onDelta, signal }));
      },
    }),
  );
}

/** Responses: the SDK's `output_text`; an output's text parts, images as a placeholder. */
const responsesReader: TurnReader<Response, ResponsesAnswer> = {
  adapter: responsesAdapter,
  text: (response) => response.output_text || null,
  returned: (output) => {
    if (output.type === "tool_search_output") return `${output.tools.length} tool definition(s) found`;
    if (typeof output.output === "string") return output.output;
    return output.output
      .map((part) =>
        "text" in part ? part.text : "type" in part ? `[${part.type.replace("input_", "")}]` : part.stdout,
      )
      .join(" ");
  },
  showsReplay: false,
  answers: oneItemEach,
};

function responsesLoop(setup: LoopSetup): Promise<LoopOutcome> {
  const client = openAiClient(setup);
  const input = [
    ...(setup.transcript as unknown as ResponseInputItem[]),
    { role: "user", content: setup.message } as const,
  ];
  const tools = { strict: setup.strict };
  return readLoop(setup, responsesReader, responsesAdapter.tools(setup.common.servers.toolset, tools), (keep) =>
    runToolLoop({
      ...setup.common,
      adapter: responsesAdapter,
      tools,
      input,
      model: async (items, tools, { signal, onDelta }) => {
        const stream = await client.responses.create(
          // Output items of earlier turns go back as input items, as the Responses API expects.
          { model: setup.model, input: items, tools, stream: true },
          requestOptions(signal),
        );
        return keep(await collectResponsesStream(stream, { onDelta, signal }));
      },
    }),
  );
}

/** The most tokens one Claude answer may take (the Messages API requires a limit). */
const MAX_TOKENS = 4096;

/** Anthropic: the reply's text blocks; a `tool_result`'s text, other blocks by their type. */
const anthropicReader: TurnReader<AnthropicCollectedMessage, AnthropicToolResultBlock> = {
  adapter: anthropicAdapter,
  text: (message) =>
    message.content
      .map((block) => (block.type === "text" && typeof block["text"] === "string" ? block["text"] : ""))
      .join("") || null,
  returned: (result) =>
    [
      result.is_error === true ? "(is_error)" : null,
      ...result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)),
    ]
      .filter((part) => part !== null)
      .join(" "),
  // The answers are the blocks of the one user message after the reply.
  showsReplay: true,
  answers: oneMessage((item) => (item as AnthropicUserMessageParam).content as AnthropicToolResultBlock[]),
};

function anthropicClient(setup: LoopSetup): AnthropicClient {
  if (setup.scripted) return scriptedClient;
  const { apiKey, baseURL } = setup.settings;
  return new Anthropic({
    apiKey: apiKey ?? null,
    ...(baseURL === undefined ? {} : { baseURL }),
    maxRetries: 1,
    timeout: MODEL_TIMEOUT_MS,
  });
}

function anthropicLoop(setup: LoopSetup): Promise<LoopOutcome> {
  const client = anthropicClient(setup);
  const input: AnthropicMessageParam[] = [
    ...(setup.transcript as unknown as AnthropicMessageParam[]),
    anthropicAdapter.userMessage(setup.message),
  ];
  // Strict within the request's budget: the adapter fills it and sends the rest non-strict, saying why.
  const tools = { strict: setup.strict };
  return readLoop(setup, anthropicReader, anthropicAdapter.tools(setup.common.servers.toolset, tools), (keep) =>
    runToolLoop({
      ...setup.common,
      adapter: anthropicAdapter,
      tools,
      input,
      model: async (messages, sent, { signal, onDelta }) => {
        const stream = await client.messages.create(
          { model: setup.model, max_tokens: MAX_TOKENS, messages, tools: sent, stream: true },
          requestOptions(signal),
        );
        return keep(await collectAnthropicStream(stream, { onDelta, signal }));
      },
    }),
  );
}

/** Gemini: the first candidate's text (thoughts left out); an answer's output or error, its media counted. */
const geminiReader: TurnReader<GeminiCollectedResponse, GeminiAnswer> = {
  adapter: geminiAdapter,
  text: (response) =>
    (response.candidates[0]?.content.parts ?? [])
      .filter((part) => part.thought !== true)
      .map((part) => part.text ?? "")
      .join("") || null,
  returned: ({ functionResponse }) => {
    const { response } = functionResponse;
    const said = "error" in response ? response.error : response.output;
    const text = typeof said === "string" ? said : said.message;
    const media = (functionResponse.parts ?? []).map((part) => `[${part.inlineData.mimeType}]`);
    return [text, ...media].join(" ");
  },
  // The answers are the parts of the one user content after the model's.
  showsReplay: true,
  answers: oneMessage((item) => (item as GeminiContent).parts as GeminiAnswer[]),
};

function geminiClient(setup: LoopSetup): GeminiClient {
  if (setup.scripted) return scriptedClient;
  const { apiKey, baseURL } = setup.settings;
  return new GoogleGenAI({
    ...(apiKey === undefined ? {} : { apiKey }),
    httpOptions: { timeout: MODEL_TIMEOUT_MS, ...(baseURL === undefined ? {} : { baseUrl: baseURL }) },
  });
}

function geminiLoop(setup: LoopSetup): Promise<LoopOutcome> {
  const client = geminiClient(setup);
  const input: GeminiContent[] = [
    ...(setup.transcript as unknown as GeminiContent[]),
    geminiAdapter.userMessage(setup.message),
  ];
  // Gemini has no strict mode: every tool is lowered to the schema subset it takes, or left out.
  return readLoop(setup, geminiReader, geminiAdapter.tools(setup.common.servers.toolset), (keep) =>
    runToolLoop({
      ...setup.common,
      adapter: geminiAdapter,
      input,
      model: async (contents, tools, { signal, onDelta }) => {
        const stream = await client.models.generateContentStream({
          model: setup.model,
          contents,
          config: { tools, ...(signal === undefined ? {} : { abortSignal: signal }) },
        });
        return keep(await collectGeminiStream(stream, { onDelta, signal }));
      },
    }),
  );
}

/**
 * Runs one user message's loop in `api`.
 *
 * @example
 * ```ts
 * const outcome = await conversationLoop("gemini", { common, strict: "auto", model, transcript, message, … });
 * ```
 */
export function conversationLoop(api: ConversationApi, setup: LoopSetup): Promise<LoopOutcome> {
  switch (api) {
    case "chat":
      return chatLoop(setup);
    case "responses":
      return responsesLoop(setup);
    case "gemini":
      return geminiLoop(setup);
    case "anthropic":
      return anthropicLoop(setup);
    default: {
      const _exhaustive: never = api;
      return _exhaustive;
    }
  }
}
