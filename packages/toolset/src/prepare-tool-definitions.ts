import { strictSchema } from "@x/strict-schema";
import type { Encoding, JsonSchemaObject, NullPath, Plan, Relaxation, StrictError, StrictSchemaOptions } from "@x/strict-schema";
import { jsonCopy } from "./json-copy";
import { ToolError } from "./tool-error";
import type { Toolset } from "./build-toolset";

/** Whether tools are sent in strict mode: `"auto"` falls back per tool, `true` leaves out what cannot be strict. */
export type StrictMode = "auto" | boolean;

/** Options of `prepareToolDefinitions` and of each adapter's `tools()`. */
export interface PrepareOptions {
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

/**
 * What to undo on each exposed tool's arguments: its plan (`report.plans` of
 * `prepareToolDefinitions`) or only its null paths (`report.nullPaths`); pass it
 * to `toolCalls`. The record doubles as the list of tools OFFERED to the
 * model: given to `resolveToolCalls` / `toolCalls` / `executeToolCalls`, a
 * name without an own entry is rejected as `unknown-tool` even when the
 * toolset has it, and the `unknown-tool` message lists only the offered
 * names. Left out, every tool of the toolset resolves.
 */
export type NullPathsByTool = { readonly [name: string]: readonly NullPath[] | Plan };

/**
 * Each tool's plan (its null paths and encodings), as `prepareToolDefinitions`
 * reports them in `report.plans`: what `toolCalls` / `executeToolCalls` undo on
 * the arguments a model sent. Like {@link NullPathsByTool}, whose entries may be
 * plans, it is also the list of tools offered.
 */
export type PlansByTool = { readonly [name: string]: Plan };

/** What strict preparation did, keyed by exposed name. */
export interface PrepareReport {
  /**
   * An entry for every tool sent, and for no other: a strict tool's null
   * paths to strip from its arguments (possibly `[]`); `[]` for a tool sent
   * with `strict: false` (a fallback, or `strict: false`). Excluded tools
   * have none, so passed to `toolCalls`, this record also stops a call to a
   * tool that was never offered from running (see {@link NullPathsByTool}).
   */
  readonly nullPaths: { readonly [name: string]: readonly NullPath[] };
  /** Tools sent with `strict: false` under `"auto"` because they have no strict form, with why. */
  readonly fallbacks: { readonly [name: string]: StrictError };
  /** Tools left out under `strict: true` because they have no strict form, with why. */
  readonly excluded: { readonly [name: string]: StrictError };
  /**
   * Tools sent strict only thanks to a relaxation asked for in
   * `strictOptions.relax` (a `oneOf` sent as `anyOf`, an `allOf` merged),
   * with each relaxation's kind and schema path: strict mode then checks
   * less than the server's schema says, and this is where. Empty unless
   * `relax` is set.
   */
  readonly relaxed: { readonly [name: string]: readonly Relaxation[] };
  /**
   * An entry for every tool sent, and for no other: its plan, `{ nullPaths, encodings }`
   * (`encodings: []` for a tool sent with `strict: false`). Pass this record to `toolCalls` /
   * `executeToolCalls`: it restores encoded arguments, strips the nulls, and is the list of
   * tools offered, like `nullPaths`.
   */
  readonly plans: PlansByTool;
  /**
   * Tools whose strict form encodes a part of their arguments (a map as key/value entries, a
   * free-form value as JSON text, an open rest in one added property), with each encoding's
   * instance path and kind. Empty with `strictOptions.encode: false`.
   */
  readonly encoded: { readonly [name: string]: readonly Encoding[] };
}

/** Tool definitions and the report of how they were prepared. */
export interface PreparedTools<TTool> {
  readonly tools: TTool[];
  readonly report: PrepareReport;
}

/**
 * The provider-neutral function tool definitions of `toolset`, in its order,
 * and the report of strict preparation (the seed's `tools/2`).
 *
 * - `strict: "auto"` (default): each tool whose `inputSchema` has a strict
 *   form (by `strictSchema`) is sent with `strict: true` and that form; the
 *   others are sent with `strict: false` and their original schema, and
 *   listed in `report.fallbacks` with why.
 * - `strict: true`: a tool without a strict form is left out and listed in
 *   `report.excluded` (OpenAI would refuse the whole request otherwise).
 * - `strict: false`: every tool is sent with `strict: false` and its
 *   original schema (null paths `[]`).
 *
 * `report.nullPaths` has an entry for EVERY tool sent, and for no other: a
 * strict tool's null paths (possibly `[]`), `[]` for a tool sent with
 * `strict: false`. Pass it to `resolveToolCalls` / an adapter's `toolCalls`:
 * it is also the list of tools offered, so a call to a tool left out
 * (`excluded`) is rejected as `unknown-tool` and never runs.
 * Encodings are on (`strictOptions.encode`, default `true` here): a tool with
 * an open map, a free-form value or an open rest is sent strict with that part
 * encoded (key/value entries, JSON text, one added property), listed in
 * `report.encoded`; `report.plans` holds every sent tool's plan (null paths and
 * encodings), which `resolveToolCalls` / `toolCalls` use to give the tool back
 * the arguments it asked for. `strictOptions: { encode: false }` turns it off.
 * `report.relaxed` lists each tool sent strict only thanks to a relaxation
 * asked for in `strictOptions.relax`, with where and which (strict mode then
 * checks less than the server's schema says).
 * The report's records are null-prototype objects, so a tool named
 * `__proto__` is a plain key. Every `parameters` is a fresh object the
 * caller may change.
 *
 * @param toolset - from `buildToolset`
 * @param options - `strict` (`"auto"`, `true` or `false`) and `strictOptions` for `strictSchema`
 * @returns the tools and the report
 * @throws {ToolError} `invalid-options` when `strict` is not `"auto"`, `true` or `false`
 * @example
 * ```ts
 * const { tools, report } = prepareToolDefinitions(toolset, { strict: "auto" });
 * tools[0]; // { name: "files__read_file", description: "…", parameters: { … }, strict: true }
 * report.fallbacks; // { files__search: { path: ["properties", "q"], keyword: "oneOf", message: "…" } }
 * prepareToolDefinitions(toolset, { strictOptions: { relax: { oneOf: true } } }).report.relaxed;
 * // { files__search: [{ kind: "oneOf-as-anyOf", path: ["properties", "q"] }] } when its oneOf is discriminated
 * ```
 */
export function prepareToolDefinitions(toolset: Toolset, options?: PrepareOptions): PreparedTools<PreparedTool> {
  const strict = options?.strict === undefined ? "auto" : options.strict;
  if (strict !== "auto" && strict !== true && strict !== false) {
    throw new ToolError("invalid-options", `strict must be "auto", true or false, got ${JSON.stringify(strict) ?? String(strict)}.`);
  }
  const tools: PreparedTool[] = [];
  const nullPaths: { [name: string]: readonly NullPath[] } = Object.create(null) as { [name: string]: readonly NullPath[] };
  const fallbacks: { [name: string]: StrictError } = Object.create(null) as { [name: string]: StrictError };
  const excluded: { [name: string]: StrictError } = Object.create(null) as { [name: string]: StrictError };
  const relaxed: { [name: string]: readonly Relaxation[] } = Object.create(null) as { [name: string]: readonly Relaxation[] };
  const plans: { [name: string]: Plan } = Object.create(null) as { [name: string]: Plan };
  const encoded: { [name: string]: readonly Encoding[] } = Object.create(null) as { [name: string]: readonly Encoding[] };
  // The stack restores what it encodes, so encodings are on unless asked off.
  const strictOptions = { ...options?.strictOptions, encode: options?.strictOptions?.encode ?? true };

  for (const { name, tool } of toolset.entries) {
    const description = typeof tool.description === "string" ? { description: tool.description } : {};
    // Every tool sent gets a null paths entry (`[]` when sent non-strict): the
    // record doubles as the list of tools offered, which resolveToolCalls
    // enforces. An excluded tool gets none, so a call to it never runs.
    const original = (): void => {
      tools.push({ name, ...description, parameters: copySchema(tool.inputSchema), strict: false });
      nullPaths[name] = [];
      plans[name] = { nullPaths: [], encodings: [] };
    };
    if (strict === false) {
      original();
      continue;
    }
    const result = strictSchema(tool.inputSchema, strictOptions);
    if (result.ok) {
      tools.push({ name, ...description, parameters: result.schema, strict: true });
      nullPaths[name] = result.nullPaths;
      const encodings = result.encodings ?? [];
      plans[name] = { nullPaths: result.nullPaths, encodings };
      if (encodings.length > 0) encoded[name] = encodings;
      if (result.relaxations.length > 0) relaxed[name] = result.relaxations;
    } else if (strict === "auto") {
      original();
      fallbacks[name] = result.error;
    } else {
      excluded[name] = result.error;
    }
  }
  return { tools, report: { nullPaths, fallbacks, excluded, relaxed, plans, encoded } };
}

/** A fresh copy of a listed schema (toolset entries are frozen, and callers may edit their request). */
function copySchema(schema: unknown): JsonSchemaObject {
  const copy = jsonCopy(schema);
  // A toolset entry's schema is JSON by construction; a hand-made toolset's
  // may not be, and then it is sent as it is.
  return (copy.ok ? copy.value : schema) as JsonSchemaObject;
}
