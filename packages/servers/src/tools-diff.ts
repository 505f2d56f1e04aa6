// The difference between two toolsets: tools added, removed, and renamed.
import type { Toolset } from "@x/toolset";

/** One tool of the toolset, by where it comes from and the name the model sees. */
export interface ToolRef {
  readonly server: string;
  /** The tool's own name on its server. */
  readonly toolName: string;
  /** Its exposed name in the toolset. */
  readonly name: string;
}

/** A tool whose exposed name changed (another tool now competes for its name, or stopped competing). */
export interface RenamedTool {
  readonly server: string;
  readonly toolName: string;
  readonly from: string;
  readonly to: string;
}

/** The difference from one toolset to the next. */
export interface ToolsetDiff {
  readonly added: readonly ToolRef[];
  readonly removed: readonly ToolRef[];
  readonly renamed: readonly RenamedTool[];
  /** Tools still there under the same server and tool name whose definition (description, schema, …) changed. */
  readonly changed: readonly ToolRef[];
}

/** The difference between `before` and `after`, by server and tool name. */
export function diffToolsets(before: Toolset, after: Toolset): ToolsetDiff {
  const key = (ref: ToolRef): string => JSON.stringify([ref.server, ref.toolName]);
  const old = new Map(before.entries.map((entry) => [key(entry), entry]));
  const now = new Map(after.entries.map((entry) => [key(entry), entry]));
  const ref = ({ server, toolName, name }: ToolRef): ToolRef => Object.freeze({ server, toolName, name });
  const added = after.entries.filter((entry) => !old.has(key(entry))).map(ref);
  const removed = before.entries.filter((entry) => !now.has(key(entry))).map(ref);
  const renamed = after.entries.flatMap((entry) => {
    const previous = old.get(key(entry));
    if (previous === undefined || previous.name === entry.name) return [];
    return [Object.freeze({ server: entry.server, toolName: entry.toolName, from: previous.name, to: entry.name })];
  });
  const changed = after.entries.flatMap((entry) => {
    const previous = old.get(key(entry));
    return previous !== undefined && JSON.stringify(previous.tool) !== JSON.stringify(entry.tool) ? [ref(entry)] : [];
  });
  return { added, removed, renamed, changed };
}
