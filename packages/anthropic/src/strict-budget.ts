// Anthropic limits strict tool use per request, summed over every strict
// tool: "Maximum of 20 strict tools per request", "24 optional parameters
// total across all strict schemas", "16 parameters with union types (anyOf or
// type arrays) total across all strict schemas"
// (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#schema-complexity-limits).
// A request over any of them is refused whole, so tools() fills the budget
// one tool at a time and sends the rest non-strict.
import type { StrictError } from "@x/strict-schema";
import type { StrictCost } from "./anthropic-schema";

/** The per-request limits of strict tool use. */
export interface StrictBudget {
  /** Strict tools in one request. Default 20. */
  readonly strictTools: number;
  /** Optional parameters summed over the strict tools. Default 24. */
  readonly optionalParameters: number;
  /** Parameters with a union type (`anyOf` or a type list) summed over the strict tools. Default 16. */
  readonly unionParameters: number;
}

/** Anthropic's limits. */
export const ANTHROPIC_STRICT_BUDGET: StrictBudget = Object.freeze({
  strictTools: 20,
  optionalParameters: 24,
  unionParameters: 16,
});

/** What the strict tools of a request spend: tools, optional and union-typed parameters. */
export interface StrictSpent {
  readonly strictTools: number;
  readonly optionalParameters: number;
  readonly unionParameters: number;
}

/** The budget being filled, tool by tool. */
export class BudgetFill {
  private spent: StrictSpent = { strictTools: 0, optionalParameters: 0, unionParameters: 0 };

  constructor(private readonly budget: StrictBudget) {}

  /** Spends `cost` if it fits and returns nothing, or returns why it does not fit (keyword `budget`). */
  take(cost: StrictCost): StrictError | undefined {
    const after = {
      strictTools: this.spent.strictTools + 1,
      optionalParameters: this.spent.optionalParameters + cost.optionalParameters,
      unionParameters: this.spent.unionParameters + cost.unionParameters,
    };
    const over = (Object.keys(after) as (keyof StrictSpent)[]).find((limit) => after[limit] > this.budget[limit]);
    if (over === undefined) {
      this.spent = after;
      return undefined;
    }
    return {
      path: [],
      keyword: "budget",
      message:
        `The request's strict budget has no room for this tool (${over}: ${this.spent[over]} spent, ` +
        `${after[over] - this.spent[over]} more needed, limit ${this.budget[over]}).`,
    };
  }

  /** What has been spent. */
  total(): StrictSpent {
    return this.spent;
  }
}
