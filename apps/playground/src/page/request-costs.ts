// The Tools view's table of what each API's request carries for the whole
// toolset: every definition up front, and every tool deferred to a tool
// search (what the model then reads up front, and what the request carries),
// in bytes and tokens.
import type { RequestCost } from "../shared/api-types";
import { h } from "./dom";
import { formatBytes } from "./format";
import { API_LABELS, tokenWords } from "./side-by-side";

/** The columns; on a narrow page each cell says its column itself (`data-label`), the table laid out as cards. */
const COLUMNS = [
  "API",
  "tools sent",
  "every definition up front",
  "every tool deferred: the model reads up front",
  "…and the request carries",
  "how",
] as const;

function budgetWords(budget: NonNullable<RequestCost["strictBudget"]>): string {
  const { spent, budget: limit } = budget;
  return (
    `Strict budget of one request: ${spent.strictTools} of ${limit.strictTools} strict tools, ` +
    `${spent.optionalParameters} of ${limit.optionalParameters} optional and ${spent.unionParameters} of ` +
    `${limit.unionParameters} union-typed parameters spent.`
  );
}

function row(cost: RequestCost): HTMLElement {
  const { deferred } = cost;
  return h(
    "tr",
    { "data-testid": `cost-${cost.api}` },
    h("th", { scope: "row" }, API_LABELS[cost.api]),
    h("td", { class: "number", "data-label": COLUMNS[1] }, String(cost.sent)),
    h("td", { class: "number", "data-label": COLUMNS[2] }, formatBytes(cost.bytes), h("br"), tokenWords(cost.tokens)),
    deferred === null
      ? h(
          "td",
          { colspan: "2", class: "how", "data-label": COLUMNS[3] },
          "No deferred loading in this API: every definition goes up front.",
        )
      : [
          h(
            "td",
            { class: "number", "data-testid": "deferred-up-front", "data-label": COLUMNS[3] },
            formatBytes(deferred.upFrontBytes),
            h("br"),
            tokenWords(deferred.upFrontTokens),
          ),
          h("td", { class: "number", "data-label": COLUMNS[4] }, formatBytes(deferred.requestBytes)),
        ],
    h(
      "td",
      { class: "how", "data-label": COLUMNS[5] },
      deferred?.how ?? "",
      cost.strictBudget === null ? null : [deferred === null ? null : h("br"), budgetWords(cost.strictBudget)],
    ),
  );
}

/**
 * The request costs of every API, as a table.
 *
 * @example
 * ```ts
 * view.append(requestCosts(tools.costs));
 * ```
 */
export function requestCosts(costs: readonly RequestCost[]): HTMLElement {
  return h(
    "section",
    { class: "request-costs", "data-testid": "request-costs" },
    h("h3", {}, "What each API's request carries for these tools"),
    h(
      "p",
      { class: "muted" },
      "The tools parameter is sent with every request. Tokens of OpenAI's APIs are counted with o200k_base, their " +
        "models' tokenizer; Claude's and Gemini's are estimates (their tokenizers are not available offline). Each " +
        "API also adds a tool-use prompt of its own. Hover a count for how it was made.",
    ),
    h(
      "div",
      { class: "table-box" },
      h(
        "table",
        { class: "costs" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            COLUMNS.map((column) => h("th", {}, column)),
          ),
        ),
        h("tbody", {}, costs.map(row)),
      ),
    ),
  );
}
