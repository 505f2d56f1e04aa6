import { decodeArguments } from "./decode-arguments";
import { describeValue } from "./describe-value";
import { ToolError } from "./tool-error";
import type { Toolset } from "./build-toolset";
import type { PlansByTool } from "./prepared-tools";

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
export interface RejectedCall<TOutput> extends Rejection {
  /** The error output in the API's own shape: append it to the next request's input. */
  readonly output: TOutput;
}

/**
 * A tool search of the model that the adapter answered itself (the Responses
 * API's client-executed `tool_search_call`): nothing runs on a server.
 */
export interface ToolSearchAnswer<TOutput> {
  readonly callId: string;
  /** Position among the calls of the response, in the same numbering as calls and rejections. */
  readonly index: number;
  /** The query searched for, or `undefined` when nothing was searched (no query, or one too long: see `reason`). */
  readonly query: string | undefined;
  /** The exposed names of the tools found, best first. */
  readonly found: string[];
  /** Why nothing was searched (the arguments were not what the search takes); absent when the search ran. */
  readonly reason?: string;
  /** The answer in the API's own shape: append it to the next request's input. */
  readonly output: TOutput;
}

/** The calls of a response: those to run, those answered with an error, and tool searches answered. */
export interface ToolCalls<TOutput> {
  readonly calls: ToolCall[];
  readonly rejected: RejectedCall<TOutput>[];
  /** Tool searches the adapter answered (only an adapter with a client-side tool search has any). */
  readonly searches: ToolSearchAnswer<TOutput>[];
}

/** One call of a model's response, read by an adapter from its API's shape. */
export interface RawToolCall {
  /** Chat `id`, Responses `call_id`. */
  readonly callId: string;
  /** The name the model called. */
  readonly name: string;
  /** The `arguments` as sent: JSON text, or (with `parsed`) the JSON value itself. */
  readonly arguments: unknown;
  /** Set by an API that sends arguments as a JSON value, not as text (Anthropic's `input`, Gemini's `args`). */
  readonly parsed?: true;
  /** The type of the API item that made the call, where an answer's type depends on it (Responses). */
  readonly itemType?: string;
  /** Position among the response's calls, 0-based. */
  readonly index: number;
  /**
   * `"unsupported"` for a custom tool call or any other call the client must
   * answer but cannot run; `"incomplete"` for a call the response was cut off
   * inside (a stream that ended early), whose arguments may be cut short.
   */
  readonly kind: "function" | "unsupported" | "incomplete";
}

/** A call that will not run, and why; the adapter turns it into an error output. */
export interface Rejection {
  readonly callId: string;
  /** The name as the model sent it (may be empty or unknown). */
  readonly name: string;
  readonly index: number;
  readonly error: ToolError;
  /** The call's item type, as the adapter read it (see {@link RawToolCall.itemType}). */
  readonly itemType?: string;
}

/**
 * A response's calls as an adapter's `readCalls` gives them: calls to run,
 * calls to answer with an error (not yet rendered), and the tool searches
 * the adapter answered itself, each in index order.
 */
export interface ResolvedToolCalls<TOutput = never> {
  readonly calls: ToolCall[];
  readonly rejected: Rejection[];
  readonly searches: ToolSearchAnswer<TOutput>[];
}

/** What a call is resolved against: the toolset, and the plans of the tools offered. */
export interface ResolveTarget {
  readonly toolset: Toolset;
  readonly plans: PlansByTool;
}

/** How many exposed names an `unknown-tool` message lists before "and N more". */
export const LISTED_NAMES = 20;

/**
 * Resolves a response's calls against the prepared tools: the
 * provider-neutral half of each adapter's `readCalls`.
 *
 * A call is rejected, in this order of checks, when its call id is shared
 * with another call (`duplicate-call-id`: none of them runs, and the id is
 * answered once, by one rejection at the first occurrence's index), when the
 * response was cut off inside it (`incomplete-call`), when it is not a
 * function call (`unsupported-call`), when its name is not that of a tool
 * offered (`unknown-tool`, the message lists the first 20 offered names), or
 * when its arguments are not a JSON object (`arguments-not-json`,
 * `arguments-not-object`) or cannot be restored by the tool's plan
 * (`arguments-not-restorable`). Every other call becomes a {@link ToolCall}
 * with its arguments restored ({@link decodeArguments}). Never throws.
 *
 * @param raw - the calls, as an adapter read them
 * @param prepared - the toolset and the plans of the tools offered (an adapter's prepared tools)
 * @returns `{ calls, rejected, searches: [] }`, each in index order
 * @example
 * ```ts
 * const { calls, rejected } = resolveToolCalls(
 *   [{ callId: "call_1", name: "files__read_file", arguments: '{"path":"a.txt"}', index: 0, kind: "function" }],
 *   prepared,
 * );
 * calls[0];
 * // { callId: "call_1", name: "files__read_file", server: "files", toolName: "read_file",
 * //   arguments: { path: "a.txt" }, index: 0 }
 * ```
 */
export function resolveToolCalls(raw: readonly RawToolCall[], prepared: ResolveTarget): ResolvedToolCalls {
  const { toolset, plans } = prepared;
  // Adapters give their calls in index order: copy and sort only when they are not.
  const ordered = raw.every((call, i) => i === 0 || raw[i - 1]!.index <= call.index)
    ? raw
    : [...raw].sort((a, b) => a.index - b.index);
  const shared = sharedIds(ordered);

  const calls: ToolCall[] = [];
  const rejected: Rejection[] = [];
  const reject = (call: RawToolCall, error: ToolError): void => {
    const { callId, name, index, itemType } = call;
    rejected.push({ callId, name, index, error, ...(itemType === undefined ? {} : { itemType }) });
  };
  for (const call of ordered) {
    const sharing = shared?.get(call.callId);
    if (sharing !== undefined) {
      if (sharing[0] === call) reject(call, duplicateId(call.callId, sharing));
      continue;
    }
    if (call.kind === "incomplete") {
      reject(call, incompleteCall(call.name));
      continue;
    }
    if (call.kind !== "function") {
      reject(
        call,
        new ToolError(
          "unsupported-call",
          `${quote(call.name)} is not a function tool: this client runs function calls only.`,
        ),
      );
      continue;
    }
    const entry = toolset.resolve(call.name);
    if (entry === undefined || !Object.hasOwn(plans, entry.name)) {
      reject(call, unknownTool(call.name, toolset, plans));
      continue;
    }
    const decoded = decodeArguments(call.arguments, plans[entry.name], call.parsed === true);
    if (!decoded.ok) {
      reject(call, decoded.error);
      continue;
    }
    calls.push({
      callId: call.callId,
      name: entry.name,
      server: entry.server,
      toolName: entry.toolName,
      arguments: decoded.arguments,
      index: call.index,
    });
  }
  return { calls, rejected, searches: [] };
}

/**
 * The calls of each call id that more than one call carries, or `undefined` when every id is its own (the usual case:
 * no map is built).
 */
function sharedIds(ordered: readonly RawToolCall[]): Map<string, RawToolCall[]> | undefined {
  if (ordered.length < 2) return undefined;
  const ids = new Set<string>();
  let repeated = false;
  for (const call of ordered) {
    if (ids.has(call.callId)) repeated = true;
    ids.add(call.callId);
  }
  if (!repeated) return undefined;
  const byId = new Map<string, RawToolCall[]>();
  for (const call of ordered) {
    const group = byId.get(call.callId);
    if (group) group.push(call);
    else byId.set(call.callId, [call]);
  }
  for (const [callId, group] of byId) if (group.length === 1) byId.delete(callId);
  return byId;
}

function duplicateId(callId: string, sharing: readonly RawToolCall[]): ToolError {
  const indexes = sharing.map((call) => call.index).join(", ");
  return new ToolError(
    "duplicate-call-id",
    `${sharing.length} calls share the call id ${quote(callId)} (indexes ${indexes}), so none of them was run. ` +
      `Give each call its own id.`,
  );
}

function incompleteCall(name: string): ToolError {
  return new ToolError(
    "incomplete-call",
    `The call to ${quote(name)} was cut off before it was complete (the response ended early), so it was not run. ` +
      `Call it again if it is still needed.`,
  );
}

/** The `unknown-tool` error, listing the names offered. */
function unknownTool(name: string, toolset: Toolset, plans: PlansByTool): ToolError {
  const names = toolset.entries.map((entry) => entry.name).filter((exposed) => Object.hasOwn(plans, exposed));
  const listed = names.slice(0, LISTED_NAMES).join(", ");
  const more = names.length > LISTED_NAMES ? ` and ${names.length - LISTED_NAMES} more` : "";
  const available = names.length === 0 ? "No tools are available." : `Available tools: ${listed}${more}.`;
  return new ToolError("unknown-tool", `There is no tool named ${quote(name)}. ${available}`);
}

/** `text` as a JSON string, shortened: names come from the model and may be long. */
function quote(text: string): string {
  if (typeof text !== "string") return describeValue(text);
  return JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
}
