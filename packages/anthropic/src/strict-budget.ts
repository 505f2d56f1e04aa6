// Anthropic limits strict tool use per request, summed over every strict
// tool: "Maximum of 20 strict tools per request", "24 optional parameters
// total across all strict schemas", "16 parameters with union types (anyOf or
// type arrays) total across all strict schemas"
// (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#schema-complexity-limits).
// A request over any of them is refused whole, so tools() fills the budget
// one tool at a time and sends the rest non-strict. What each tool spends is
// counted by @x/strict-schema on the schema it sends (`budget` of its result).
import type { Budget, StrictError } from "@x/strict-schema";

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

const LIMITS = ["strictTools", "optionalParameters", "unionParameters"] as const;

/** The budget being filled, tool by tool, in the order the tools are offered to it. */
export class BudgetFill {
  private spent: StrictBudget = { strictTools: 0, optionalParameters: 0, unionParameters: 0 };

  constructor(private readonly budget: StrictBudget) {}

  /**
   * Spends one strict tool and `cost` if they fit, and returns nothing; or
   * spends nothing and returns why the tool does not fit (keyword `budget`).
   */
  take(cost: Budget): StrictError | undefined {
    const after: StrictBudget = {
      strictTools: this.spent.strictTools + 1,
      optionalParameters: this.spent.optionalParameters + cost.optionalParameters,
      unionParameters: this.spent.unionParameters + cost.unionParameters,
    };
    const over = LIMITS.find((limit) => after[limit] > this.budget[limit]);
    if (over === undefined) {
      this.spent = after;
      return undefined;
    }
    return {
      path: [],
      keyword: "budget",
      message:
        `The request's strict budget has no room for this tool (${over}: ${this.spent[over]} of ` +
        `${this.budget[over]} spent, it needs ${after[over] - this.spent[over]}). Name it in the priority ` +
        `option to make it strict before others.`,
    };
  }

  /** What the strict tools taken so far spend. */
  total(): StrictBudget {
    return this.spent;
  }
}
