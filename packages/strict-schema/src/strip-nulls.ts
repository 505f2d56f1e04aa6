// Undoing strict mode's nulls in the arguments a model sent.
import { isPlain, type Plain, put } from "./plain-json";
import type { NullPath } from "./types";

/** A trie of null paths: `end` marks a property whose null is removed. */
interface Trie {
  end?: boolean;
  items?: Trie;
  names?: Map<string, Trie>;
}

/**
 * Removes the `null`s strict mode introduced: a property at one of `nullPaths`
 * (from {@link strictSchema}) whose value is exactly `null`. Any other `null`,
 * and any non-null value at a null path, stays; paths that are missing from
 * `value` are fine. Never throws and never mutates `value`: the objects and
 * arrays along the null paths are copied, everything else is shared.
 *
 * @param value - Decoded tool arguments (anything: a non-object comes back as is).
 * @param nullPaths - Property names, with {@link ITEMS} for "every element of an array".
 * @returns The arguments without those nulls.
 *
 * @example
 * ```ts
 * import { ITEMS, stripNulls } from "@x/strict-schema";
 *
 * stripNulls({ q: "x", limit: null, tags: [{ k: null }] }, [["limit"], ["tags", ITEMS, "k"]]);
 * // { q: "x", tags: [{}] }
 * ```
 */
export function stripNulls<T>(value: T, nullPaths: readonly NullPath[]): T {
  const trie: Trie = {};
  try {
    for (const nullPath of Array.isArray(nullPaths) ? nullPaths : []) {
      if (!Array.isArray(nullPath) || nullPath.length === 0 || !nullPath.every((segment) => segment === null || typeof segment === "string")) continue;
      let node = trie;
      for (const segment of nullPath as NullPath) {
        if (segment === null) node = node.items ??= {};
        else {
          const names = (node.names ??= new Map());
          node = names.get(segment) ?? (names.set(segment, {}).get(segment) as Trie);
        }
      }
      node.end = true;
    }
    return strip(value, trie) as T;
  } catch {
    // Only a hostile value (a throwing getter or Proxy) gets here.
    return value;
  }
}

function strip(value: unknown, trie: Trie): unknown {
  if (Array.isArray(value)) {
    const items = trie.items;
    return items === undefined ? value.slice() : value.map((element) => strip(element, items));
  }
  if (!isPlain(value)) return value;
  const copy: Plain = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    const next = trie.names?.get(key);
    if (next === undefined) put(copy, key, child);
    else if (child !== null) put(copy, key, strip(child, next));
    else if (next.end !== true) put(copy, key, child);
  }
  return copy;
}
