// The Responses API wire shapes this package reads and writes. Small local
// types (no runtime or type dependency on `openai`); a type test proves they
// agree with the official package in both directions.
import type { JsonSchemaObject } from "@x/strict-schema";

/** A function tool of the request's `tools`: `strict` is always present. */
export interface ResponsesFunctionTool {
  type: "function";
  name: string;
  /** Left out when the tool has none (never sent as `undefined`). */
  description?: string;
  parameters: JsonSchemaObject;
  strict: boolean;
  /** Set (to `true`) on a tool loaded through tool search instead of up front (see `deferLoading`). */
  defer_loading?: boolean;
  /** The tool's MCP `outputSchema`, sent when its output is the JSON text of `structuredContent` (see `structured`). */
  output_schema?: { [keyword: string]: unknown };
}

/** One MCP server's tools as a Responses `namespace` tool; calls to them carry `namespace`. */
export interface ResponsesNamespaceTool {
  type: "namespace";
  name: string;
  description: string;
  /** The server's functions, named without the server prefix. */
  tools: ResponsesFunctionTool[];
}

/**
 * The `tool_search` tool: hosted (`{ type: "tool_search" }`, the API searches
 * the deferred tools) or client-executed (`execution: "client"`, answered by
 * `toolCalls` with a `tool_search_output`), with a strict `{ query }` schema.
 */
export interface ResponsesToolSearchTool {
  type: "tool_search";
  execution?: "client";
  description?: string;
  parameters?: JsonSchemaObject;
}

/** Any tool `tools()` sends. */
export type ResponsesTool = ResponsesFunctionTool | ResponsesNamespaceTool | ResponsesToolSearchTool;

/**
 * The answer to a client-executed `tool_search_call`: the definitions of the
 * tools found (in their namespaces when tools are sent in namespaces), or
 * none.
 */
export interface ResponsesToolSearchOutput {
  type: "tool_search_output";
  call_id: string;
  execution: "client";
  status: "completed";
  tools: (ResponsesFunctionTool | ResponsesNamespaceTool)[];
}

/** Any item of a response's `output`: this package reads `type` and, per type, a few fields. */
export interface ResponsesItem {
  readonly type: string;
}

/** A response, as far as this package reads it: its `output` items. */
export interface ResponsesResponse<TItem extends ResponsesItem = ResponsesItem> {
  readonly output: readonly TItem[];
}

/** An `input_text` item of a `function_call_output` list. */
export interface ResponsesInputText {
  type: "input_text";
  text: string;
}

/** An `input_image` item of a `function_call_output` list: a JPEG, PNG, GIF or WebP `data:` URI. */
export interface ResponsesInputImage {
  type: "input_image";
  image_url: string;
  detail: "auto";
}

/** An `input_file` item of a `function_call_output` list: a file (a PDF, …) as a base64 `data:` URL. */
export interface ResponsesInputFile {
  type: "input_file";
  file_data: string;
  filename: string;
}

/** The `function_call_output` answering one function call: text, or text with images and files. */
export interface ResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string | (ResponsesInputText | ResponsesInputImage | ResponsesInputFile)[];
}

/** The answer to a `custom_tool_call` (always an error here: custom tools are never run). */
export interface ResponsesCustomToolCallOutput {
  type: "custom_tool_call_output";
  call_id: string;
  output: string;
}

/** The answer to a client-side `shell_call`: the error text as stderr, exit code 1. */
export interface ResponsesShellCallOutput {
  type: "shell_call_output";
  call_id: string;
  output: { stdout: string; stderr: string; outcome: { type: "exit"; exit_code: number } }[];
}

/** The answer to a `local_shell_call`; its `id` is the call's `call_id`. */
export interface ResponsesLocalShellCallOutput {
  type: "local_shell_call_output";
  id: string;
  output: string;
}

/** The answer to an `apply_patch_call`: `status: "failed"` with the error text. */
export interface ResponsesApplyPatchCallOutput {
  type: "apply_patch_call_output";
  call_id: string;
  status: "failed";
  output: string;
}

/** Any item answering a call: what `toolCalls` puts in `rejected[].output` and `toolOutput` returns. */
export type ResponsesCallOutput =
  | ResponsesFunctionCallOutput
  | ResponsesCustomToolCallOutput
  | ResponsesShellCallOutput
  | ResponsesLocalShellCallOutput
  | ResponsesApplyPatchCallOutput;

/** Any answer the adapter gives: to a call, or to a client-side tool search (what `@x/executor`'s outputs hold). */
export type ResponsesAnswer = ResponsesCallOutput | ResponsesToolSearchOutput;

/**
 * An output item as the next request's `input` takes it back. Two kinds of
 * output item have a field the input refuses, per the API's own types; they
 * are narrowed (see `responseItems`): a `computer_call_output` loses a
 * `"failed"` status, an `additional_tools` item is repeated only with the
 * `developer` role.
 */
export type ResponsesReplayItem<TItem> = TItem extends {
  readonly type: "computer_call_output";
  readonly status?: infer S;
}
  ? Omit<TItem, "status"> & { status?: Exclude<S, "failed"> }
  : TItem extends { readonly type: "additional_tools" }
    ? TItem & { role: "developer" }
    : TItem;
