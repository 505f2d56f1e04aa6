import type { PrepareOptions, PreparedTools, StrictError, Toolset } from "@x/toolset";
import type { Adapter } from "@x/toolset/adapter";
import { now } from "./clock";
import { createDispatcher } from "./dispatcher";
import type { Dispatcher } from "./dispatcher";
import type { ExecutorHooks } from "./hook-events";

/** Options of {@link prepareTools}: the adapter's, plus hooks. */
export interface PrepareToolsOptions extends PrepareOptions {
  /** Receives one `strict-fallback` event per tool sent non-strict or left out. */
  readonly hooks?: ExecutorHooks;
}

/** Emits one `strict-fallback` event per fallback and per exclusion of `prepared`. */
export function reportFallbacks(toolset: Toolset, prepared: PreparedTools<unknown>, dispatcher: Dispatcher): void {
  const emit = (action: "fallback" | "excluded", errors: { readonly [name: string]: StrictError }): void => {
    for (const name of Object.keys(errors)) {
      const error = errors[name] as StrictError;
      const entry = toolset.resolve(name);
      dispatcher.emit({
        type: "strict-fallback",
        timestamp: now(),
        action,
        name,
        server: entry?.server ?? "",
        toolName: entry?.toolName ?? name,
        path: error.path,
        keyword: error.keyword,
        message: error.message,
      });
    }
  };
  emit("fallback", prepared.report.fallbacks);
  emit("excluded", prepared.report.excluded);
}

/**
 * The request's `tools` from the adapter, with one `strict-fallback` hook
 * event for each tool sent with `strict: false` under `strict: "auto"`
 * (`action: "fallback"`) and each tool left out under `strict: true`
 * (`action: "excluded"`), carrying the schema path and keyword that prevented
 * strict mode.
 *
 * @param adapter - `adapter` from `@x/openai-chat` or `@x/openai-responses`
 * @param toolset - the tools to send
 * @param options - `strict` (default `"auto"`), `strictOptions`, and `hooks`
 * @returns the adapter's `{ tools, report }`; pass `report.nullPaths` to `executeToolCalls`
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
  reportFallbacks(toolset, prepared, createDispatcher(hooks, false));
  return prepared;
}
