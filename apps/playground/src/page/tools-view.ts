// The Tools view: the list of exposed tools, what each API's request carries
// for them, and for the selected one its names, the report of strict
// preparation, and the tool as each API receives it, side by side.
import type {
  ConversationApi,
  ResponsesForm,
  StrictProblem,
  StrictSetting,
  ToolView,
  ToolsResponse,
} from "../shared/api-types";
import { h, keepingFocus, list, replace } from "./dom";
import { formatBytes, formatNullPath, formatSchemaPath } from "./format";
import type { PageContext, View } from "./page-context";
import { requestCosts } from "./request-costs";
import { encodingWords, libraryDetail, reasonWords, STRICT_MEANINGS } from "./strict-words";
import { renderResponsesForms } from "./responses-forms";
import { API_LABELS, sideBySide } from "./side-by-side";
import { matchesSearch } from "./tool-names";

const RENAME_REASONS: { readonly [reason: string]: string } = {
  "invalid-characters":
    "its name has characters OpenAI does not allow in a function name (only A–Z, a–z, 0–9, _ and -)",
  "too-long": "server + tool name would be longer than OpenAI's 64 characters",
  collision: "another tool would have had the same name; a short hash keeps both apart",
};

function badge(tool: ToolView): HTMLElement {
  // "Left out", as the report and the counts say (the API and the hook call it `excluded`).
  if (tool.strict === null) return h("span", { class: "badge excluded" }, "left out");
  if (tool.fallback !== null) return h("span", { class: "badge fallback" }, "fallback");
  return h("span", { class: `badge ${tool.strict ? "strict" : "plain"}` }, tool.strict ? "strict" : "not strict");
}

function problemReport(kind: "excluded" | "fallback", lead: string, problem: StrictProblem, tail: string): HTMLElement {
  return h(
    "div",
    { class: `report ${kind}`, "data-testid": "report" },
    h("strong", {}, kind === "excluded" ? "Left out. " : "Fallback: sent with strict: false. "),
    lead,
    h("span", { "data-testid": "report-reason" }, reasonWords(problem)),
    " — ",
    h("code", { "data-testid": "report-keyword" }, problem.keyword),
    " at ",
    h("code", { "data-testid": "report-path" }, formatSchemaPath(problem.path)),
    ". ",
    tail,
    h(
      "details",
      {},
      h("summary", {}, "The library's words"),
      h("p", { "data-testid": "report-detail" }, libraryDetail(problem.message)),
    ),
  );
}

function strictReport(tool: ToolView, strict: StrictSetting): HTMLElement {
  if (tool.excluded !== null) {
    return problemReport(
      "excluded",
      "With strict: true, a tool without a strict form is not sent at all. Its schema has ",
      tool.excluded,
      "",
    );
  }
  if (tool.fallback !== null) {
    return problemReport(
      "fallback",
      "Its schema has ",
      tool.fallback,
      "The model gets the original schema, and its arguments are not guaranteed to match it.",
    );
  }
  if (!tool.strict) {
    return h(
      "div",
      { class: "report plain", "data-testid": "report" },
      h("strong", {}, "Not strict. "),
      `strict: ${strict} sends every tool as it is listed.`,
    );
  }
  return h(
    "div",
    { class: "report strict", "data-testid": "report" },
    tool.encoded.length === 0
      ? null
      : h(
          "p",
          { class: "encoded", "data-testid": "encoded" },
          h("strong", {}, "Strict thanks to an encoding. "),
          "The model sends these arguments in a form strict mode can describe, and the stack restores them: ",
          tool.encoded.map((encoded) => h("span", { class: "encoding" }, encodingWords(encoded))),
        ),
    h("strong", {}, "Strict. "),
    tool.nullPaths.length === 0
      ? "Every property was already required: the model's arguments go to the server unchanged."
      : [
          "Strict mode requires every property, so each optional one may now be null. When the model sends null " +
            "there, it is removed before the call reaches the server. Null paths: ",
          h(
            "span",
            { class: "paths", "data-testid": "null-paths" },
            list(tool.nullPaths.map((path) => h("code", {}, formatNullPath(path)))),
          ),
        ],
  );
}

/** "Chat Completions 312 B, Responses 298 B, Gemini 250 B": each API's entry for the tool, or "not sent". */
function sizes(tool: ToolView): string {
  return tool.forms
    .map((form) => `${API_LABELS[form.api]} ${form.bytes === null ? "not sent" : formatBytes(form.bytes)}`)
    .join(", ");
}

function toolDetail(
  context: PageContext,
  tool: ToolView,
  marked: ConversationApi,
  mark: (api: ConversationApi) => void,
): HTMLElement {
  return h(
    "section",
    { class: "tool-detail", "data-testid": "tool-detail" },
    h("div", { class: "detail-head" }, h("h2", {}, tool.name), badge(tool)),
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, "server"),
      h("dd", {}, tool.server),
      h("dt", {}, "tool name on the server"),
      h("dd", {}, h("code", {}, tool.toolName)),
      h("dt", {}, "exposed to the model as"),
      h("dd", {}, h("code", {}, tool.name)),
      tool.renamed.length === 0
        ? null
        : [
            h("dt", {}, "renamed because"),
            h(
              "dd",
              { "data-testid": "renamed" },
              tool.renamed.map((reason) => RENAME_REASONS[reason] ?? reason).join("; "),
            ),
          ],
      h("dt", {}, "definition size"),
      h(
        "dd",
        { "data-testid": "tool-bytes" },
        `${sizes(tool)} (its tools entry as JSON text: sent with every request)`,
      ),
      tool.unavailable === null
        ? null
        : [h("dt", {}, "unavailable"), h("dd", { class: "unavailable" }, tool.unavailable)],
    ),
    tool.description === null ? null : h("p", { class: "description" }, tool.description),
    strictReport(tool, context.strict),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-testid": "call-it",
          disabled: tool.strict === null || tool.unavailable !== null,
          onclick: () => context.select(tool.name, "run"),
        },
        "Call it yourself →",
      ),
    ),
    sideBySide(tool, marked, mark),
  );
}

/** "21 tools … — 17 strict, 2 fallbacks, 2 left out": what is sent under this setting, counted. */
function summary(response: ToolsResponse, strict: StrictSetting): string {
  const { tools } = response;
  const servers = new Set(tools.map((tool) => tool.server)).size;
  const sent = tools.filter((tool) => tool.strict !== null);
  const strictCount = sent.filter((tool) => tool.strict === true).length;
  const fallbacks = sent.filter((tool) => tool.fallback !== null).length;
  const plain = sent.length - strictCount - fallbacks;
  const excluded = tools.length - sent.length;
  const parts = [
    strictCount > 0 ? `${strictCount} strict` : null,
    fallbacks > 0 ? `${fallbacks} fallback${fallbacks === 1 ? "" : "s"} sent with strict: false` : null,
    plain > 0 ? `${plain} with strict: false` : null,
  ].filter((part) => part !== null);
  return (
    `${tools.length} tools from ${servers} server(s). Under strict: ${strict}, ${sent.length} are sent` +
    (parts.length === 0 ? "" : ` (${parts.join(", ")})`) +
    (excluded === 0 ? "" : `, ${excluded} left out`) +
    `. Requests carry ${formatBytes(response.totals.chat)} of tools for Chat Completions, ${formatBytes(
      response.totals.responses,
    )} for Responses.`
  );
}

function toolList(context: PageContext, search: string, selected: ToolView | undefined): HTMLElement[] {
  const tools = context.tools.tools.filter((tool) => matchesSearch(tool, search));
  const servers = [...new Set(context.tools.tools.map((tool) => tool.server))];
  if (tools.length === 0) return [h("p", { class: "muted" }, "No tool matches.")];
  return servers
    .filter((server) => tools.some((tool) => tool.server === server))
    .map((server) =>
      h(
        "div",
        { class: "group" },
        h("h3", {}, server),
        h(
          "ul",
          {},
          tools
            .filter((tool) => tool.server === server)
            .map((tool) =>
              h(
                "li",
                {},
                h(
                  "button",
                  {
                    type: "button",
                    class: tool === selected ? "on" : "",
                    "data-tool": tool.name,
                    title: `${tool.toolName} on ${tool.server}`,
                    onclick: () => context.select(tool.name),
                  },
                  h("span", { class: "name" }, tool.name),
                  tool.unavailable === null ? badge(tool) : h("span", { class: "badge excluded" }, "unavailable"),
                  tool.renamed.length === 0 ? null : h("span", { class: "badge renamed" }, "renamed"),
                ),
              ),
            ),
        ),
      ),
    );
}

/**
 * The Tools view. It keeps its search while the page is open.
 *
 * @example
 * ```ts
 * const view = createToolsView(context);
 * main.append(view.element);
 * ```
 */
export function createToolsView(initial: PageContext): View {
  let context = initial;
  let search = "";
  let form: ResponsesForm["name"] = "deferred-client";
  /** The API whose changes the selected tool's schema is marked with. */
  let marked: ConversationApi = "chat";
  const costs = h("div", {});
  const forms = h("div", {});
  const intro = h("p", { class: "intro", "data-testid": "tools-summary" });
  const dropped = h("div", {});
  const list = h("div", {});
  const detail = h("div", { class: "detail-slot" });
  const searchBox = h("input", {
    type: "search",
    placeholder: "Search tools",
    "aria-label": "search tools",
    "data-testid": "tools-search",
  });
  const draw = (): void => {
    const { tools } = context.tools;
    const visible = tools.filter((tool) => matchesSearch(tool, search));
    const selected = visible.find((tool) => tool.name === context.selectedTool) ?? visible[0];
    replace(
      intro,
      summary(context.tools, context.strict),
      h("br"),
      `strict: ${context.strict} — ${STRICT_MEANINGS[context.strict]}. `,
      "Names are what the model sees: the server's name, two underscores, the tool's name (",
      h("code", {}, "demo__divide"),
      " is ",
      h("code", {}, "divide"),
      " on ",
      h("code", {}, "demo"),
      "), so tools of different servers never clash.",
    );
    replace(
      dropped,
      context.tools.dropped.length === 0
        ? null
        : h(
            "div",
            { class: "notice warn" },
            h("strong", {}, "Left out of the toolset: "),
            context.tools.dropped.map((drop) =>
              h("div", {}, `${drop.server} ${drop.toolName ?? "(no name)"}: ${drop.reason} — ${drop.message}`),
            ),
          ),
    );
    replace(list, toolList(context, search, selected));
    replace(costs, requestCosts(context.tools.costs));
    replace(
      forms,
      renderResponsesForms(context.tools.responsesForms, form, (name) => {
        form = name;
        draw();
      }),
    );
    replace(
      detail,
      selected === undefined
        ? h("p", { class: "muted" }, tools.length === 0 ? "No tools: no MCP server started." : "No tool matches.")
        : toolDetail(context, selected, marked, (api) => {
            marked = api;
            keepingFocus(draw);
          }),
    );
  };
  searchBox.addEventListener("input", () => {
    search = searchBox.value;
    draw();
  });
  const element = h(
    "div",
    { class: "tools-view" },
    intro,
    dropped,
    costs,
    h(
      "div",
      { class: "tools-layout" },
      h("aside", { class: "tool-list", "data-testid": "tool-list" }, searchBox, list),
      detail,
    ),
    forms,
  );
  draw();
  return {
    element,
    update: (next) => {
      context = next;
      draw();
    },
  };
}
