import type { McpCallToolResult } from "./mcp-types";
import type { ToolError } from "./tool-error";

/** A function call of the model that resolved to a tool of the toolset. */
export interface ToolCall {
  /** The id the answer must carry (Chat `id`, Responses `call_id`). */
  readonly callId: string;
  /** The exposed name the model called. */
  readonly name: string;
  /** The server that runs it. */
  readonly server: string;
  /** The tool's own name on that server. */
  readonly toolName: string;
  /** The decoded arguments, with the nulls strict mode introduced removed. */
  readonly arguments: { readonly [key: string]: unknown };
  /** Position among the calls of the response (0-based), so answers keep the model's order. */
  readonly index: number;
}

/** A call the client must answer but cannot run; `output` answers it. */
export interface RejectedCall<TOutput> {
  readonly callId: string;
  /** The name as the model sent it (may be empty or unknown). */
  readonly name: string;
  readonly index: number;
  readonly error: ToolError;
  /** The error output in the API's own shape: append it to the next request's input. */
  readonly output: TOutput;
}

/** The calls of a response: those to run, and those already answered with an error. */
export interface ToolCalls<TOutput> {
  readonly calls: ToolCall[];
  readonly rejected: RejectedCall<TOutput>[];
}

/** What running a tool gave: its MCP result, or an error. */
export type ToolOutcome = McpCallToolResult | ToolError;

/** How `structuredContent` is rendered: as JSON text only when `content` is empty (`auto`), instead of `content`, after it, or never. */
export type StructuredMode = "auto" | "prefer" | "append" | "ignore";

/** Options of `renderResult` and of each adapter's `toolOutput`. */
export interface OutputOptions {
  /** Prepended to the text of an error result. Default `"Error: "`. */
  readonly errorPrefix?: string;
  /** Default `"auto"`. */
  readonly structured?: StructuredMode;
}
