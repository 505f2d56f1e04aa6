// A trie of null paths, keyed by property name or ITEMS (`null`): how stripNulls
// matches a value against many paths at once, and how the anyOf rule asks every
// branch about every path of a site in one walk.
import type { NullPath, NullPathSegment } from "./types";

/** A trie node: `end` marks where a path ends; `hits` (the anyOf rule) marks it too, listing the first two branches that accept a null there. */
export type Trie = Map<NullPathSegment, Trie> & { end?: boolean; hits?: number[] };

/** Adds `path` to `trie` and returns the node where it ends (to be marked by the caller). */
export const insert = (trie: Trie, path: NullPath): Trie => {
  let node = trie;
  for (const segment of path) node = node.get(segment) ?? (node.set(segment, new Map()).get(segment) as Trie);
  return node;
};
