import { ToolError } from "@x/toolset";
import type { PreparedTools } from "@x/toolset";
import { createEmit } from "./emit";
import { roundSettings } from "./execute-options";
import type { ExecuteOptions } from "./execute-options";
import { nextExecutionId } from "./execution-id";
import type { McpClients } from "./mcp-client";
import { approving, runRound } from "./run-round";
import type { ExecuteResult, RoundContext } from "./run-round";

const EXECUTE_OPTIONS = new Set([
  "timeoutMs",
  "resetTimeoutOnProgress",
  "concurrency",
  "signal",
  "approve",
  "elicit",
  "hooks",
  "includeValues",
  "maxOutputBytes",
]);
const MOVED: { readonly [name: string]: string } = {
  adapter: "the prepared tools carry their adapter: pass what adapter.tools() returned as the second argument",
  nullPaths: "the prepared tools carry the plans: pass what adapter.tools() returned as the second argument",
  toolSearch: "the prepared tools carry the search index: pass what adapter.tools() returned",
  output: "pass errorPrefix and structured to adapter.tools()",
};

/** Refuses an option executeToolCalls does not take, so a misspelt or moved one is never silently ignored. */
function checkOptionNames(options: unknown): void {
  if (typeof options !== "object" || options === null) return;
  const unknown = Object.keys(options).find((name) => !EXECUTE_OPTIONS.has(name));
  if (unknown === undefined) return;
  const hint = Object.hasOwn(MOVED, unknown) ? `: ${MOVED[unknown]}` : "";
  throw new ToolError("invalid-options", `executeToolCalls has no option ${JSON.stringify(unknown)}${hint}.`);
}

/**
 * Runs the tool calls of one model response on their MCP servers and answers
 * every call.
 *
 * The calls are read with the adapter the tools were prepared by, resolved
 * against the tools `prepared` offered, and their arguments restored (the
 * nulls strict mode made the model send removed, encodings undone): a call
 * to a tool that was not offered, or whose arguments cannot be restored,
 * never runs. Each other call runs on `clients[server]`, at most
 * `concurrency` at once. Whatever happens to a call (the tool throws,
 * returns garbage, outlives `timeoutMs`, is aborted through `signal`, its
 * server dies, no client serves it), its call id is answered exactly once,
 * and the promise never rejects because of a call.
 *
 * With `options.approve`, each call is put to it first (one at a time, in the
 * model's order): a call it does not allow is answered `denied`; a call it
 * answers `"pause"` for is returned in `pending`, unanswered.
 *
 * @param response - the model's response, as the adapter reads it (a completion, a response, a message…)
 * @param prepared - what the adapter's `tools()` returned for the request
 * @param clients - MCP clients by server name: a record or a `Map` (`servers.clients` of `@x/servers`)
 * @param options - limits, approvals and hooks
 * @returns `items` to append to the conversation, the per-call `outputs` and `outcomes`, and `pending`
 * @throws {ToolError} `invalid-options` when an option has a wrong value (the promise rejects, before any call runs)
 * @example
 * ```ts
 * const prepared = adapter.tools(servers.toolset);
 * const response = await openai.responses.create({ model: "gpt-5-mini", input, tools: prepared.tools });
 * const { items } = await executeToolCalls(response, prepared, servers.clients, { timeoutMs: 30_000 });
 * input.push(...items);
 * ```
 */
export async function executeToolCalls<TTool, TResponse, TOutput, TItem>(
  response: NoInfer<TResponse>,
  prepared: PreparedTools<TTool, TResponse, TOutput, TItem>,
  clients: McpClients,
  options?: ExecuteOptions,
): Promise<ExecuteResult<TOutput, TItem>> {
  checkOptionNames(options);
  const settings = roundSettings(options, prepared);
  const context: RoundContext<TOutput> = {
    prepared: prepared,
    clients,
    settings,
    emit: createEmit(options?.hooks),
    executionId: nextExecutionId(),
  };
  const resolved = prepared.adapter.readCalls(response, prepared);
  const round = await runRound(resolved, approving(context), context);
  const items =
    round.pending.length > 0 || round.awaitingInput.length > 0
      ? []
      : [...prepared.adapter.responseItems(response), ...prepared.adapter.turnItems(round.outputs)];
  return { items, ...round };
}
