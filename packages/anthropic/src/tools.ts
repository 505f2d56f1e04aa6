import { fitRoot, strictSchema } from "@x/strict-schema";
import type {
  Described,
  Encoding,
  JsonSchemaObject,
  Plan,
  Relaxation,
  Rewrite,
  StrictError,
  StrictSchemaOptions,
} from "@x/strict-schema";
import { ToolError } from "@x/toolset";
import type { PrepareOptions, PrepareReport, PreparedTools, StrictMode, Toolset, ToolsetEntry } from "@x/toolset";
import { checkRenderOptions } from "@x/toolset/adapter";
import { adapter } from "./adapter";
import type { AnthropicAdapter } from "./adapter";
import type {
  AnthropicInputSchema,
  AnthropicMessageParam,
  AnthropicRequestTool,
  AnthropicResponse,
  AnthropicTool,
  AnthropicToolResultBlock,
} from "./anthropic-types";
import { ANTHROPIC_STRICT_BUDGET, BudgetFill } from "./strict-budget";
import type { StrictBudget } from "./strict-budget";
import { toolSearchTool } from "./tool-search-tool";
import type { ToolSearchVariant } from "./tool-search-tool";

/**
 * Options of {@link tools}: strict mode and its budget, large tool sets, and
 * the wording of every answer (`errorPrefix`, default `""`: a `tool_result`
 * says it failed with `is_error`; `structured`).
 */
export interface AnthropicToolsOptions extends PrepareOptions {
  /**
   * `"auto"` (default): strict where a tool has a strict form and the
   * request's budget still has room, in `priority` order; `true`: only
   * strict tools are sent (the others are left out and reported); `false`:
   * every tool non-strict.
   */
  readonly strict?: StrictMode | undefined;
  /** Passed to `strictSchema` (target `anthropic`, which is the only one taken here); encodings on unless `false`. */
  readonly strictOptions?: StrictSchemaOptions | undefined;
  /**
   * Which tools get the strict budget first: a list of exposed names (in
   * that order), or a predicate over each toolset entry (those it accepts
   * first). The others follow in toolset order. Default: toolset order.
   */
  readonly priority?: readonly string[] | ((entry: ToolsetEntry) => boolean) | undefined;
  /** The per-request limits, should Anthropic's change. Default: 20 strict tools, 24 optional, 16 union-typed. */
  readonly budget?: Partial<StrictBudget> | undefined;
  /**
   * Which tools are loaded through the API's tool search instead of up front:
   * `true` (all) or a predicate over each toolset entry. Default: none.
   */
  readonly deferLoading?: boolean | ((entry: ToolsetEntry) => boolean) | undefined;
  /** The tool search sent beside deferred tools. Default `"bm25"`. */
  readonly toolSearch?: ToolSearchVariant | undefined;
  /**
   * Sent as every tool's `eager_input_streaming`: `true` streams each call's
   * input as it is generated, unbuffered
   * ({@link https://platform.claude.com/docs/en/agents-and-tools/tool-use/fine-grained-tool-streaming}),
   * `false` buffers it. Default: not sent (the API decides).
   */
  readonly eagerInputStreaming?: boolean | undefined;
}

/** How many tools a request loads up front and through tool search, and what deferral saves. */
export interface LoadingReport {
  /** Tools the model sees from the start. */
  readonly upFront: number;
  /** Tools sent with `defer_loading: true`: the model sees them once its tool search finds them. */
  readonly deferred: number;
  /** The UTF-8 size of the JSON of `tools`, as sent. */
  readonly bytes: number;
  /** The UTF-8 size of the JSON of `tools` if nothing were deferred. */
  readonly bytesWithoutDeferral: number;
  /** The UTF-8 size of the JSON of the tools loaded up front (those not deferred, and the search tool). */
  readonly upFrontBytes: number;
}

/** The report of {@link tools}. */
export interface AnthropicToolsReport extends PrepareReport {
  /**
   * What the strict tools spend of the request's budget, and the budget.
   * A tool the budget had no room for is in `fallbacks` (under `"auto"`) or
   * `excluded` (under `true`) with keyword `"budget"`.
   */
  readonly strict: { readonly spent: StrictBudget; readonly budget: StrictBudget };
  readonly loading: LoadingReport;
}

/** What {@link tools} returns: the request's `tools`, and everything a round needs to answer their calls. */
export interface AnthropicTools extends PreparedTools<
  AnthropicRequestTool,
  AnthropicResponse,
  AnthropicToolResultBlock,
  AnthropicMessageParam
> {
  readonly report: AnthropicToolsReport;
  readonly adapter: AnthropicAdapter;
}

/** A tool to send: its definition, and whether it is deferred. */
interface Sendable {
  readonly definition: AnthropicTool;
  readonly deferred: boolean;
}

/** The report's per-tool records, filled as the tools are prepared. */
interface Records {
  readonly fallbacks: { [name: string]: StrictError };
  readonly excluded: { [name: string]: StrictError };
  readonly relaxed: { [name: string]: readonly Relaxation[] };
  readonly encoded: { [name: string]: readonly Encoding[] };
  readonly described: { [name: string]: readonly Described[] };
  readonly rewrites: { [name: string]: readonly Rewrite[] };
}

/**
 * The Messages API `tools` for a toolset, prepared: `tools` goes into the
 * request, and the whole object to `toolCalls` or `executeToolCalls`, which
 * restore the model's `input` with it and run only the tools it offered.
 *
 * Every tool is `{ name, description, input_schema, strict }` (`strict`
 * always sent; `description` left out when the tool has none). Every
 * `input_schema` has the root the API takes even without strict mode (an
 * object, no `anyOf`, `oneOf` or `allOf` at the top: `fitRoot` of
 * `@x/strict-schema` merges or wraps it, and the plan undoes the wrapping);
 * a tool whose root cannot be fitted is left out, in `report.excluded`: one
 * bad tool never fails the request.
 *
 * Under `strict: "auto"` (default) a tool goes strict when it has a strict
 * form (`strictSchema`, target `anthropic`) AND the request's budget (20
 * strict tools, 24 optional and 16 union-typed parameters summed over them:
 * {@link https://platform.claude.com/docs/en/build-with-claude/structured-outputs#schema-complexity-limits})
 * still has room, trying tools in `priority` order; the others go non-strict
 * with their own schema, in `report.fallbacks` with why (the schema path and
 * keyword, or keyword `"budget"`). `strict: true` leaves them out instead;
 * `false` sends every tool non-strict. Deferred tools count against the
 * budget too. The tools keep the toolset's order whatever the priority.
 *
 * With `deferLoading`, the deferred tools carry `defer_loading: true` and
 * the tool search tool is added
 * ({@link https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool});
 * `report.loading` gives the bytes with and without deferral.
 *
 * @param toolset - the tools to offer, from `buildToolset` (or `servers.toolset`)
 * @param options - `strict`, `strictOptions`, `priority`, `budget`, `deferLoading`, `toolSearch`,
 *   `eagerInputStreaming`, and how answers are worded (`errorPrefix`, `structured`)
 * @returns the prepared tools
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
  const { errorPrefix, structured } = checkRenderOptions({ ...options, errorPrefix: options?.errorPrefix ?? "" });
  const records: Records = {
    fallbacks: record(),
    excluded: record(),
    relaxed: record(),
    encoded: record(),
    described: record(),
    rewrites: record(),
  };
  const plans = record<Plan>();
  const definitions = new Map<string, AnthropicTool>();
  const fill = new BudgetFill(settings.budget);

  for (const entry of settings.prioritised(toolset.entries)) {
    const { name, tool } = entry;
    const offer = (schema: JsonSchemaObject, strict: boolean, plan: Plan): void => {
      const description = typeof tool.description === "string" ? { description: tool.description } : {};
      const eager = settings.eager === undefined ? {} : { eager_input_streaming: settings.eager };
      definitions.set(name, { name, ...description, input_schema: schema as AnthropicInputSchema, strict, ...eager });
      plans[name] = plan;
      if ((plan.encodings ?? []).length > 0) records.encoded[name] = plan.encodings ?? [];
    };
    const fitted = fitRoot(tool.inputSchema, { target: "anthropic" });
    if (!fitted.ok) {
      records.excluded[name] = fitted.error;
      continue;
    }
    const nonStrict = (why: StrictError): void => {
      if (settings.strict === true) records.excluded[name] = why;
      else {
        records.fallbacks[name] = why;
        offer(fitted.schema, false, fitted.plan);
      }
    };
    if (settings.strict === false) {
      offer(fitted.schema, false, fitted.plan);
      continue;
    }
    // The fitted schema, so that a wrapped root goes strict too; its plan then undoes the strict form's
    // encodings first (they lie inside the wrapper) and the wrapping last.
    const converted = strictSchema(fitted.schema, settings.strictOptions);
    if (!converted.ok) {
      nonStrict(converted.error);
      continue;
    }
    const overBudget = fill.take(converted.budget);
    if (overBudget !== undefined) {
      nonStrict(overBudget);
      continue;
    }
    const wrapping = fitted.plan.encodings ?? [];
    offer(
      converted.schema,
      true,
      wrapping.length === 0
        ? converted.plan
        : { ...converted.plan, encodings: [...(converted.plan.encodings ?? []), ...wrapping] },
    );
    if (converted.relaxations.length > 0) records.relaxed[name] = converted.relaxations;
    if (converted.described.length > 0) records.described[name] = converted.described;
    if (converted.rewrites.length > 0) records.rewrites[name] = converted.rewrites;
  }

  const sendable: Sendable[] = toolset.entries.flatMap((entry) => {
    const definition = definitions.get(entry.name);
    return definition === undefined ? [] : [{ definition, deferred: settings.deferred(entry) }];
  });
  const sent = arrange(sendable, settings.toolSearch, true);
  const deferred = sendable.filter((tool) => tool.deferred).length;
  const report: AnthropicToolsReport = {
    ...records,
    strict: { spent: fill.total(), budget: settings.budget },
    loading: {
      upFront: sendable.length - deferred,
      deferred,
      bytes: jsonBytes(sent),
      bytesWithoutDeferral: jsonBytes(arrange(sendable, settings.toolSearch, false)),
      upFrontBytes: jsonBytes(sent.filter((tool) => !("defer_loading" in tool))),
    },
  };
  return { tools: sent, report, toolset, plans, output: { errorPrefix, structured }, adapter };
}

interface Settings {
  readonly strict: StrictMode;
  readonly strictOptions: StrictSchemaOptions;
  readonly prioritised: (entries: readonly ToolsetEntry[]) => ToolsetEntry[];
  readonly budget: StrictBudget;
  readonly deferred: (entry: ToolsetEntry) => boolean;
  readonly toolSearch: ToolSearchVariant;
  readonly eager: boolean | undefined;
}

function readOptions(options: AnthropicToolsOptions | undefined): Settings {
  const fail = (option: string, value: unknown, expected: string): never => {
    throw new ToolError(
      "invalid-options",
      `The option ${option} must be ${expected}; got ${JSON.stringify(value) ?? String(value)}.`,
    );
  };
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    fail("options", options, "an object (AnthropicToolsOptions) or left out");
  }
  const { strict = "auto", strictOptions, priority, deferLoading = false, toolSearch = "bm25" } = options ?? {};
  if (strict !== "auto" && strict !== true && strict !== false) fail("strict", strict, `"auto", true or false`);
  if (strictOptions?.target !== undefined && strictOptions.target !== "anthropic") {
    fail("strictOptions.target", strictOptions.target, `"anthropic" or left out`);
  }
  if (priority !== undefined && typeof priority !== "function" && !Array.isArray(priority)) {
    fail("priority", priority, "a list of exposed names or a function (entry) => boolean");
  }
  if (typeof deferLoading !== "boolean" && typeof deferLoading !== "function") {
    fail("deferLoading", deferLoading, "true, false or a function (entry) => boolean");
  }
  if (toolSearch !== "bm25" && toolSearch !== "regex") fail("toolSearch", toolSearch, `"bm25" or "regex"`);
  const eager = options?.eagerInputStreaming;
  if (eager !== undefined && typeof eager !== "boolean") fail("eagerInputStreaming", eager, "true, false or left out");
  const budget = { ...ANTHROPIC_STRICT_BUDGET, ...options?.budget };
  for (const [limit, value] of Object.entries(budget)) {
    if (!Number.isInteger(value) || value < 0) fail(`budget.${limit}`, value, "a non-negative integer");
  }
  return {
    strict,
    // The stack restores what it encodes, so encodings are on unless asked off.
    strictOptions: { ...strictOptions, target: "anthropic", encode: strictOptions?.encode ?? true },
    prioritised: (entries) => prioritised(entries, priority),
    budget,
    deferred: typeof deferLoading === "function" ? (entry) => deferLoading(entry) === true : () => deferLoading,
    toolSearch,
    eager,
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

/** A record without a prototype: a tool named `__proto__` is a plain key. */
function record<T>(): { [name: string]: T } {
  return Object.create(null) as { [name: string]: T };
}

const encoder = new TextEncoder();
const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;
