// `$ref` and definitions: a `$ref` stays a `$ref` (never inlined); the
// definition it points to becomes a unit, rewritten once on its own, and only
// definitions some reachable `$ref` uses are kept in the output. With encode, a
// `$ref` to something other than a definition has its target hoisted into `$defs`.
import type { RefTarget } from "./local-ref";
import { wrapNullable } from "./nullable";
import { isPlain, own, type Plain, pointer, put } from "./plain-json";
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
  const found = context.refs.local(ref);
  const hoisted = typeof found === "string" && context.encode ? hoist(context, ref) : undefined;
  const target = hoisted ?? found;
  if (typeof target === "string") return refuse(context, "$ref", target);
  const key = target.path.join("/");
  let unit = context.units.get(key);
  if (unit === undefined) {
    unit = { ...target, entries: [], encodings: [], sites: [] };
    context.units.set(key, unit);
  }
  const entry = { path: context.instance.slice(), unit, at: context.path.slice() };
  context.unit.entries.push(entry);
  if (context.encode) context.unit.encodings.push(entry);
  const out: Plain = { $ref: hoisted === undefined ? ref : `#/${target.path.join("/")}` };
  return makeNull ? wrapNullable(out) : out;
}

/**
 * The target of a `$ref` to something other than a definition (`#/properties/a/items`), as a
 * definition under a `$defs` name that no definition or other hoisted target has (one per
 * `$ref`); `undefined` when the pointer does not resolve or names a definition.
 */
function hoist(context: RewriteContext, ref: unknown): RefTarget | undefined {
  const target = context.refs.pointer(ref);
  const [keyword] = target?.path ?? [];
  if (target === undefined || (target.path.length === 2 && (keyword === "$defs" || keyword === "definitions"))) {
    return undefined;
  }
  const hoisted = (context.hoisted ??= new Map<string, string>());
  let name = hoisted.get(ref as string);
  if (name === undefined) {
    const definitions = own(context.root, "$defs");
    const names = new Set(hoisted.values());
    const taken = (candidate: string): boolean =>
      names.has(candidate) || (isPlain(definitions) && Object.hasOwn(definitions, candidate));
    const base = target.path.join("_").replace(/[^A-Za-z0-9_-]/g, "_") || "hoisted";
    name = base;
    for (let suffix = 2; taken(name); suffix += 1) name = `${base}_${suffix}`;
    hoisted.set(ref as string, name);
    context.moves.push([["$defs", name], target.path]);
  }
  return { path: ["$defs", name], schema: target.schema };
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
  if (context.units.size === 1) return undefined; // (no $ref used a definition: most schemas)
  const kept: Plain = {};
  let count = 0;
  const names = Object.keys(own(context.root, keyword) ?? {});
  // (hoisted targets come after the definitions, in the order their $refs were met)
  if (keyword === "$defs") names.push(...(context.hoisted?.values() ?? []));
  for (const name of names) {
    const unit = context.units.get(`${keyword}/${name}`);
    if (unit === undefined) continue;
    put(kept, name, unit.out);
    count++;
  }
  return count > 0 ? kept : undefined;
}
