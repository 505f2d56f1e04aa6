import { strictSchema } from "@x/strict-schema";
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
import { jsonCopy } from "./json-copy";
import { ToolError } from "./tool-error";
import type { Toolset } from "./build-toolset";
import type { PlansByTool } from "./prepared-tools";
import type { OutputOptions } from "./render-options";

/** Whether tools are sent in strict mode: `"auto"` falls back per tool, `true` leaves out what cannot be strict. */
export type StrictMode = "auto" | boolean;

/** Options every adapter's `tools()` takes: strict preparation, and how answers are worded. */
export interface PrepareOptions extends OutputOptions {
  /** Default `"auto"`. */
  readonly strict?: StrictMode | undefined;
  /**
   * Passed to `strictSchema` for every tool (limits, relaxations, `encode`). Encodings are ON
   * here unless `encode: false`: the stack restores the arguments with each tool's plan.
   */
  readonly strictOptions?: StrictSchemaOptions | undefined;
}

/** A provider-neutral function tool definition. */
export interface PreparedTool {
  readonly name: string;
  readonly description?: string;
  readonly parameters: JsonSchemaObject;
  readonly strict: boolean;
}

/** What strict preparation did, keyed by exposed name. */
export interface PrepareReport {
  /** Tools sent with `strict: false` under `"auto"` because they have no strict form, with why. */
  readonly fallbacks: { readonly [name: string]: StrictError };
  /** Tools left out because they cannot be sent (under `strict: true`, no strict form), with why. */
  readonly excluded: { readonly [name: string]: StrictError };
  /**
   * Tools sent strict only thanks to a relaxation asked for in
   * `strictOptions.relax` (a `oneOf` sent as `anyOf`, an `allOf` merged),
   * with each relaxation's kind and schema path: strict mode then checks
   * less than the server's schema says, and this is where.
   */
  readonly relaxed: { readonly [name: string]: readonly Relaxation[] };
  /**
   * Tools whose strict form encodes a part of their arguments (a map as key/value entries, a
   * free-form value as JSON text, an open rest in one added property), with each encoding's
   * instance path and kind. Empty with `strictOptions.encode: false`.
   */
  readonly encoded: { readonly [name: string]: readonly Encoding[] };
  /**
   * Constraints a tool's target cannot express (a bound, a format, a
   * pattern), dropped from its schema and written into the property's
   * description instead, with where and which: the server still checks them.
   */
  readonly described: { readonly [name: string]: readonly Described[] };
  /**
   * Other rewrites a tool's target needed, each undone by its plan: `$ref`s
   * spelled out, recursion cut at `recursionDepth`, enum values sent as text.
   */
  readonly rewrites: { readonly [name: string]: readonly Rewrite[] };
}

/** What {@link prepareToolDefinitions} returns: the definitions, the report, and each sent tool's plan. */
export interface PreparedDefinitions {
  readonly tools: PreparedTool[];
  readonly report: PrepareReport;
  /** An entry for every tool sent, and for no other (`{ nullPaths: [], encodings: [] }` when sent non-strict). */
  readonly plans: PlansByTool;
}

/**
 * The provider-neutral function tool definitions of `toolset`, in its order,
 * the report of strict preparation, and the plan of every tool sent.
 *
 * - `strict: "auto"` (default): each tool whose `inputSchema` has a strict
 *   form (by `strictSchema`) is sent with `strict: true` and that form; the
 *   others are sent with `strict: false` and their original schema, and
 *   listed in `report.fallbacks` with why.
 * - `strict: true`: a tool without a strict form is left out and listed in
 *   `report.excluded`.
 * - `strict: false`: every tool is sent with `strict: false` and its
 *   original schema.
 *
 * `plans` has an entry for every tool sent and for no other, so a call to a
 * tool left out never runs ({@link PreparedTools.plans}). Encodings are on
 * unless `strictOptions.encode` is `false`. The records are null-prototype
 * objects, so a tool named `__proto__` is a plain key; every `parameters` is
 * a fresh object the caller may change.
 *
 * @param toolset - from `buildToolset`
 * @param options - `strict` (`"auto"`, `true` or `false`) and `strictOptions` for `strictSchema`
 * @returns the tools, the report and the plans
 * @throws {ToolError} `invalid-options` when `strict` is not `"auto"`, `true` or `false`
 * @example
 * ```ts
 * const { tools, report, plans } = prepareToolDefinitions(toolset, { strict: "auto" });
 * tools[0]; // { name: "files__read_file", description: "…", parameters: { … }, strict: true }
 * report.fallbacks; // { files__search: { path: ["properties", "q"], keyword: "oneOf", message: "…" } }
 * ```
 */
export function prepareToolDefinitions(toolset: Toolset, options?: PrepareOptions): PreparedDefinitions {
  const strict = options?.strict === undefined ? "auto" : options.strict;
  if (strict !== "auto" && strict !== true && strict !== false) {
    throw new ToolError(
      "invalid-options",
      `strict must be "auto", true or false, got ${JSON.stringify(strict) ?? typeof strict}.`,
    );
  }
  const tools: PreparedTool[] = [];
  const fallbacks = record<StrictError>();
  const excluded = record<StrictError>();
  const relaxed = record<readonly Relaxation[]>();
  const plans = record<Plan>();
  const encoded = record<readonly Encoding[]>();
  const described = record<readonly Described[]>();
  const rewrites = record<readonly Rewrite[]>();
  // The stack restores what it encodes, so encodings are on unless asked off.
  const strictOptions = { ...options?.strictOptions, encode: options?.strictOptions?.encode ?? true };

  for (const { name, tool } of toolset.entries) {
    const description = typeof tool.description === "string" ? { description: tool.description } : {};
    const original = (): void => {
      tools.push({ name, ...description, parameters: copySchema(tool.inputSchema), strict: false });
      plans[name] = { nullPaths: [], encodings: [] };
    };
    if (strict === false) {
      original();
      continue;
    }
    const result = strictSchema(tool.inputSchema, strictOptions);
    if (result.ok) {
      tools.push({ name, ...description, parameters: result.schema, strict: true });
      plans[name] = result.plan;
      if (result.encodings.length > 0) encoded[name] = result.encodings;
      if (result.relaxations.length > 0) relaxed[name] = result.relaxations;
      if (result.described.length > 0) described[name] = result.described;
      if (result.rewrites.length > 0) rewrites[name] = result.rewrites;
    } else if (strict === "auto") {
      original();
      fallbacks[name] = result.error;
    } else {
      excluded[name] = result.error;
    }
  }
  return { tools, report: { fallbacks, excluded, relaxed, encoded, described, rewrites }, plans };
}

/** A record without a prototype: a tool named `__proto__` is a plain key. */
function record<T>(): { [name: string]: T } {
  return Object.create(null) as { [name: string]: T };
}

/** A fresh copy of a listed schema (toolset entries are frozen, and callers may edit their request). */
function copySchema(schema: unknown): JsonSchemaObject {
  const copy = jsonCopy(schema);
  // A toolset entry's schema is JSON by construction; a hand-made toolset's
  // may not be, and then it is sent as it is.
  return (copy.ok ? copy.value : schema) as JsonSchemaObject;
}
