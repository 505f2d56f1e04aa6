// The Tools view's side-by-side section: the selected tool as each API
// receives it (Chat Completions, Responses, Anthropic Messages, Gemini), each
// as a compact card (strict or not and why, the name it gets, what its entry
// costs, what changed), with the full JSON a click away, and the input
// schema as the server lists it, marked with the changes of the API chosen.
import "./side-by-side.css";
import type {
  ConversationApi,
  ProviderForm,
  SchemaChange,
  StrictProblem,
  TokenCount,
  ToolView,
} from "../shared/api-types";
import { annotatedSchema, changeSign, inReadingOrder } from "./annotated-schema";
import { h, list } from "./dom";
import { formatBytes, formatSchemaPath } from "./format";
import { jsonBlock } from "./json-block";
import { libraryDetail, reasonWords } from "./strict-words";

/** Each API's name as the page says it. */
export const API_LABELS: { readonly [api in ConversationApi]: string } = {
  chat: "Chat Completions",
  responses: "Responses",
  anthropic: "Anthropic Messages",
  gemini: "Gemini",
};

type Path = readonly (string | number)[];

const STATUS_WORDS: { readonly [status in ProviderForm["status"]]: string } = {
  strict: "strict",
  fallback: "fallback",
  plain: "as listed",
  "left-out": "left out",
};

const STATUS_CLASS: { readonly [status in ProviderForm["status"]]: string } = {
  strict: "strict",
  fallback: "fallback",
  plain: "plain",
  "left-out": "excluded",
};

/**
 * A token count as the page says it: `412 tokens` when a real tokenizer of
 * the API's models counted it, `≈ 412 tokens (estimate)` otherwise; how it was
 * counted is the tooltip.
 *
 * @example
 * ```ts
 * cell.append(tokenWords({ tokens: 412, exact: false, how: "…" })); // "≈ 412 tokens (estimate)"
 * ```
 */
export function tokenWords(count: TokenCount): HTMLElement {
  return h(
    "span",
    { class: count.exact ? "tokens" : "tokens estimate", title: count.how },
    count.exact
      ? `${count.tokens.toLocaleString("en")} tokens`
      : `≈ ${count.tokens.toLocaleString("en")} tokens (estimate)`,
  );
}

/** Why a form is a fallback or left out, in words, then where. */
function problemWords(form: ProviderForm, problem: StrictProblem): HTMLElement {
  const lead = form.status === "left-out" ? "Left out: " : "Sent without strict mode: ";
  // (the budget's message says how much was spent and how to steer it; a name clash has no path to show)
  const why =
    problem.keyword === "budget"
      ? libraryDetail(problem.message)
      : problem.keyword === "name"
        ? "its name under this API's rule is another tool's"
        : form.api === "gemini"
          ? libraryDetail(problem.message)
          : reasonWords(problem);
  return h(
    "p",
    { class: `problem ${STATUS_CLASS[form.status]}`, "data-testid": `problem-${form.api}` },
    h("strong", {}, lead),
    why,
    problem.keyword === "budget" || problem.keyword === "name"
      ? null
      : [" — ", h("code", {}, problem.keyword), " at ", h("code", {}, formatSchemaPath(problem.path))],
  );
}

/** The changes of a form, counted by kind: "5 nullable, 4 added, 1 dropped". */
function countWords(form: ProviderForm): string {
  const counts = new Map<string, number>();
  for (const change of form.changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(", ");
}

/**
 * Where a schema path is, as a reader finds it in the arguments: `start.time`
 * for `/properties/start/properties/time`, `attendees[]` for its `items`, the
 * other keywords as they are (`/$defs/address`).
 */
function placeWords(path: Path): string {
  let words = "";
  for (let at = 0; at < path.length; at++) {
    const segment = path[at];
    const next = path[at + 1];
    if (segment === "properties" && typeof next === "string") {
      words += words === "" || words.endsWith("/") ? next : `.${next}`;
      at += 1;
    } else if (segment === "items") words += "[]";
    else words += `/${String(segment)}/`;
  }
  return words === "" ? "the root" : words.replace(/\/$/, "");
}

/** The same change at several places, said once with every place (in reading order). */
function grouped(changes: readonly SchemaChange[]): { kind: SchemaChange["kind"]; words: string; paths: Path[] }[] {
  const groups = new Map<string, { kind: SchemaChange["kind"]; words: string; paths: Path[] }>();
  for (const change of changes) {
    // The words name the keyword: the place is the schema it is in.
    const path = change.path;
    const group = groups.get(`${change.kind}\u0000${change.words}`);
    if (group === undefined) groups.set(`${change.kind}\u0000${change.words}`, { ...change, paths: [path] });
    else group.paths.push(path);
  }
  return [...groups.values()];
}

function card(tool: ToolView, form: ProviderForm, marked: boolean, mark: (api: ConversationApi) => void): HTMLElement {
  const label = API_LABELS[form.api];
  const changes = inReadingOrder(tool.inputSchema, form.changes);
  return h(
    "article",
    { class: `provider-card${marked ? " marked" : ""}`, "data-testid": `form-${form.api}` },
    h(
      "div",
      { class: "card-head" },
      h("h3", {}, label),
      h(
        "span",
        { class: `badge ${STATUS_CLASS[form.status]}`, "data-testid": "form-status" },
        STATUS_WORDS[form.status],
      ),
    ),
    form.bytes === null || form.tokens === null
      ? h("p", { class: "cost muted" }, "not sent")
      : h("p", { class: "cost", "data-testid": "form-cost" }, `${formatBytes(form.bytes)} · `, tokenWords(form.tokens)),
    form.name === null || form.name === tool.name
      ? null
      : h(
          "p",
          { "data-testid": "form-name" },
          "Sent as ",
          h("code", {}, form.name),
          form.api === "gemini" ? " (Gemini's rule: a letter or _ first)" : null,
        ),
    form.problem === null ? null : problemWords(form, form.problem),
    form.status === "left-out"
      ? null
      : changes.length === 0
        ? h("p", { class: "muted", "data-testid": "form-changes" }, "Its schema goes as the server lists it.")
        : [
            h("p", { class: "muted" }, `Changes: ${countWords(form)}`),
            h(
              "ul",
              { class: "changes", "data-testid": "form-changes" },
              grouped(changes).map(({ kind, words, paths }) =>
                h(
                  "li",
                  { class: `change-${kind}` },
                  h("span", { class: "sign", "aria-hidden": "true" }, changeSign(kind)),
                  " ",
                  words,
                  h(
                    "span",
                    { class: "at" },
                    "at ",
                    list(paths.map((path) => h("code", { title: formatSchemaPath(path) }, placeWords(path)))),
                  ),
                ),
              ),
            ),
          ],
    h(
      "div",
      { class: "card-actions" },
      form.status === "left-out" || changes.length === 0
        ? null
        : h(
            "button",
            {
              type: "button",
              "aria-pressed": marked ? "true" : "false",
              "data-testid": `mark-${form.api}`,
              onclick: () => mark(form.api),
            },
            marked ? "Marked below" : "Mark on the schema",
          ),
      form.definition === null
        ? null
        : h(
            "details",
            { class: "full-json" },
            h("summary", {}, "Full JSON"),
            jsonBlock(form.definition, `schema-${form.api}`),
          ),
    ),
  );
}

/**
 * The side-by-side section for `tool`: a card per API, then the input schema
 * marked with the changes of `marked` (the API chosen with a card's button).
 *
 * @param mark - called with the API whose changes the schema should show
 * @example
 * ```ts
 * detail.append(sideBySide(tool, "chat", (api) => redraw(api)));
 * ```
 */
export function sideBySide(tool: ToolView, marked: ConversationApi, mark: (api: ConversationApi) => void): HTMLElement {
  const shown = tool.forms.find((form) => form.api === marked && form.status !== "left-out") ?? null;
  return h(
    "section",
    { class: "side-by-side", "data-testid": "side-by-side" },
    h("h3", {}, "As each API receives it"),
    h(
      "p",
      { class: "muted" },
      "Each card is the tool's entry in that API's request, as its adapter emits it: whether it goes strict (and why " +
        "not), what it costs in every request, and what its schema changed from the one the server lists. " +
        "Full JSON opens the entry itself.",
    ),
    h(
      "div",
      { class: "provider-grid" },
      tool.forms.map((form) => card(tool, form, form.api === shown?.api, mark)),
    ),
    h(
      "figure",
      { class: "schema-figure" },
      h(
        "figcaption",
        { "data-testid": "marked-caption" },
        shown === null
          ? "Input schema, as the MCP server lists it"
          : `Input schema, as the MCP server lists it, marked with what ${API_LABELS[shown.api]} changes`,
      ),
      annotatedSchema(
        tool.inputSchema,
        shown?.changes ?? [],
        shown === null ? "no API" : API_LABELS[shown.api],
        "schema-original",
      ),
    ),
  );
}
