// The calls a conversation makes to a model, in the shapes of the official
// clients: a streamed Chat Completions or Responses request (`openai`), a
// streamed Messages request (`@anthropic-ai/sdk`), and `generateContentStream`
// (`@google/genai`). The real clients are one each; the scripted model
// (scripted-model/) answers all of them, so the conversation runs the same
// way on both.
import type {
  MessageCreateParamsStreaming,
  RawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { GenerateContentParameters, GenerateContentResponse } from "@google/genai";
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";

/** Per request: the signal that stops it. */
export interface ModelRequestOptions {
  readonly signal?: AbortSignal;
}

/** A client that streams model answers in both OpenAI APIs: `new OpenAI(…)` is one. */
export interface OpenAiClient {
  readonly chat: {
    readonly completions: {
      create(
        body: ChatCompletionCreateParamsStreaming,
        options?: ModelRequestOptions,
      ): PromiseLike<AsyncIterable<ChatCompletionChunk>>;
    };
  };
  readonly responses: {
    create(
      body: ResponseCreateParamsStreaming,
      options?: ModelRequestOptions,
    ): PromiseLike<AsyncIterable<ResponseStreamEvent>>;
  };
}

/** A client that streams Gemini answers: `new GoogleGenAI(…)` is one (its signal goes in `config.abortSignal`). */
export interface GeminiClient {
  readonly models: {
    generateContentStream(params: GenerateContentParameters): Promise<AsyncIterable<GenerateContentResponse>>;
  };
}

/** A client that streams Claude's answers: `new Anthropic(…)` is one. */
export interface AnthropicClient {
  readonly messages: {
    create(
      body: MessageCreateParamsStreaming,
      options?: ModelRequestOptions,
    ): PromiseLike<AsyncIterable<RawMessageStreamEvent>>;
  };
}
