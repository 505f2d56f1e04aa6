import { ToolError } from "@x/toolset";
import type { PlansByTool, PrepareReport, StructuredMode, Toolset, ToolsetEntry } from "@x/toolset";
import type { Encoding, NullPath, Plan, Relaxation, StrictError } from "@x/strict-schema";
import { adapter } from "./adapter";
import type { AnthropicAdapter } from "./adapter";
import { anthropicStrictSchema, fitRoot } from "./anthropic-schema";
import type { AnthropicRequestTool, AnthropicTool } from "./anthropic-types";
import { ANTHROPIC_STRICT_BUDGET, BudgetFill } from "./strict-budget";
import type { StrictBudget, StrictSpent } from "./strict-budget";
import { toolSearchTool } from "./tool-search-tool";
import type { ToolSearchVariant } from "./tool-search-tool";

/** Options of {@link tools}. */
export interface AnthropicToolsOptions {
  /**
   * `"auto"` (default): strict where a tool has a strict form and the
   * request's budget still has room, in `priority` order; `true`: only
   * strict tools are sent (the others are left out and reported); `false`:
   * every tool non-strict.
   */
  readonly strict?: "auto" | boolean;
  /**
   * Which tools get the strict budget first: a list of exposed names (in
   * that order), or a predicate over each toolset entry (those it accepts
   * first). The others follow in toolset order. Default: toolset order.
   */
  readonly priority?: readonly string[] | ((entry: ToolsetEntry) => boolean);
  /** The per-request limits, if Anthropic's change. Default {@link ANTHROPIC_STRICT_BUDGET}. */
  readonly budget?: Partial<StrictBudget>;
  /**
   * Which tools are loaded through the API's tool search instead of up front:
   * `true` (all) or a predicate over each toolset entry. Default: none.
   */
  readonly deferLoading?: boolean | ((entry: ToolsetEntry) => boolean);
  /** The tool search sent beside deferred tools. Default `"bm25"`. */
  readonly toolSearch?: ToolSearchVariant;
  /** How results render (`toolOutput`'s and the executor's `structured`). Default `"auto"`. */
  readonly structured?: StructuredMode;
}

/** How many tools a request loads up front and through tool search, and what deferral saves. */
export interface LoadingReport {
  readonly upFront: number;
  readonly deferred: number;
  /** The UTF-8 size of the JSON of `tools`, as sent. */
  readonly bytes: number;
  /** The UTF-8 size of the JSON of `tools` with nothing deferred (no search tool). */
  readonly bytesWithoutDeferral: number;
}

/** The report of {@link tools}. */
export interface AnthropicToolsReport extends PrepareReport {
  /**
   * Tools sent non-strict under `"auto"` and tools left out under `true`
   * because the budget had no more room are in `fallbacks` / `excluded` with
   * keyword `"budget"`; here is what the strict tools spend, and the limits.
   */
  readonly strict: StrictSpent & { readonly budget: StrictBudget };
  readonly loading: LoadingReport;
}

/** What {@link tools} returns: the request's `tools` and everything a round needs to answer their calls. */
export interface AnthropicTools {
  /** The request's `tools`, as the API takes them. */
  readonly tools: AnthropicRequestTool[];
  readonly report: AnthropicToolsReport;
  /** The toolset the tools came from. */
  readonly toolset: Toolset;
  /** Exposed name → plan, for every tool offered (and no other): what restores the model's `input`. */
  readonly plans: PlansByTool;
  /** How results render. */
  readonly structured: StructuredMode;
  /** The API the tools were prepared for. */
  readonly adapter: AnthropicAdapter;
}

/** One tool's definition before deferral, and whether it is deferred. */
interface Sendable {
  readonly definition: AnthropicTool;
  readonly deferred: boolean;
}

const record = <T>(): { [name: string]: T } => Object.create(null) as { [name: string]: T };

/**
 * The Messages API `tools` for a toolset, and what answering their calls
 * needs (the plans that restore the model's `input`, the tools offered).
 *
 * Every tool is `{ name, description, input_schema, strict }` (`strict`
 * always sent; `description` left out when the tool has none). Under
 * `strict: "auto"` a tool goes strict when it has a strict form AND the
 * request's budget (20 strict tools, 24 optional and 16 union-typed
 * parameters summed over them) still has room, trying tools in `priority`
 * order; the others go non-strict with their own schema, in
 * `report.fallbacks` with why (the schema path and keyword, or `"budget"`).
 * Every `input_schema` meets the root rules (an object, no root
 * combinator: see `fitRoot`); a tool whose root cannot be made to is left
 * out, in `report.excluded`: one bad tool never fails the request. With
 * `deferLoading`, the deferred tools carry `defer_loading: true` and the tool
 * search tool is added; `report.loading` gives the bytes with and without.
 * The tools keep the toolset's order whatever the priority.
 *
 * @param toolset - the tools to offer, from `buildToolset`
 * @param options - `strict`, `priority`, `budget`, `deferLoading`, `toolSearch`, `structured`
 * @returns the prepared tools: pass `tools` to the request, the whole object to `toolCalls` / the executor
 * @throws {ToolError} `invalid-options` when an option has a value it does not take
 * @example
 * ```ts
 * const prepared = tools(toolset, { priority: ["files__write_file"] });
 * const message = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: prepared.tools });
 * prepared.report.fallbacks; // { files__search: { path: [], keyword: "budget", message: "…" } }
 * ```
 */
export function tools(toolset: Toolset, options?: AnthropicToolsOptions): AnthropicTools {
  const settings = readOptions(options);
  const nullPaths = record<readonly NullPath[]>();
  const fallbacks = record<StrictError>();
  const excluded = record<StrictError>();
  const plans = record<Plan>();
  const encoded = record<readonly Encoding[]>();
  const relaxed = record<readonly Relaxation[]>();
  const fill = new BudgetFill(settings.budget);
  const definitions = new Map<string, AnthropicTool>();

  for (const entry of settings.priority(toolset.entries)) {
    const { name, tool } = entry;
    const description = typeof tool.description === "string" ? { description: tool.description } : {};
    const fitted = fitRoot(tool.inputSchema);
    const offer = (schema: AnthropicTool["input_schema"], strict: boolean, plan: Plan): void => {
      definitions.set(name, { name, ...description, input_schema: schema, strict });
      plans[name] = plan;
      nullPaths[name] = plan.nullPaths;
      const encodings = plan.encodings ?? [];
      if (encodings.length > 0) encoded[name] = encodings;
    };
    const refuse = (error: StrictError): void => {
      if (settings.strict === true || !fitted.ok) excluded[name] = fitted.ok ? error : fitted.error;
      else {
        fallbacks[name] = error;
        offer(fitted.schema, false, fitted.plan);
      }
    };
    if (settings.strict === false) {
      if (fitted.ok) offer(fitted.schema, false, fitted.plan);
      else excluded[name] = fitted.error;
      continue;
    }
    const converted = fitted.ok ? anthropicStrictSchema(fitted.schema) : fitted;
    if (!converted.ok) {
      refuse(converted.error);
      continue;
    }
    const overBudget = fill.take(converted.cost);
    if (overBudget === undefined) offer(converted.schema, true, converted.plan);
    else refuse(overBudget);
  }

  const sendable: Sendable[] = toolset.entries.flatMap((entry) => {
    const definition = definitions.get(entry.name);
    return definition === undefined ? [] : [{ definition, deferred: settings.deferred(entry) }];
  });
  const sent = arrange(sendable, settings.toolSearch, true);
  const deferred = sendable.filter((tool) => tool.deferred).length;
  const report: AnthropicToolsReport = {
    nullPaths,
    fallbacks,
    excluded,
    relaxed,
    plans,
    encoded,
    strict: { ...fill.total(), budget: settings.budget },
    loading: {
      upFront: sendable.length - deferred,
      deferred,
      bytes: jsonBytes(sent),
      bytesWithoutDeferral: jsonBytes(arrange(sendable, settings.toolSearch, false)),
    },
  };
  return { tools: sent, report, toolset, plans, structured: settings.structured, adapter };
}

interface Settings {
  readonly strict: "auto" | boolean;
  readonly priority: (entries: readonly ToolsetEntry[]) => ToolsetEntry[];
  readonly budget: StrictBudget;
  readonly deferred: (entry: ToolsetEntry) => boolean;
  readonly toolSearch: ToolSearchVariant;
  readonly structured: StructuredMode;
}

function readOptions(options: AnthropicToolsOptions | undefined): Settings {
  const { strict = "auto", priority, deferLoading = false, toolSearch = "bm25", structured = "auto" } = options ?? {};
  const fail = (option: string, value: unknown, expected: string): never => {
    throw new ToolError(
      "invalid-options",
      `${option} must be ${expected}, got ${JSON.stringify(value) ?? String(value)}.`,
    );
  };
  if (strict !== "auto" && strict !== true && strict !== false) fail("strict", strict, `"auto", true or false`);
  if (priority !== undefined && typeof priority !== "function" && !Array.isArray(priority))
    fail("priority", priority, "a list of exposed names or a function (entry) => boolean");
  if (typeof deferLoading !== "boolean" && typeof deferLoading !== "function")
    fail("deferLoading", deferLoading, "true, false or a function (entry) => boolean");
  if (toolSearch !== "bm25" && toolSearch !== "regex") fail("toolSearch", toolSearch, `"bm25" or "regex"`);
  if (!["auto", "prefer", "append", "ignore"].includes(structured))
    fail("structured", structured, `"auto", "prefer", "append" or "ignore"`);
  const budget = { ...ANTHROPIC_STRICT_BUDGET, ...options?.budget };
  for (const [limit, value] of Object.entries(budget)) {
    if (!Number.isInteger(value) || value < 0) fail(`budget.${limit}`, value, "a non-negative integer");
  }
  return {
    strict,
    priority: (entries) => prioritised(entries, priority),
    budget,
    deferred: typeof deferLoading === "function" ? (entry) => deferLoading(entry) === true : () => deferLoading,
    toolSearch,
    structured,
  };
}

/** The entries in the order the budget is filled: the priority's first, then the rest in toolset order. */
function prioritised(entries: readonly ToolsetEntry[], priority: AnthropicToolsOptions["priority"]): ToolsetEntry[] {
  if (priority === undefined) return [...entries];
  let first: ToolsetEntry[];
  if (typeof priority === "function") {
    first = entries.filter((entry) => priority(entry) === true);
  } else {
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    first = [...new Set(priority)].flatMap((name) => byName.get(name) ?? []);
  }
  const chosen = new Set(first);
  return [...first, ...entries.filter((entry) => !chosen.has(entry))];
}

/** The request's `tools`: deferred tools marked and the search tool added, or (without deferral) none of it. */
function arrange(sendable: readonly Sendable[], variant: ToolSearchVariant, deferral: boolean): AnthropicRequestTool[] {
  const defer = deferral && sendable.some((tool) => tool.deferred);
  const sent: AnthropicRequestTool[] = sendable.map(({ definition, deferred }) =>
    defer && deferred ? { ...definition, defer_loading: true } : definition,
  );
  if (defer) sent.push(toolSearchTool(variant));
  return sent;
}

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
