// Undoing strict mode's nulls in the arguments a model sent.
import { isPlain, type Plain, put } from "./plain-json";
import { insert, type Trie } from "./trie";
import type { NullPath } from "./types";

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
  const trie: Trie = new Map();
  try {
    for (const nullPath of Array.isArray(nullPaths) ? nullPaths : []) {
      // (a segment that is neither a string nor ITEMS never matches anything)
      if (Array.isArray(nullPath)) insert(trie, nullPath as NullPath);
    }
    return strip(value, trie) as T;
  } catch {
    // Only a hostile value (a throwing getter or Proxy) gets here.
    return value;
  }
}

function strip(value: unknown, trie: Trie): unknown {
  if (Array.isArray(value)) {
    const items = trie.get(null);
    return items === undefined ? value.slice() : value.map((element) => strip(element, items));
  }
  if (!isPlain(value)) return value;
  const copy: Plain = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    const next = trie.get(key);
    if (child !== null || next?.end !== true)
      put(copy, key, child === null || next === undefined ? child : strip(child, next));
  }
  return copy;
}
