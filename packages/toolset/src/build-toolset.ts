import { assignNames } from "./assign-names";
import type { NameClaim, NameHash } from "./assign-names";
import { nameHash } from "./exposed-name";
import { deepFreeze } from "./json-copy";
import type { McpTool } from "./mcp-types";
import { readServerTools } from "./read-server-tools";
import type { DroppedTool, ListedTool } from "./read-server-tools";
import { readSources } from "./read-sources";
import type { ToolSources } from "./read-sources";
import { DEFAULT_MAX_DESCRIPTION_BYTES, sanitizeAndCap } from "./sanitize-description";
import { DEFAULT_MAX_SCHEMA_TEXT_BYTES, sanitizeSchemaText } from "./sanitize-schema-text";
import { ToolError } from "./tool-error";
import { utf8ByteLength } from "./utf8";

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

/** Options of {@link buildToolset}. */
export interface BuildToolsetOptions {
  /** Between the server name and the tool name. Only `[A-Za-z0-9_-]` characters. Default `"__"`. */
  readonly separator?: string | undefined;
  /** Whether exposed names start with the server name. Default `true`. */
  readonly prefix?: boolean | undefined;
  /** The cap of each description, in bytes of UTF-8. Default 4096. */
  readonly maxDescriptionBytes?: number | undefined;
  /**
   * The cap of each `description` and `title` string inside a tool's
   * `inputSchema`, in bytes of UTF-8 (a whole number, or `Infinity`). Default 1024.
   */
  readonly maxSchemaTextBytes?: number | undefined;
}

/** What {@link buildToolset} returns. */
export interface BuiltToolset {
  readonly toolset: Toolset;
  readonly report: ToolsetReport;
}

/**
 * Puts the tools of one or more MCP servers under safe, unique exposed
 * names, and reports everything it renamed or left out.
 *
 * Exposed names match `^[A-Za-z0-9_-]{1,64}$` and read `server__tool` (or
 * the tool name alone with `prefix: false`); a name changes only where it
 * must ({@link assignNames}), and the result depends only on the set of
 * tools, never on their order.
 *
 * Each entry's `tool` is a deep-frozen JSON copy of the listed tool, its
 * description (or, without one, its `title`) sanitised by
 * {@link sanitizeDescription}, and every `description` and `title` inside its
 * `inputSchema` sanitised too ({@link sanitizeSchemaText}): that text reaches
 * the model as well. Entries that cannot be tools are dropped; every rename,
 * drop, cut and sanitised text is in the report.
 *
 * @param sources - `[serverName, tools]` pairs or an object keyed by server name; `tools` as `tools/list` returned them
 * @param options - `separator`, `prefix`, `maxDescriptionBytes`, `maxSchemaTextBytes`
 * @returns the toolset, and the report of renamed, dropped, truncated and sanitised tools
 * @throws {ToolError} `invalid-sources` when `sources` is not a list of `[name, tools]` pairs or a plain object, or
 *   names a server twice;
 *   `invalid-options` when an option is invalid
 * @example
 * ```ts
 * const { tools } = await client.listTools();
 * const { toolset, report } = buildToolset({ files: tools });
 * toolset.resolve("files__read_file"); // { name, server: "files", toolName: "read_file", tool }
 * report.dropped; // [] unless the server listed something unusable
 * ```
 */
export function buildToolset(sources: ToolSources, options?: BuildToolsetOptions): BuiltToolset {
  return buildToolsetWith(sources, options, nameHash);
}

/** {@link buildToolset} with the name hash as a parameter, so tests can force collisions of hashes. */
export function buildToolsetWith(
  sources: ToolSources,
  options: BuildToolsetOptions | undefined,
  hash: NameHash,
): BuiltToolset {
  const { separator, prefix, maxDescriptionBytes, maxSchemaTextBytes } = readOptions(options);
  const listed: ListedTool[] = [];
  const dropped: DroppedTool[] = [];
  for (const { server, tools } of readSources(sources)) {
    const read = readServerTools(server, tools);
    listed.push(...read.kept);
    dropped.push(...read.dropped);
  }

  const claims: NameClaim[] = listed.map(({ server, toolName }) => ({
    server,
    toolName,
    separator: prefix ? separator : undefined,
  }));
  const assignments = assignNames(claims, hash);

  const entries: ToolsetEntry[] = [];
  const renamed: ToolsetReport["renamed"][number][] = [];
  const truncated: ToolsetReport["truncated"][number][] = [];
  const sanitized: ToolsetReport["sanitized"][number][] = [];
  listed.forEach(({ server, toolName, index, tool }, i) => {
    const { name, reasons } = assignments[i]!;
    if (name === undefined) {
      const message = "No unique exposed name could be found: its hashed names kept colliding with other tools' names.";
      dropped.push({ server, toolName, index, reason: "duplicate-name", message });
      return;
    }
    if (reasons.length > 0) renamed.push(deepFreeze({ server, toolName, name, reasons }));
    const changes: TextChange[] = [];
    const description = pickDescription(tool, maxDescriptionBytes, changes);
    if (description === undefined) delete tool["description"];
    else tool["description"] = description.text;
    if (description?.cut === true)
      truncated.push(Object.freeze({ server, toolName, name, bytes: utf8ByteLength(description.listed) }));
    changes.push(...sanitizeSchemaText(tool["inputSchema"], maxSchemaTextBytes, ["inputSchema"]));
    if (changes.length > 0) sanitized.push(deepFreeze({ server, toolName, name, changes }));
    entries.push(deepFreeze({ name, server, toolName, tool: tool as McpTool }));
  });

  const byName = (a: { name: string }, b: { name: string }): number => compare(a.name, b.name);
  entries.sort(byName);
  renamed.sort(byName);
  truncated.sort(byName);
  sanitized.sort(byName);
  dropped.sort((a, b) => compare(a.server, b.server) || a.index - b.index || compare(a.reason, b.reason));

  const lookup = new Map(entries.map((entry) => [entry.name, entry]));
  const toolset: Toolset = Object.freeze({
    entries: Object.freeze(entries),
    resolve: (name: string): ToolsetEntry | undefined => lookup.get(name),
  });
  const report: ToolsetReport = Object.freeze({
    renamed: Object.freeze(renamed),
    dropped: Object.freeze(dropped.map((row) => Object.freeze(row))),
    truncated: Object.freeze(truncated),
    sanitized: Object.freeze(sanitized),
  });
  return { toolset, report };
}

/** Options after checking, with the defaults applied. */
interface BuildSettings {
  readonly separator: string;
  readonly prefix: boolean;
  readonly maxDescriptionBytes: number;
  readonly maxSchemaTextBytes: number;
}

function readOptions(options: BuildToolsetOptions | undefined): BuildSettings {
  const {
    separator = "__",
    prefix = true,
    maxDescriptionBytes = DEFAULT_MAX_DESCRIPTION_BYTES,
    maxSchemaTextBytes = DEFAULT_MAX_SCHEMA_TEXT_BYTES,
  } = options ?? {};
  if (typeof separator !== "string" || !/^[A-Za-z0-9_-]*$/.test(separator)) {
    throw new ToolError(
      "invalid-options",
      `The separator must contain only the characters A-Z a-z 0-9 _ -, got ` +
        `${JSON.stringify(separator) ?? String(separator)}.`,
    );
  }
  if (typeof prefix !== "boolean") {
    throw new ToolError("invalid-options", `The prefix option must be true or false, got ${String(prefix)}.`);
  }
  checkBytes("maxDescriptionBytes", maxDescriptionBytes);
  checkBytes("maxSchemaTextBytes", maxSchemaTextBytes);
  return { separator, prefix, maxDescriptionBytes, maxSchemaTextBytes };
}

function checkBytes(option: string, value: number): void {
  if (!(Number.isInteger(value) && value >= 0) && value !== Infinity) {
    throw new ToolError(
      "invalid-options",
      `${option} must be a whole number of bytes (0 or more, or Infinity), got ${String(value)}.`,
    );
  }
}

/**
 * The sanitised description, else the sanitised title, else nothing (blank
 * text counts as none); with the text as listed and whether the cap cut it.
 * Each text looked at that sanitising changed goes into `changes`.
 */
function pickDescription(
  tool: { [field: string]: unknown },
  maxBytes: number,
  changes: TextChange[],
): { text: string; listed: string; cut: boolean } | undefined {
  for (const field of ["description", "title"]) {
    const listed = tool[field];
    if (typeof listed !== "string") continue;
    const { text, removed, cut } = sanitizeAndCap(listed, maxBytes);
    if (text !== listed) changes.push({ path: [field], removed, cut, bytes: utf8ByteLength(listed) });
    if (text.trim() !== "") return { text, listed, cut };
  }
  return undefined;
}

/** Code-unit order: the same in every runtime and locale, unlike `localeCompare`. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
