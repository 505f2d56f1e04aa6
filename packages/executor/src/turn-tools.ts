import type { PlansByTool, PrepareOptions, PreparedTools, Toolset } from "@x/toolset";
import type { Adapter } from "@x/toolset/adapter";
import { now } from "./clock";
import type { Emit } from "./emit";

/** What a per-turn option sees: the turn about to start and the transcript so far. */
export interface TurnInfo<TEntry> {
  /** 1 for the first model call. */
  readonly turn: number;
  readonly transcript: readonly TEntry[];
}

/** Exposed tool names, for every turn or per turn. `undefined` from the function: every tool. */
export type TurnToolNames<TEntry> = readonly string[] | ((info: TurnInfo<TEntry>) => readonly string[] | undefined);

/** The tools of one turn: what the request sends, and what its calls are resolved against. */
export interface TurnTools {
  readonly prepared: PreparedTools;
  /** The names for the API's allowed-tools choice, when `allowedTools` is set. */
  readonly allowedTools: readonly string[] | undefined;
}

/** Where a run's tools come from: anything with a live `toolset` (what `connectServers` returns). */
export interface ToolSource {
  readonly toolset: Toolset;
}

const namesFor = <TEntry>(
  option: TurnToolNames<TEntry> | undefined,
  info: TurnInfo<TEntry>,
): readonly string[] | undefined => (typeof option === "function" ? option(info) : option);

// Only the named tools of the toolset: what the adapter prepares for a turn that offers fewer.
const toolsetView = (toolset: Toolset, names: ReadonlySet<string>): Toolset => ({
  entries: toolset.entries.filter((entry) => names.has(entry.name)),
  resolve: (name) => (names.has(name) ? toolset.resolve(name) : undefined),
});

// The plans of the named tools only: the rest may not be called this turn.
const pick = (plans: PlansByTool, names: readonly string[]): PlansByTool =>
  Object.fromEntries(names.filter((name) => Object.hasOwn(plans, name)).map((name) => [name, plans[name]!]));

/** What {@link TurnToolsMaker} makes each turn's tools from. */
export interface TurnToolsOptions<TEntry> {
  readonly adapter: Adapter;
  readonly source: ToolSource;
  readonly toolOptions: PrepareOptions | undefined;
  readonly activeTools: TurnToolNames<TEntry> | undefined;
  readonly allowedTools: TurnToolNames<TEntry> | undefined;
  readonly emit: Emit;
}

/**
 * Prepares each turn's tools: every tool of the source's current toolset
 * (prepared again when the toolset changes, with a `strict-fallback` or
 * `tool-excluded` event per tool that is not sent strict), or the
 * `activeTools` of the turn; with `allowedTools`, calls only to those.
 */
export class TurnToolsMaker<TEntry> {
  private toolset: Toolset | undefined;
  private readonly cache = new Map<string, PreparedTools>();

  constructor(private readonly options: TurnToolsOptions<TEntry>) {}

  forTurn(info: TurnInfo<TEntry>): TurnTools {
    const active = namesFor(this.options.activeTools, info);
    const prepared = this.prepared(active);
    const allowed = namesFor(this.options.allowedTools, info);
    return {
      prepared: allowed === undefined ? prepared : { ...prepared, plans: pick(prepared.plans, allowed) },
      allowedTools: allowed,
    };
  }

  private prepared(active: readonly string[] | undefined): PreparedTools {
    const { adapter, source, toolOptions } = this.options;
    const toolset = source.toolset;
    if (toolset !== this.toolset) {
      this.toolset = toolset;
      this.cache.clear();
    }
    const key = active === undefined ? "" : `\u0000${[...new Set(active)].sort().join("\u0000")}`;
    let prepared = this.cache.get(key);
    if (prepared === undefined) {
      prepared = adapter.tools(active === undefined ? toolset : toolsetView(toolset, new Set(active)), toolOptions);
      if (active === undefined) reportStrictProblems(prepared, this.options.emit);
      this.cache.set(key, prepared);
    }
    return prepared;
  }
}

/** One `strict-fallback` event per tool sent non-strict, one `tool-excluded` event per tool left out. */
function reportStrictProblems(prepared: PreparedTools, emit: Emit): void {
  const report = (type: "strict-fallback" | "tool-excluded", errors: PreparedTools["report"]["fallbacks"]): void => {
    for (const name of Object.keys(errors)) {
      const error = errors[name]!;
      const entry = prepared.toolset.resolve(name);
      emit?.({
        type,
        timestamp: now(),
        name,
        server: entry?.server ?? "",
        toolName: entry?.toolName ?? name,
        path: error.path,
        keyword: error.keyword,
        message: error.message,
      });
    }
  };
  report("strict-fallback", prepared.report.fallbacks);
  report("tool-excluded", prepared.report.excluded);
}
