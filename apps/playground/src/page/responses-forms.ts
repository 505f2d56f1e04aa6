// The Tools view's section on the forms the Responses `tools` parameter can
// take (namespaces, deferred loading) and what each costs per request.
import type { Json, ResponsesForm } from "../shared/api-types";
import { h } from "./dom";
import { formatBytes } from "./format";
import { jsonBlock } from "./json-block";
import { isJsonRecord, readUpFront } from "../shared/responses-up-front";

/** What each form is, in words. */
const FORM_WORDS: { readonly [name in ResponsesForm["name"]]: string } = {
  functions: "functions with prefixed names (what the other views send)",
  namespaces: "one namespace per MCP server (names without the server__ prefix)",
  "deferred-hosted": "namespaces, every tool deferred: OpenAI's hosted tool search loads what the model needs",
  "deferred-client":
    "namespaces, every tool deferred and searched here: the model calls tool_search, this stack answers",
};

function countOf(tools: Json, type: string): number {
  return Array.isArray(tools) ? tools.filter((tool) => isJsonRecord(tool) && tool["type"] === type).length : 0;
}

/** What the model reads up front under `form`, beside what the request carries, in words. */
function loadingWords(form: ResponsesForm): string {
  const { upFront, deferred, bytes, bytesWithoutDeferral } = form.loading;
  const namespaces = countOf(form.tools, "namespace");
  if (deferred === 0) {
    return (
      `The model reads all ${upFront} tool definitions up front` +
      (namespaces === 0 ? "" : `, in ${namespaces} namespaces`) +
      `: ${formatBytes(bytes)} in every request.`
    );
  }
  const readBytes = formatBytes(new TextEncoder().encode(JSON.stringify(readUpFront(form.tools))).length);
  if (namespaces === 0) {
    // Client search: the request holds the tool_search tool only, its description naming the namespaces.
    return (
      `Up front the model reads only the tool_search tool, whose description names the namespaces (${readBytes}). ` +
      `Each of the ${deferred} tool definitions comes back in a tool_search_output when a search finds it, so the ` +
      `request carries ${formatBytes(bytes)} (${formatBytes(bytesWithoutDeferral)} with every definition up front).`
    );
  }
  return (
    `Up front the model reads the names and descriptions of ${namespaces} namespaces (${readBytes}); each of the ` +
    `${deferred} tool definitions is loaded into its context when a search finds it. The request still carries every ` +
    `definition (${formatBytes(bytes)}, against ${formatBytes(bytesWithoutDeferral)} without deferral): OpenAI's ` +
    "hosted search looks them up there."
  );
}

/**
 * A select over the forms and the chosen one's `tools`, with its bytes with and without deferral.
 *
 * @param chosen - the form shown
 * @param choose - called with the form the user picks
 * @example
 * ```ts
 * section.append(renderResponsesForms(response.responsesForms, "namespaces", (name) => redraw(name)));
 * ```
 */
export function renderResponsesForms(
  forms: readonly ResponsesForm[],
  chosen: ResponsesForm["name"],
  choose: (name: ResponsesForm["name"]) => void,
): HTMLElement {
  const form = forms.find((candidate) => candidate.name === chosen) ?? forms[0];
  return h(
    "section",
    { class: "responses-forms", "data-testid": "responses-forms" },
    h("h2", {}, "The Responses request's tools, for a large tool set"),
    h(
      "p",
      { class: "muted" },
      "The Responses API can group each server's tools in a namespace and load them only when the model searches " +
        "for them. The same tools, in each form, with the bytes the tools parameter costs in every request:",
    ),
    h(
      "select",
      {
        "data-testid": "responses-form",
        "aria-label": "form of the tools parameter",
        onchange: (event) => choose((event.target as HTMLSelectElement).value as ResponsesForm["name"]),
      },
      forms.map((each) =>
        h(
          "option",
          { value: each.name, selected: each === form },
          `${FORM_WORDS[each.name]} — ${formatBytes(each.loading.bytes)}`,
        ),
      ),
    ),
    form === undefined
      ? null
      : [
          h("p", { "data-testid": "responses-form-bytes" }, loadingWords(form)),
          jsonBlock(form.tools, "responses-form-tools"),
        ],
  );
}
