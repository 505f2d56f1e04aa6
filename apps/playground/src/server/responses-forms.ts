// The Responses request's `tools` in the forms a large tool set can take:
// prefixed functions (what the other views use), one namespace per MCP
// server, and namespaces with every tool deferred (OpenAI's hosted tool
// search, or a client-side `tool_search` this stack answers), with the bytes
// each costs per request.
import { tools as responsesTools } from "@x/openai-responses";
import type { ResponsesToolsOptions } from "@x/openai-responses";
import type { StrictMode, Toolset } from "@x/toolset";
import type { ResponsesForm } from "../shared/api-types";
import { toJson } from "./to-json";

const FORMS: readonly { readonly name: ResponsesForm["name"]; readonly options: ResponsesToolsOptions }[] = [
  { name: "functions", options: {} },
  { name: "namespaces", options: { namespaces: true } },
  { name: "deferred-hosted", options: { namespaces: true, deferLoading: true, toolSearch: "server" } },
  { name: "deferred-client", options: { namespaces: true, deferLoading: true, toolSearch: "client" } },
];

/**
 * Each form of the Responses `tools` parameter for `toolset` under `strict`.
 *
 * @example
 * ```ts
 * const forms = responsesForms(toolbox.toolset, "auto");
 * forms[2]?.loading.bytes;
 * ```
 */
export function responsesForms(toolset: Toolset, strict: StrictMode): ResponsesForm[] {
  return FORMS.map(({ name, options }) => {
    const { tools, report } = responsesTools(toolset, { ...options, strict });
    const { upFront, deferred, bytes, bytesWithoutDeferral } = report.loading;
    return { name, tools: toJson(tools), loading: { upFront, deferred, bytes, bytesWithoutDeferral } };
  });
}
