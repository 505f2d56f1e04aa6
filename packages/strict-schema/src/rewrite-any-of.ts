// `anyOf` (and a relaxed `oneOf`): each branch is rewritten on its own; where
// branches make nulls to strip, the site is recorded for the anyOf rule
// (null-paths.ts), which runs once the whole schema is rewritten.
import type { Site } from "./null-paths";
import { nullSchema } from "./nullable";
import type { Plain } from "./plain-json";
import { refuseValue } from "./read-keywords";
import type { RewriteContext } from "./rewrite-context";
import { type NodePlace, rewriteNode } from "./rewrite-node";

/** `{ anyOf: [...branches rewritten] }`, with a null branch added when `place.makeNull`. */
export function rewriteAnyOf(context: RewriteContext, branches: unknown, keyword: string, place: NodePlace): Plain {
  if (!Array.isArray(branches) || branches.length === 0) {
    return refuseValue(context, keyword, "a non-empty list", branches);
  }
  const { unit, path } = context;
  const site: Site = { depth: context.instance.length, at: path.slice(), keyword, branches: [] };
  // (Array.from visits the holes of a sparse list, as undefined, which is refused)
  const list = Array.from(branches, (branch: unknown, index) => {
    const from = unit.entries.length;
    path.push(keyword, index);
    const rewritten = rewriteNode(context, branch, { level: place.level, depth: place.depth + 1, makeNull: false });
    path.length -= 2;
    site.branches.push({ schema: branch, from, to: unit.entries.length });
    return rewritten;
  });
  if (site.branches.some((branch) => branch.to > branch.from)) {
    unit.sites.push(site);
    context.anyOfSites++;
  }
  if (place.makeNull) list.push(nullSchema());
  return { anyOf: list };
}
