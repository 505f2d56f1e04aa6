import { strictSchema } from "@x/strict-schema";
import type { JsonSchemaObject, NullPath, Relaxation, StrictError, StrictSchemaOptions } from "@x/strict-schema";
import { jsonCopy } from "./json-copy";
import { ToolError } from "./tool-error";
import type { Toolset } from "./build-toolset";

/** Whether tools are sent in strict mode: `"auto"` falls back per tool, `true` leaves out what cannot be strict. */
export type StrictMode = "auto" | boolean;

/** Options of `prepareToolDefinitions` and of each adapter's `tools()`. */
export interface PrepareOptions {
  /** Default `"auto"`. */
  readonly strict?: StrictMode | undefined;
  /** Passed to `strictSchema` for every tool (limits, relaxations). */
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
 * Null paths per exposed tool name, as `prepareToolDefinitions` reports them; pass them
 * to `toolCalls`. The record doubles as the list of tools OFFERED to the
 * model: given to `resolveToolCalls` / `toolCalls` / `executeToolCalls`, a
 * name without an own entry is rejected as `unknown-tool` even when the
 * toolset has it, and the `unknown-tool` message lists only the offered
 * names. Left out, every tool of the toolset resolves.
 */
export type NullPathsByTool = { readonly [name: string]: readonly NullPath[] };

/** What strict preparation did, keyed by exposed name. */
export interface PrepareReport {
  /**
   * An entry for every tool sent, and for no other: a strict tool's null
   * paths to strip from its arguments (possibly `[]`); `[]` for a tool sent
   * with `strict: false` (a fallback, or `strict: false`). Excluded tools
   * have none, so passed to `toolCalls`, this record also stops a call to a
   * tool that was never offered from running (see {@link NullPathsByTool}).
   */
  readonly nullPaths: NullPathsByTool;
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

  for (const { name, tool } of toolset.entries) {
    const description = typeof tool.description === "string" ? { description: tool.description } : {};
    // Every tool sent gets a null paths entry (`[]` when sent non-strict): the
    // record doubles as the list of tools offered, which resolveToolCalls
    // enforces. An excluded tool gets none, so a call to it never runs.
    const original = (): void => {
      tools.push({ name, ...description, parameters: copySchema(tool.inputSchema), strict: false });
      nullPaths[name] = [];
    };
    if (strict === false) {
      original();
      continue;
    }
    const result = strictSchema(tool.inputSchema, options?.strictOptions);
    if (result.ok) {
      tools.push({ name, ...description, parameters: result.schema, strict: true });
      nullPaths[name] = result.nullPaths;
      if (result.relaxations.length > 0) relaxed[name] = result.relaxations;
    } else if (strict === "auto") {
      original();
      fallbacks[name] = result.error;
    } else {
      excluded[name] = result.error;
    }
  }
  return { tools, report: { nullPaths, fallbacks, excluded, relaxed } };
}

/** A fresh copy of a listed schema (toolset entries are frozen, and callers may edit their request). */
function copySchema(schema: unknown): JsonSchemaObject {
  const copy = jsonCopy(schema);
  // A toolset entry's schema is JSON by construction; a hand-made toolset's
  // may not be, and then it is sent as it is.
  return (copy.ok ? copy.value : schema) as JsonSchemaObject;
}
