// The Tools view's section on the forms the Responses `tools` parameter can
// take (namespaces, deferred loading) and what each costs per request.
import type { ResponsesForm } from "../shared/api-types";
import { h } from "./dom";
import { formatBytes } from "./format";
import { jsonBlock } from "./json-block";

/** What each form is, in words. */
const FORM_WORDS: { readonly [name in ResponsesForm["name"]]: string } = {
  functions: "functions with prefixed names (what the other views send)",
  namespaces: "one namespace per MCP server (names without the server__ prefix)",
  "deferred-hosted": "namespaces, every tool deferred: OpenAI's hosted tool search loads what the model needs",
  "deferred-client":
    "namespaces, every tool deferred and searched here: the model calls tool_search, this stack answers",
};

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
          h(
            "p",
            { "data-testid": "responses-form-bytes" },
            `${form.loading.upFront} tool(s) up front, ${form.loading.deferred} deferred: ` +
              `${formatBytes(form.loading.bytes)} per request ` +
              `(${formatBytes(form.loading.bytesWithoutDeferral)} without deferral).`,
          ),
          jsonBlock(form.tools, "responses-form-tools"),
        ],
  );
}
