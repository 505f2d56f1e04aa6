import type { Encoding, JsonSchemaObject, NullPath, Plan, Relaxation, StrictError, StrictSchemaOptions } from "@x/strict-schema";
import type { McpTool } from "./mcp-types";

/** One tool of a {@link Toolset}. */
export interface ToolsetEntry {
  /** The name the model sees and calls: `^[A-Za-z0-9_-]{1,64}$`, unique in the toolset. */
  readonly name: string;
  /** The server the tool comes from, as given to `buildToolset`. */
  readonly server: string;
  /** The tool's own name on its server, unchanged (what `tools/call` needs). */
  readonly toolName: string;
  /** The tool as listed, with its description sanitised (or its `title` when it had none). */
  readonly tool: McpTool;
}

/** The tools of one or more MCP servers under safe, unique exposed names. */
export interface Toolset {
  /** Every tool, in a deterministic order (by exposed name). */
  readonly entries: readonly ToolsetEntry[];
  /** The entry whose exposed name is `name`, or `undefined`: nothing outside the toolset ever resolves. */
  resolve(name: string): ToolsetEntry | undefined;
}

/** Why a tool's exposed name differs from `server` + separator + tool name (or the tool name alone). */
export type RenameReason = "invalid-characters" | "too-long" | "collision";

/** Why an entry of the sources was left out of the toolset. */
export type DropReason = "duplicate-name" | "invalid-name" | "invalid-schema" | "invalid-tool";

/** One text of a tool that sanitising changed (see `ToolsetReport.sanitized`). */
export interface TextChange {
  /**
   * Where the text is in the tool as listed: `["description"]`, `["title"]`
   * (a title standing in for a missing description), or a path into the
   * input schema ending in `"description"` or `"title"`, e.g.
   * `["inputSchema", "properties", "q", "description"]`.
   */
  readonly path: readonly (string | number)[];
  /** How many hidden code points were removed (a lone surrogate counts as one). */
  readonly removed: number;
  /** Whether the text was cut to its cap (`maxDescriptionBytes`, or `maxSchemaTextBytes` inside the schema). */
  readonly cut: boolean;
  /** The UTF-8 size of the text as listed (a lone surrogate counts as U+FFFD would: 3). */
  readonly bytes: number;
}

/** What `buildToolset` changed or left out, so nothing is lost silently. */
export interface ToolsetReport {
  /** Every tool whose exposed name is not its plain readable name, with every reason that applied. */
  readonly renamed: readonly {
    readonly server: string;
    readonly toolName: string;
    readonly name: string;
    readonly reasons: readonly RenameReason[];
  }[];
  /**
   * Every entry left out, with why. `toolName` is absent when the entry had no
   * usable name. `index` is the entry's position in its server's list, or -1
   * when the server's whole list was unusable (not a list: none of its tools
   * is exposed).
   */
  readonly dropped: readonly {
    readonly server: string;
    readonly toolName?: string;
    readonly index: number;
    readonly reason: DropReason;
    readonly message: string;
  }[];
  /**
   * Every tool whose description was cut to `maxDescriptionBytes` (after
   * sanitising), by exposed name. `bytes` is the UTF-8 size of the text as
   * the server listed it (its description, or its title when that stood in).
   */
  readonly truncated: readonly {
    readonly server: string;
    readonly toolName: string;
    readonly name: string;
    readonly bytes: number;
  }[];
  /**
   * Every tool whose description, or a `description` / `title` string inside
   * its `inputSchema`, sanitising changed (hidden characters removed, or cut
   * to its cap), by exposed name, with each change. The model sees only the
   * sanitised text; this is how a reviewer sees what was altered.
   */
  readonly sanitized: readonly {
    readonly server: string;
    readonly toolName: string;
    readonly name: string;
    readonly changes: readonly TextChange[];
  }[];
}

/** Whether tools are sent in strict mode: `"auto"` falls back per tool, `true` leaves out what cannot be strict. */
export type StrictMode = "auto" | boolean;

/** Options of `prepareTools` and of each adapter's `tools()`. */
export interface PrepareOptions {
  /** Default `"auto"`. */
  readonly strict?: StrictMode;
  /**
   * Passed to `strictSchema` for every tool (limits, relaxations, `encode`). Encodings are ON
   * here unless `encode: false`: the stack restores the arguments with each tool's plan.
   */
  readonly strictOptions?: StrictSchemaOptions;
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
 * `prepareTools`) or only its null paths (`report.nullPaths`); pass it to
 * `toolCalls`. The record doubles as the list of tools OFFERED to the
 * model: given to `resolveToolCalls` / `toolCalls` / `executeToolCalls`, a
 * name without an own entry is rejected as `unknown-tool` even when the
 * toolset has it, and the `unknown-tool` message lists only the offered
 * names. Left out, every tool of the toolset resolves.
 */
export type NullPathsByTool = { readonly [name: string]: readonly NullPath[] | Plan };

/**
 * Each tool's plan (its null paths and encodings), as `prepareTools` reports
 * them in `report.plans`: what `toolCalls` / `executeToolCalls` undo on the
 * arguments a model sent. Like {@link NullPathsByTool}, whose entries may be
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
