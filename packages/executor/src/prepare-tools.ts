import type { PrepareOptions, PreparedTools, StrictError, Toolset } from "@x/toolset";
import type { Adapter } from "@x/toolset/adapter";
import { now } from "./clock";
import { createDispatcher } from "./dispatcher";
import type { Dispatcher } from "./dispatcher";
import type { ExecutorHooks } from "./hook-events";

/** Options of {@link prepareTools}: the adapter's, plus hooks. */
export interface PrepareToolsOptions extends PrepareOptions {
  /** Receives one `strict-fallback` event per tool sent non-strict, one `tool-excluded` event per tool left out. */
  readonly hooks?: ExecutorHooks | undefined;
}

/** Emits one `strict-fallback` event per fallback and one `tool-excluded` event per exclusion of `prepared`. */
export function reportStrictProblems(toolset: Toolset, prepared: PreparedTools<unknown>, dispatcher: Dispatcher): void {
  const emit = (type: "strict-fallback" | "tool-excluded", errors: { readonly [name: string]: StrictError }): void => {
    for (const name of Object.keys(errors)) {
      const error = errors[name] as StrictError;
      const entry = toolset.resolve(name);
      dispatcher.emit({
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
  emit("strict-fallback", prepared.report.fallbacks);
  emit("tool-excluded", prepared.report.excluded);
}

/**
 * The request's `tools` from the adapter, with one `strict-fallback` hook
 * event for each tool sent with `strict: false` under `strict: "auto"`, and
 * one `tool-excluded` event for each tool left out under `strict: true`, each
 * carrying the schema path and keyword that prevented strict mode.
 *
 * @param adapter - `adapter` from `@x/openai-chat` or `@x/openai-responses`
 * @param toolset - the tools to send
 * @param options - `strict` (default `"auto"`), `strictOptions`, and `hooks`
 * @returns the adapter's `{ tools, report }`; pass `report.plans` to `executeToolCalls` (as `nullPaths`)
 *
 * @example
 * ```ts
 * import { buildToolset } from "@x/toolset";
 * import { adapter } from "@x/openai-chat";
 * import { prepareTools } from "@x/executor";
 *
 * const { toolset } = buildToolset({ files: [{ name: "read", inputSchema: { type: "object" } }] });
 * const { tools, report } = prepareTools(adapter, toolset, {
 *   strict: "auto",
 *   hooks: { "strict-fallback": (event) => void process.stderr.write(`${event.name}: ${event.keyword}\n`) },
 * });
 * ```
 */
export function prepareTools<TTool>(
  adapter: Adapter<TTool, never, unknown, unknown>,
  toolset: Toolset,
  options: PrepareToolsOptions = {},
): PreparedTools<TTool> {
  const { hooks, ...prepareOptions } = options;
  const prepared = adapter.tools(toolset, prepareOptions);
  reportStrictProblems(toolset, prepared, createDispatcher(hooks, false));
  return prepared;
}
