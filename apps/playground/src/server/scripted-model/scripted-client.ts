// The scripted model as a model client: the same calls as the official
// clients (model-client.ts), answered here, with no key and no network. A
// speaker per API.
import type { AnthropicClient, GeminiClient, OpenAiClient } from "../model-client";
import { anthropicStream } from "./anthropic-speaker";
import { chatStream } from "./chat-speaker";
import { geminiStream } from "./gemini-speaker";
import { responsesStream } from "./responses-speaker";

/**
 * The scripted model, in the client shape of every API the conversation speaks.
 *
 * @example
 * ```ts
 * const stream = await scriptedClient.chat.completions.create({ model: "scripted", messages, tools, stream: true });
 * ```
 */
export const scriptedClient: OpenAiClient & AnthropicClient & GeminiClient = {
  chat: { completions: { create: (body, options) => Promise.resolve(chatStream(body, options)) } },
  responses: { create: (body, options) => Promise.resolve(responsesStream(body, options)) },
  messages: { create: (body, options) => Promise.resolve().then(() => anthropicStream(body, options)) },
  // (a request it refuses rejects here, before any chunk, as the client does on the API's 400)
  models: { generateContentStream: (params) => Promise.resolve().then(() => geminiStream(params)) },
};
