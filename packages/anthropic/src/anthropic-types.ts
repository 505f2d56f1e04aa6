// The Messages API wire shapes this package reads and writes. Small local
// types (no runtime or type dependency on `@anthropic-ai/sdk`); each mirrors
// the type named beside it in the SDK's `src/resources/messages/messages.ts`
// (version 1.15.0), and a type test proves they agree in both directions.

/**
 * A tool's `input_schema`: a JSON Schema whose root is an object
 * (`Tool.InputSchema`; the API refuses any other root, strict or not).
 */
export interface AnthropicInputSchema {
  type: "object";
  properties?: { [name: string]: unknown };
  required?: string[];
  [keyword: string]: unknown;
}

/** A custom tool of the request's `tools` (`Tool`): `strict` is always sent. */
export interface AnthropicTool {
  name: string;
  /** Left out when the tool has none (never sent as `undefined`). */
  description?: string;
  input_schema: AnthropicInputSchema;
  strict: boolean;
  /** Loaded only when the tool search finds it (`Tool.defer_loading`). */
  defer_loading?: true;
  /** Its input streamed as generated, unbuffered (`Tool.eager_input_streaming`): it may not be JSON. */
  eager_input_streaming?: boolean;
}

/**
 * Anthropic's server-side tool search (`ToolSearchToolBm25_20251119`,
 * `ToolSearchToolRegex20251119`): sent beside tools with `defer_loading`.
 */
export type AnthropicToolSearchTool =
  | { type: "tool_search_tool_bm25_20251119"; name: "tool_search_tool_bm25" }
  | { type: "tool_search_tool_regex_20251119"; name: "tool_search_tool_regex" };

/** One entry of the request's `tools` as this package builds it. */
export type AnthropicRequestTool = AnthropicTool | AnthropicToolSearchTool;

/** `TextBlockParam`. */
export interface AnthropicTextBlockParam {
  type: "text";
  text: string;
}

/** The media types an `image` block takes as base64 (`Base64ImageSource.media_type`). */
export type AnthropicImageMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/** `ImageBlockParam` with a `Base64ImageSource`. */
export interface AnthropicImageBlockParam {
  type: "image";
  source: { type: "base64"; media_type: AnthropicImageMediaType; data: string };
}

/** `DocumentBlockParam` with a `Base64PDFSource` or a `PlainTextSource`. */
export interface AnthropicDocumentBlockParam {
  type: "document";
  source:
    | { type: "base64"; media_type: "application/pdf"; data: string }
    | { type: "text"; media_type: "text/plain"; data: string };
  /** The resource's URI, so the model can tell documents apart. */
  title?: string;
}

/** What a `tool_result` may carry (part of `ToolResultBlockParam.content`). */
export type AnthropicToolResultContent =
  AnthropicTextBlockParam | AnthropicImageBlockParam | AnthropicDocumentBlockParam;

/** The answer to one `tool_use` (`ToolResultBlockParam`). */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: AnthropicToolResultContent[];
  /** Set on a failed call: an MCP `isError` result or any error of this stack. */
  is_error?: true;
}

/** A `tool_use` block as the next request repeats it (`ToolUseBlockParam`). */
export interface AnthropicToolUseBlockParam {
  type: "tool_use";
  id: string;
  name: string;
  input: { [key: string]: unknown };
}

/** `ThinkingBlockParam`: repeated as received, signature and all, which the API checks. */
export interface AnthropicThinkingBlockParam {
  type: "thinking";
  thinking: string;
  signature: string;
}

/** `RedactedThinkingBlockParam`. */
export interface AnthropicRedactedThinkingBlockParam {
  type: "redacted_thinking";
  data: string;
}

/** `ServerToolUseBlockParam` of the tool search tool (the API ran it; it is repeated, never answered here). */
export interface AnthropicServerToolUseBlockParam {
  type: "server_tool_use";
  id: string;
  name: "tool_search_tool_regex" | "tool_search_tool_bm25";
  input: unknown;
}

/** `ToolSearchToolResultBlockParam`: the API's answer to its own search, repeated as received. */
export interface AnthropicToolSearchResultBlockParam {
  type: "tool_search_tool_result";
  tool_use_id: string;
  content:
    | {
        type: "tool_search_tool_search_result";
        tool_references: { type: "tool_reference"; tool_name: string }[];
      }
    | {
        type: "tool_search_tool_result_error";
        error_code: "invalid_tool_input" | "unavailable" | "too_many_requests" | "execution_time_exceeded";
        error_message?: string | null;
      };
}

/** A block of an assistant message as the next request repeats it (`ContentBlockParam`, the kinds a reply holds). */
export type AnthropicAssistantBlockParam =
  | AnthropicTextBlockParam
  | AnthropicThinkingBlockParam
  | AnthropicRedactedThinkingBlockParam
  | AnthropicToolUseBlockParam
  | AnthropicServerToolUseBlockParam
  | AnthropicToolSearchResultBlockParam;

/** The assistant message the next request repeats (`AssistantMessageParam`). */
export interface AnthropicAssistantMessageParam {
  role: "assistant";
  content: AnthropicAssistantBlockParam[];
}

/** A user message (`UserMessageParam`): text, or the `tool_result`s of a turn (first) and any text after them. */
export interface AnthropicUserMessageParam {
  role: "user";
  content: string | (AnthropicToolResultBlock | AnthropicTextBlockParam)[];
}

/** An entry of the request's `messages` as this package writes it (`MessageParam`). */
export type AnthropicMessageParam = AnthropicAssistantMessageParam | AnthropicUserMessageParam;

/** Why the model stopped (`StopReason`). */
export type AnthropicStopReason =
  "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "pause_turn" | "refusal" | "model_context_window_exceeded";

/**
 * A `tool_use` block of a reply (`ToolUseBlock`), as far as this package reads it.
 * `collectStream` may add the two fields marked below; the API never sends them.
 */
export interface AnthropicToolUseBlock {
  readonly type: "tool_use";
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  /** Set by `collectStream` on a call the stream ended inside: answered `incomplete-call`, never run. */
  readonly incomplete?: true;
  /** Set by `collectStream` when the streamed input is not JSON: the text as streamed, answered with what was wrong. */
  readonly input_json?: string;
}

/**
 * A block of any type: as the SDK types it (an interface per type), or as an
 * object literal with any fields (a recorded reply).
 */
export type AnthropicAnyBlock =
  { readonly type: string } | { readonly type: string; readonly [field: string]: unknown };

/** Any block of a reply (`ContentBlock`): `tool_use` is the one this package reads; the others are repeated. */
export type AnthropicContentBlock = AnthropicToolUseBlock | AnthropicAnyBlock;

/** A reply of the Messages API (`Message`), as far as this package reads it. */
export interface AnthropicMessage {
  readonly id?: string;
  readonly type?: "message";
  readonly role?: "assistant";
  readonly model?: string;
  readonly content: readonly AnthropicContentBlock[];
  /** `null` only in a message `collectStream` gathered from a stream that ended early. */
  readonly stop_reason?: AnthropicStopReason | null;
  readonly stop_sequence?: string | null;
  readonly usage?: unknown;
}

/** An entry of `messages` as `toolCalls` reads a transcript (`MessageParam`: any role, any content). */
export interface AnthropicTranscriptMessage {
  readonly role: string;
  readonly content: string | readonly AnthropicAnyBlock[];
}

/**
 * What `toolCalls` and `responseItems` accept: a `Message`, its `content`,
 * or the `messages` entries a transcript repeats (the last assistant message is read).
 */
export type AnthropicResponse =
  AnthropicMessage | readonly AnthropicContentBlock[] | readonly AnthropicTranscriptMessage[];
