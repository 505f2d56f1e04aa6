import type { Toolset, ToolsetEntry } from "@x/toolset";

/** What the Responses API accepts as a namespace or function name. */
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_NAME_LENGTH = 64;

/** One MCP server's tools as one namespace. */
export interface NamespaceGroup {
  /** The namespace name the model sees and calls with. */
  readonly name: string;
  /** The server, as given to `buildToolset`. */
  readonly server: string;
  /** The server's tools, in toolset order, each with its name inside the namespace. */
  readonly tools: readonly { readonly name: string; readonly entry: ToolsetEntry }[];
}

/** Every namespace of a toolset, and the way back from a call's `(namespace, name)` to a toolset entry. */
export interface NamespaceLayout {
  /** One namespace per server, ordered by namespace name. */
  readonly namespaces: readonly NamespaceGroup[];
  /** The namespace and function name of each exposed name. */
  readonly byExposedName: ReadonlyMap<string, { readonly namespace: string; readonly name: string }>;
  /** The namespace named `name`, if there is one. */
  readonly namespace: (name: string) => NamespaceGroup | undefined;
}

const layouts = new WeakMap<Toolset, NamespaceLayout>();

/**
 * How `tools(toolset, { namespaces: true })` groups a toolset: one namespace
 * per server. It depends on the toolset alone (never on options), so
 * `toolCalls` finds the same names that `tools` sent. Names follow
 * {@link uniqueNames}: namespace names from server names, function names
 * from each tool's own name on its server (unprefixed).
 */
export function namespaceLayout(toolset: Toolset): NamespaceLayout {
  const known = layouts.get(toolset);
  if (known !== undefined) return known;
  const byServer = new Map<string, ToolsetEntry[]>();
  for (const entry of toolset.entries) {
    const group = byServer.get(entry.server);
    if (group === undefined) byServer.set(entry.server, [entry]);
    else group.push(entry);
  }
  const namespaceNames = uniqueNames([...byServer.keys()]);
  const namespaces: NamespaceGroup[] = [];
  const byExposedName = new Map<string, { namespace: string; name: string }>();
  for (const [server, entries] of byServer) {
    const name = namespaceNames.get(server)!;
    const toolNames = uniqueNames(entries.map((entry) => entry.toolName));
    const tools = entries.map((entry) => ({ name: toolNames.get(entry.toolName)!, entry }));
    for (const tool of tools) byExposedName.set(tool.entry.name, { namespace: name, name: tool.name });
    namespaces.push({ name, server, tools });
  }
  namespaces.sort((a, b) => compare(a.name, b.name));
  const byName = new Map(namespaces.map((group) => [group.name, group]));
  const layout: NamespaceLayout = { namespaces, byExposedName, namespace: (name) => byName.get(name) };
  layouts.set(toolset, layout);
  return layout;
}

/**
 * A valid, unique name for each of `originals` (distinct strings), that
 * depends only on the set: a name that is already valid is kept; otherwise
 * each character outside `[A-Za-z0-9_-]` becomes `_` (an empty name becomes
 * `_`) and the result is cut to 64 characters. Names that then collide with
 * a kept name or with each other get `_2`, `_3`, … (cut to leave room), in
 * code-unit order of the originals.
 */
export function uniqueNames(originals: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const changed: string[] = [];
  for (const original of originals) {
    if (NAME_PATTERN.test(original)) {
      names.set(original, original);
      taken.add(original);
    } else {
      changed.push(original);
    }
  }
  changed.sort(compare);
  const bases = new Map(changed.map((original) => [original, baseName(original)]));
  const claims = new Map<string, number>();
  for (const base of bases.values()) claims.set(base, (claims.get(base) ?? 0) + 1);
  for (const original of changed) {
    const base = bases.get(original)!;
    let name = base;
    // A base two originals share, or one a kept name holds, is numbered for all of them.
    for (let n = 2; taken.has(name) || (name === base && claims.get(base)! > 1); n++) {
      const suffix = `_${n}`;
      name = `${base.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
    }
    names.set(original, name);
    taken.add(name);
  }
  return names;
}

function baseName(original: string): string {
  const replaced = original.replace(/[^A-Za-z0-9_-]/gu, "_");
  return replaced === "" ? "_" : replaced.slice(0, MAX_NAME_LENGTH);
}

/** Code-unit order: the same in every runtime and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
