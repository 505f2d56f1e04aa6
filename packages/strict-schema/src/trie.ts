// A trie of null paths, keyed by property name or ITEMS (`null`): how the anyOf
// rule walks every branch along all the paths of a site at once.
import type { NullPath, NullPathSegment } from "./types";

/** A trie node: `end` marks where a path ends; `hit` (the anyOf rule) is the first branch that accepts a null there. */
export type Trie = Map<NullPathSegment, Trie> & { end?: boolean; hit?: number };

/** Adds `path` to `trie`, marking the node where it ends, and returns that node. */
export const insert = (trie: Trie, path: NullPath): Trie => {
  let node = trie;
  for (const segment of path) node = node.get(segment) ?? (node.set(segment, new Map()).get(segment) as Trie);
  node.end = true;
  return node;
};
