// A trie of instance paths, keyed by property name or ITEMS (`null`): how the
// anyOf rule walks every branch along all the paths of a site at once, and how
// restoreArguments and encodeArguments walk a value along a plan.
import type { Choice, Encoding } from "./plan";
import type { NullPath, NullPathSegment } from "./types";

/**
 * A trie node: `end` marks where a null path ends; `hit` (the anyOf rule) is the first branch that
 * accepts a null there; `encodings` (a plan's trie) are the encodings at this path, in plan order; `fill` marks a
 * kept null and `choice` an anyOf of objects (for encodeArguments).
 */
export type Trie = Map<NullPathSegment, Trie> & {
  end?: boolean;
  hit?: number;
  encodings?: Encoding[];
  fill?: boolean;
  choice?: Choice;
};

/** The node of `trie` at `path`, added as needed. */
export const descend = (trie: Trie, path: NullPath): Trie => {
  let node = trie;
  for (const segment of path) node = node.get(segment) ?? (node.set(segment, new Map()).get(segment) as Trie);
  return node;
};

/** Adds `path` to `trie`, marking the node where it ends, and returns that node. */
export const insert = (trie: Trie, path: NullPath): Trie => {
  const node = descend(trie, path);
  node.end = true;
  return node;
};
