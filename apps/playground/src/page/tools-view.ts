// The Tools view: the list of exposed tools, and for the selected one its
// names, the report of strict preparation, and its schema in three forms.
import type { StrictProblem, StrictSetting, ToolView } from "../shared/api-types";
import { h } from "./dom";
import { formatNullPath, formatSchemaPath } from "./format";
import { jsonBlock } from "./json-block";
import type { PageContext } from "./main";

const RENAME_REASONS: { readonly [reason: string]: string } = {
  "invalid-characters": "its name has characters OpenAI does not allow in a function name (only A–Z, a–z, 0–9, _ and -)",
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
    h("code", { "data-testid": "report-keyword" }, problem.keyword),
    " at ",
    h("code", { "data-testid": "report-path" }, formatSchemaPath(problem.path)),
    ": ",
    problem.message,
    tail,
  );
}

function strictReport(tool: ToolView, strict: StrictSetting): HTMLElement {
  if (tool.excluded !== null) {
    return problemReport("excluded", "With strict: true, a tool without a strict form is not sent at all. The schema cannot be strict because of ", tool.excluded, "");
  }
  if (tool.fallback !== null) {
    return problemReport(
      "fallback",
      "The schema has no strict form because of ",
      tool.fallback,
      " The model gets the original schema, and its arguments are not guaranteed to match it.",
    );
  }
  if (!tool.strict) {
    return h("div", { class: "report plain", "data-testid": "report" }, h("strong", {}, "Not strict. "), `strict: ${strict} sends every tool as it is listed.`);
  }
  return h(
    "div",
    { class: "report strict", "data-testid": "report" },
    h("strong", {}, "Strict. "),
    tool.nullPaths.length === 0
      ? "Every property was already required: the model's arguments go to the server unchanged."
      : [
          "Strict mode requires every property, so each optional one may now be null. When the model sends null there, it is removed before the call reaches the server. Null paths: ",
          h(
            "span",
            { class: "paths", "data-testid": "null-paths" },
            tool.nullPaths.map((path) => h("code", {}, formatNullPath(path))),
          ),
        ],
  );
}

function toolDetail(context: PageContext, tool: ToolView): HTMLElement {
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
            h("dd", { "data-testid": "renamed" }, tool.renamed.map((reason) => RENAME_REASONS[reason] ?? reason).join("; ")),
          ],
    ),
    tool.description === null ? null : h("p", { class: "description" }, tool.description),
    strictReport(tool, context.strict),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { type: "button", class: "primary", disabled: tool.strict === null, onclick: () => context.select(tool.name, "run") },
        "Call it yourself →",
      ),
    ),
    h(
      "div",
      { class: "columns" },
      h("figure", {}, h("figcaption", {}, "Input schema, as the MCP server lists it"), jsonBlock(tool.inputSchema, "schema-original")),
      h(
        "figure",
        {},
        h("figcaption", {}, "Chat Completions: the tools entry"),
        tool.chat === null ? h("p", { class: "muted" }, "(not sent)") : jsonBlock(tool.chat, "schema-chat"),
      ),
      h(
        "figure",
        {},
        h("figcaption", {}, "Responses: the tools entry"),
        tool.responses === null ? h("p", { class: "muted" }, "(not sent)") : jsonBlock(tool.responses, "schema-responses"),
      ),
    ),
  );
}

/**
 * The Tools view.
 *
 * @example
 * ```ts
 * main.append(renderToolsView(context));
 * ```
 */
export function renderToolsView(context: PageContext): HTMLElement {
  const { tools } = context.tools;
  const servers = [...new Set(tools.map((tool) => tool.server))];
  const selected = tools.find((tool) => tool.name === context.selectedTool) ?? tools[0];
  const counts = {
    strict: tools.filter((tool) => tool.strict === true).length,
    fallback: tools.filter((tool) => tool.fallback !== null).length,
    excluded: tools.filter((tool) => tool.excluded !== null).length,
  };
  return h(
    "div",
    { class: "tools-view" },
    h(
      "p",
      { class: "intro" },
      `${tools.length} tools from ${servers.length} server(s) under strict: ${context.strict} — ${counts.strict} strict, ${counts.fallback} fallback, ${counts.excluded} left out. `,
      "Pick a tool to see how each OpenAI API receives it.",
    ),
    context.tools.dropped.length === 0
      ? null
      : h(
          "div",
          { class: "notice warn" },
          h("strong", {}, "Left out of the toolset: "),
          context.tools.dropped.map((drop) => h("div", {}, `${drop.server} ${drop.toolName ?? "(no name)"}: ${drop.reason} — ${drop.message}`)),
        ),
    h(
      "div",
      { class: "tools-layout" },
      h(
        "aside",
        { class: "tool-list", "data-testid": "tool-list" },
        servers.map((server) =>
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
                        onclick: () => context.select(tool.name),
                      },
                      h("span", { class: "name" }, tool.toolName),
                      badge(tool),
                      tool.renamed.length === 0 ? null : h("span", { class: "badge renamed" }, "renamed"),
                    ),
                  ),
                ),
            ),
          ),
        ),
      ),
      selected === undefined ? h("p", { class: "muted" }, "No tools: no MCP server started.") : toolDetail(context, selected),
    ),
  );
}
