// The Run view's `tool_search`: the user plays a model that searches the
// deferred tools (the Responses form "deferred-client"), and the executor
// answers the search the way it does in a real run.
import { randomBytes } from "node:crypto";
import { executeToolCalls } from "@x/executor";
import { tools as responsesTools } from "@x/openai-responses";
import type { ResponsesItem } from "@x/openai-responses";
import type { CallRequest, CallResponse } from "../shared/api-types";
import { createRecorder } from "./event-recorder";
import type { LiveRun } from "./live-run";
import { toJson } from "./to-json";
import type { Toolbox } from "./toolbox";
import { strictMode } from "./tools-view";

/** The name the Run view gives a client tool search (the Responses tool of that type). */
export const TOOL_SEARCH = "tool_search";

/**
 * Answers one client `tool_search_call` whose arguments are `request.arguments`,
 * over every tool deferred behind a client-side search.
 *
 * @example
 * ```ts
 * const steps = await runManualSearch(toolbox, {
 *   tool: "tool_search",
 *   arguments: '{"query":"divide"}',
 *   strict: "auto",
 *   api: "responses",
 * });
 * ```
 */
export async function runManualSearch(
  toolbox: Toolbox,
  request: CallRequest,
  live: LiveRun = {},
): Promise<CallResponse> {
  const { toolset } = toolbox;
  const prepared = responsesTools(toolset, {
    namespaces: true,
    deferLoading: true,
    toolSearch: "client",
    strict: strictMode(request.strict),
  });
  const callId = `call_${randomBytes(12).toString("base64url")}`;
  let args: unknown = request.arguments;
  try {
    args = JSON.parse(request.arguments);
  } catch {
    // Sent as the text it is: the search says what it takes.
  }
  const item = {
    type: "tool_search_call",
    id: `ts_${randomBytes(12).toString("hex")}`,
    call_id: callId,
    arguments: args,
    execution: "client",
    status: "completed",
  };
  const recorder = createRecorder(live.onEvent);
  const run = await executeToolCalls([item as ResponsesItem], prepared, toolbox.clients, { hooks: recorder.hooks });
  const search = run.searches[0];
  return {
    callId,
    api: "responses",
    modelCall: { chat: null, responses: toJson(item) },
    rejected: null,
    sent: null,
    result: null,
    transportError: null,
    outputs: { chat: null, responses: toJson(search?.output ?? null) },
    events: recorder.events(),
    search:
      search === undefined ? null : { query: search.query ?? null, found: search.found, reason: search.reason ?? null },
  };
}
