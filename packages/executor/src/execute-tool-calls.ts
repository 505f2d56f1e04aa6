import type { Toolset } from "@x/toolset";
import { executeApprovedRound } from "./approved-round";
import { createDispatcher } from "./dispatcher";
import { roundSettings } from "./execute-options";
import type { ExecuteOptions } from "./execute-options";
import type { McpClients } from "./mcp-client";
import { readRound } from "./read-round";
import { runRound } from "./run-round";
import type { ExecuteResult, RoundContext } from "./run-round";

/**
 * One round: the calls of `response` run and answered. Never rejects because
 * of a call; rejects when the adapter's `toolCalls` or `renderedOutput` throws.
 */
export function executeRound<TResponse, TOutput>(
  response: TResponse,
  context: RoundContext<TResponse, TOutput>,
): Promise<ExecuteResult<TOutput>> {
  const round = readRound(response, context);
  if (round === undefined) return Promise.resolve({ outputs: [], outcomes: [], searches: [] });
  return runRound(round, context);
}

/**
 * Runs the tool calls of one model response on their MCP servers and answers
 * every call.
 *
 * The calls are read with `options.adapter`; each runs on
 * `clients[server].callTool(...)`, with at most `concurrency` requests
 * awaiting an answer at once (a call cut off by its timeout or the signal
 * frees its slot once its cancellation is sent, whether or not its server
 * honours it; see `ExecuteOptions.concurrency`). Whatever
 * happens to a call — the tool throws, returns garbage, outlives `timeoutMs`,
 * is aborted through `signal`, its server dies, or no client serves it — its
 * call id is answered exactly once, by an error output when needed, and the
 * promise never rejects because of a call. Calls the adapter rejected
 * (unknown tool, arguments that are not a JSON object, unsupported or
 * duplicate calls) are answered by their error outputs. `options.nullPaths`
 * (the `tools()` report's) doubles as the list of tools offered: a call to a
 * toolset tool without an entry in it (left out under `strict: true`) is
 * rejected as an unknown tool and never reaches its server.
 *
 * With `options.approve`, each call is put to it first (one at a time, in
 * the model's order): a call it does not allow is answered with a `denied`
 * error instead of running, and a call it answers `"pause"` for is neither
 * run nor answered but returned in `pending` (answer it yourself, or let
 * `runToolLoop` and `resumeToolLoop` do it).
 *
 * @param response - the model's response, in the shape the adapter reads (a chat completion, a Responses response, …)
 * @param toolset - the toolset the tools were sent from
 * @param clients - MCP clients by server name: a record or a `Map`; a connected SDK `Client` works as is
 * @param options - the adapter and how to run the calls
 * @returns `outputs`: the next request's input items answering the calls, in the order the model issued them;
 *   `outcomes`: what became of each call, in the same order; `pending` (with `approve`): the paused calls
 * @throws {ToolError} `invalid-options` when an option has a wrong value (the promise rejects, before any call runs)
 *
 * @example
 * ```ts
 * import OpenAI from "openai";
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js";
 * import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
 * import { buildToolset } from "@x/toolset";
 * import { adapter } from "@x/openai-responses";
 * import { executeToolCalls } from "@x/executor";
 *
 * const client = new Client({ name: "agent", version: "1.0.0" });
 * await client.connect(
 *   new StdioClientTransport({
 *     command: "npx",
 *     args: ["-y", "@modelcontextprotocol/server-everything", "stdio"],
 *     stderr: "ignore",
 *   }),
 * );
 * const { toolset } = buildToolset({ everything: (await client.listTools()).tools });
 * const { tools, report } = adapter.tools(toolset);
 *
 * const openai = new OpenAI();
 * const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "What is 2 + 3? Use the tool." }];
 * const response = await openai.responses.create({ model: "gpt-5-mini", input, tools });
 * const { outputs } = await executeToolCalls(response, toolset, { everything: client }, {
 *   adapter,
 *   nullPaths: report.plans,
 *   timeoutMs: 30_000,
 * });
 * input.push(...adapter.responseItems(response), ...outputs);
 * ```
 */
export function executeToolCalls<TResponse, TOutput>(
  response: NoInfer<TResponse>,
  toolset: Toolset,
  clients: McpClients,
  options: ExecuteOptions<TResponse, TOutput>,
): Promise<ExecuteResult<TOutput>> {
  // A wrong option (or an adapter that throws) rejects the promise, never throws.
  try {
    const settings = roundSettings(options);
    const dispatcher = createDispatcher(options.hooks, options.includeValues === true);
    const context = { settings, toolset, clients, dispatcher };
    if (options.approve !== undefined) return executeApprovedRound(response, context, options.approve);
    return executeRound(response, context);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
