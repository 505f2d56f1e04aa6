// `$ref` and definitions: a `$ref` stays a `$ref` (never inlined); the
// definition it points to becomes a unit, rewritten once on its own, and only
// definitions some reachable `$ref` uses are kept in the output.
import { localRef } from "./local-ref";
import { wrapNullable } from "./nullable";
import { own, type Plain, pointer, put } from "./plain-json";
import { refuse, type RewriteContext } from "./rewrite-context";

/**
 * A bare `{ $ref }` (or, when `makeNull`, `{ anyOf: [{ $ref }, { type: "null" }] }`). The target
 * joins the units to rewrite, and the current unit records the `$ref` at this instance path, so
 * the target's null paths are expanded from here.
 */
export function rewriteRef(context: RewriteContext, ref: unknown, makeNull: boolean): Plain {
  const scope = context.idScopes.at(-1);
  if (scope !== undefined) {
    refuse(
      context,
      "$id",
      `"$id" changes the base the "$ref" at ${pointer(context.path)} resolves against, ` +
        'and strict mode resolves every "$ref" against the root; remove the "$id", or move its definitions to the root',
      scope,
    );
  }
  const target = localRef(ref, context.root);
  if (typeof target === "string") return refuse(context, "$ref", target);
  const key = target.path.join("/");
  let unit = context.units.get(key);
  if (unit === undefined) {
    unit = { ...target, entries: [], sites: [] };
    context.units.set(key, unit);
  }
  context.unit.entries.push({ path: context.instance.slice(), unit, at: context.path.slice() });
  const out: Plain = { $ref: ref };
  return makeNull ? wrapNullable(out) : out;
}

/**
 * Whether a nested `$id` changes the base URI its `$ref`s resolve against: a non-empty
 * string that is not a fragment alone (`"#foo"` names an anchor, in draft 7, and keeps the base).
 */
export function changesBase(id: unknown): boolean {
  return typeof id === "string" && id !== "" && !id.startsWith("#");
}

/** The rewritten definitions of `keyword` (`$defs` or `definitions`) that a `$ref` used, in input order. */
export function usedDefinitions(context: RewriteContext, keyword: "$defs" | "definitions"): Plain | undefined {
  const kept: Plain = {};
  let count = 0;
  for (const name of Object.keys(own(context.root, keyword) ?? {})) {
    const unit = context.units.get(`${keyword}/${name}`);
    if (unit === undefined) continue;
    put(kept, name, unit.out);
    count++;
  }
  return count > 0 ? kept : undefined;
}
