// The Chat Completions wire shapes this package reads and writes. Small local
// types (no runtime or type dependency on `openai`); a type test proves they
// agree with the official package in both directions.
import type { JsonSchemaObject } from "@x/strict-schema";

/** A function tool of the request's `tools`: `strict` is always present. */
export interface ChatFunctionTool {
  type: "function";
  function: {
    name: string;
    /** Left out when the tool has none (never sent as `undefined`). */
    description?: string;
    parameters: JsonSchemaObject;
    strict: boolean;
  };
}

/** A `tool_calls` entry that calls a function tool. */
export interface ChatFunctionToolCall {
  id: string;
  type: "function";
  function: {
    name: string;
    /** JSON text, as the model wrote it (it may be broken). */
    arguments: string;
  };
}

/** A `tool_calls` entry that calls a custom (free-form) tool: never run here, always answered. */
export interface ChatCustomToolCall {
  id: string;
  type: "custom";
  custom: {
    name: string;
    input: string;
  };
}

/** One entry of an assistant message's `tool_calls`. */
export type ChatToolCall = ChatFunctionToolCall | ChatCustomToolCall;

/** The assistant message of a completion (`choices[0].message`), as far as this package reads it. */
export interface ChatAssistantMessage {
  readonly role?: "assistant";
  readonly content?: string | null;
  readonly refusal?: string | null;
  readonly tool_calls?: readonly ChatToolCall[] | null;
  readonly audio?: { readonly id: string } | null;
}

/** A chat completion, as far as this package reads it: the first choice's message. */
export interface ChatCompletionResponse {
  readonly choices: readonly {
    readonly message: ChatAssistantMessage;
    /** Why the model stopped: `"stop"`, `"tool_calls"`, `"length"`, `"content_filter"`; `null` in a cut stream. */
    readonly finish_reason?: string | null;
  }[];
}

/** What `toolCalls` and `responseItems` accept: a completion, or its assistant message. */
export type ChatResponse = ChatCompletionResponse | ChatAssistantMessage;

/** The `tool` message answering one call. Chat tool messages carry text only. */
export interface ChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** The assistant message as the next request's `messages` must repeat it, before the tool messages. */
export interface ChatAssistantMessageParam {
  role: "assistant";
  /** `null` when the model wrote no text beside its tool calls; `""` when it wrote neither. */
  content: string | null;
  /** Left out when there are none: the API refuses an empty list. */
  tool_calls?: ChatToolCall[];
  refusal?: string;
  /** The id of a previous audio response, which is all the API takes back. */
  audio?: { id: string };
}

/** A user message: what `runToolLoop` makes of a plain-string `input`. */
export interface ChatUserMessage {
  role: "user";
  content: string;
}

/** A message the conversation gains from a turn: the user's, the assistant's, or a tool's answer. */
export type ChatMessage = ChatUserMessage | ChatAssistantMessageParam | ChatToolMessage;
