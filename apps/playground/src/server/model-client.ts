// The two calls a conversation makes to a model, in the shape of the official
// `openai` client's: a streamed Chat Completions request and a streamed
// Responses request. The real client is one; the scripted model
// (scripted-model/) is another, so the conversation runs the same way on both.
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";

/** Per request: the signal that stops it. */
export interface ModelRequestOptions {
  readonly signal?: AbortSignal;
}

/** A client that streams model answers in both OpenAI APIs: `new OpenAI(…)` is one. */
export interface ModelClient {
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
