import type { NullPathsByTool, PlansByTool, PrepareOptions, PreparedTools, Toolset } from "@x/toolset";
import type { Adapter } from "@x/toolset/adapter";

/** What a per-turn option sees: the turn about to start and the transcript so far. */
export interface TurnInfo<TEntry> {
  /** 1 for the first model call. */
  readonly turn: number;
  readonly transcript: readonly TEntry[];
}

/** Exposed tool names, for every turn or per turn. `undefined` from the function: every tool. */
export type TurnToolNames<TEntry> = readonly string[] | ((info: TurnInfo<TEntry>) => readonly string[] | undefined);

/**
 * The tools of one turn: what is sent, and the plans (null paths and encodings) that are also the list of tools a call
 * may run.
 */
export interface TurnTools<TTool> {
  readonly tools: TTool[];
  readonly nullPaths: NullPathsByTool;
  /** The names for the API's `allowed_tools` tool choice, when `allowedTools` is set. */
  readonly allowedTools: readonly string[] | undefined;
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

// The plans of the named tools only: the rest are not offered this turn.
const pick = (plans: PlansByTool, names: readonly string[]): PlansByTool =>
  Object.fromEntries(
    names.filter((name) => Object.hasOwn(plans, name)).map((name) => [name, plans[name] as PlansByTool[string]]),
  );

/** What {@link TurnToolsMaker} makes each turn's tools from. */
export interface TurnToolsOptions<TTool, TEntry> {
  readonly adapter: Adapter<TTool, never, unknown, unknown>;
  readonly toolset: Toolset;
  readonly prepareOptions: PrepareOptions;
  /** Every tool, prepared once: what a turn sends without `activeTools`. */
  readonly all: PreparedTools<TTool>;
  readonly activeTools: TurnToolNames<TEntry> | undefined;
  readonly allowedTools: TurnToolNames<TEntry> | undefined;
}

/**
 * The tools of each turn. `activeTools` narrows the tools sent (a turn's
 * list is prepared once and kept); `allowedTools` keeps the whole list sent
 * (so the request's prefix, and the prompt cache, stay the same) and names
 * the tools the model may call in the API's `allowed_tools` tool choice.
 * Either way, a call to a tool outside the turn's list is rejected like a
 * call to an unknown tool: its name has no entry in the turn's null paths.
 */
export class TurnToolsMaker<TTool, TEntry> {
  private readonly cache = new Map<string, PreparedTools<TTool>>();

  constructor(private readonly options: TurnToolsOptions<TTool, TEntry>) {}

  forTurn(info: TurnInfo<TEntry>): TurnTools<TTool> {
    const active = namesFor(this.options.activeTools, info);
    const prepared = active === undefined ? this.options.all : this.prepared(active);
    const allowed = namesFor(this.options.allowedTools, info);
    const nullPaths = allowed === undefined ? prepared.report.plans : pick(prepared.report.plans, allowed);
    return { tools: [...prepared.tools], nullPaths, allowedTools: allowed };
  }

  private prepared(names: readonly string[]): PreparedTools<TTool> {
    const key = [...new Set(names)].sort().join("\u0000");
    let prepared = this.cache.get(key);
    if (prepared === undefined) {
      const { adapter, toolset, prepareOptions } = this.options;
      prepared = adapter.tools(toolsetView(toolset, new Set(names)), prepareOptions);
      this.cache.set(key, prepared);
    }
    return prepared;
  }
}
