import type { Plan } from "@x/strict-schema";
import type { Adapter } from "./adapter-interface";
import type { Toolset } from "./build-toolset";
import type { PrepareReport } from "./prepare-tool-definitions";
import type { OutputSettings } from "./render-options";

/** Each offered tool's plan, by exposed name: what undoes the model's arguments. */
export type PlansByTool = { readonly [name: string]: Plan };

/** How many tools a request loads up front and how many through tool search, and what that costs. */
export interface LoadingReport {
  /** Tools whose definitions the model reads up front. */
  readonly upFront: number;
  /** Tools loaded only through tool search. */
  readonly deferred: number;
  /** The UTF-8 size of the JSON of the request's `tools`, as sent. */
  readonly bytes: number;
  /** The UTF-8 size of the JSON of `tools` if nothing were deferred (the same options otherwise). */
  readonly bytesWithoutDeferral: number;
}

/**
 * The tools of one request, prepared by an adapter's `tools()`: the request's
 * tool list and everything needed to answer the model's calls to them. Pass
 * it whole to `executeToolCalls` or an adapter's `toolCalls`: a call is
 * resolved against `toolset`, runs only when its tool has a plan here (was
 * offered), and reaches its server with its arguments restored.
 *
 * @example
 * ```ts
 * const prepared = adapter.tools(toolset);
 * const response = await openai.responses.create({ model: "gpt-5-mini", input, tools: prepared.tools });
 * const { items } = await executeToolCalls(response, prepared, clients);
 * ```
 */
export interface PreparedTools<TTool = unknown, TResponse = unknown, TOutput = unknown, TItem = unknown> {
  /** The request's tools, as the API takes them. */
  readonly tools: TTool[];
  /** What preparation did: fallbacks, exclusions, relaxations, encodings (and the adapter's own fields). */
  readonly report: PrepareReport;
  /** The toolset the tools came from. */
  readonly toolset: Toolset;
  /**
   * Each offered tool's plan, by exposed name: a call to a name without one
   * (a tool left out) is answered `unknown-tool` and never runs.
   */
  readonly plans: PlansByTool;
  /** How answers are worded (error prefix, `structuredContent` mode), fixed when the tools were prepared. */
  readonly output: OutputSettings;
  /** The API the tools were prepared for. */
  readonly adapter: Adapter<TTool, TResponse, TOutput, TItem, never>;
  /** What a client-side tool search looks through, when tools are deferred to one. */
  readonly searchIndex?: unknown;
}
