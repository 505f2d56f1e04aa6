// `anyOf` (and a relaxed `oneOf`): each branch is rewritten on its own; where
// branches make nulls to strip (or, with encode, encodings), the site is recorded
// for the anyOf rule (null-paths.ts) and the encodings' check (encoded-branches.ts),
// which run once the whole schema is rewritten; where they send nulls, for the
// choice encodeArguments makes between them (strict-schema.ts). Gemini's
// OpenAPI form writes a null branch as `nullable: true`.
import { checkSiteNow, entriesBranches } from "./encoded-branches";
import type { Site } from "./null-paths";
import { nullSchema } from "./nullable";
import { openApiAnyOf } from "./openapi-form";
import type { Plain } from "./plain-json";
import { refuseValue } from "./read-keywords";
import { type RewriteContext, viewOf } from "./rewrite-context";
import { type NodePlace, rewriteNode } from "./rewrite-node";

/** `{ anyOf: [...branches rewritten] }`, with a null branch added when `place.makeNull`. */
export function rewriteAnyOf(context: RewriteContext, branches: unknown, keyword: string, place: NodePlace): Plain {
  if (!Array.isArray(branches) || branches.length === 0) {
    return refuseValue(context, keyword, "a non-empty list", branches);
  }
  const { unit, path } = context;
  const site: Site = { owner: unit, depth: context.instance.length, at: path.slice(), keyword, branches: [] };
  const asEntries = context.encode ? entriesBranches(context, branches) : [];
  // (Array.from visits the holes of a sparse list, as undefined, which is refused)
  const list = Array.from(branches, (branch: unknown, index) => {
    const from = unit.entries.length;
    const encodedFrom = unit.encodings.length;
    const keptFrom = unit.kept.length;
    const entries = asEntries[index] === true;
    path.push(keyword, index);
    const next = { level: place.level, depth: place.depth + 1, makeNull: false };
    const rewritten = rewriteNode(context, branch, next, entries);
    path.pop(); // (two pops: setting an array's length is a call into the runtime)
    path.pop();
    site.branches.push({
      schema: viewOf(context, branch, entries),
      input: branch,
      out: rewritten,
      from,
      to: unit.entries.length,
      encoded: [encodedFrom, unit.encodings.length],
      kept: [keptFrom, unit.kept.length],
    });
    return rewritten;
  });
  const nulls = site.branches.some(({ from, to }) => to > from);
  const encoded = site.branches.some(({ encoded: [from, to] }) => to > from);
  if (nulls || encoded) unit.sites.push(site);
  if (nulls) context.anyOfSites++;
  if (encoded) checkSiteNow(context, unit, site);
  // (a branch that sends nulls, made or kept, leaves a choice for encodeArguments)
  if (nulls || site.branches.some(({ kept: [from, to] }) => to > from)) {
    unit.kept.push({ path: context.instance.slice(), site });
    context.fills++;
  }
  if (place.makeNull) list.push(nullSchema());
  return context.target.types === "openapi" ? openApiAnyOf({ anyOf: list }) : { anyOf: list };
}
