// Undoing strict mode's nulls in the arguments a model sent: restoreArguments
// with a plan of null paths alone (without encodings, nothing can fail).
import { restoreArguments } from "./restore-arguments";
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
  const restored = restoreArguments(value, { nullPaths });
  // (only a hostile value, a throwing getter or Proxy, is not restored)
  return restored.ok ? (restored.value as T) : value;
}
