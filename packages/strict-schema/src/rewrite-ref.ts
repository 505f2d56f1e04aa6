// `$ref` and definitions. Where the target keeps them, a `$ref` stays a `$ref`;
// the definition it points to becomes a unit, rewritten once on its own, and
// only definitions some reachable `$ref` uses are kept in the output. With
// encode, a `$ref` to something other than a definition has its target hoisted
// into `$defs`. Where the target has no `$ref`s, or refuses recursion, a `$ref`
// is spelled out where it stands, and recursion is cut after `recursionDepth`
// levels into JSON text (the rest of the value, as text the plan parses back).
import type { RefTarget } from "./local-ref";
import { wrapNullable } from "./nullable";
import { hasOwnProperty, isPlain, own, type Plain, pointer, put } from "./plain-json";
import { NODES, recordEncoding, recordRewrite, refuse, type RewriteContext } from "./rewrite-context";
import { type NodePlace, rewriteNode } from "./rewrite-node";

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
    unit = { ...target, entries: [], encodings: [], kept: [], sites: [] };
    context.units.set(key, unit);
  }
  const entry = { path: context.instance.slice(), unit, at: context.path.slice() };
  context.unit.entries.push(entry);
  // (what only some targets, or encode, record below a $ref: kept nulls, and encodings)
  if (context.target.optional === "nullable") context.unit.kept.push(entry);
  if (context.encode || context.target.recursion === "unrolled") context.unit.encodings.push(entry);
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

/**
 * Whether the `$ref` is spelled out where it stands: the target has no `$ref`s, or refuses recursion and the
 * definition it points to is on a `$ref` cycle.
 */
export function inlines(context: RewriteContext, ref: unknown): boolean {
  const { target } = context;
  if (target.refs === "inlined") return true;
  if (target.recursion !== "unrolled") return false;
  const found = context.refs.local(ref);
  if (typeof found === "string") return false; // (refused, or hoisted, as a kept $ref)
  context.recursive ??= recursiveDefinitions(context);
  return context.recursive.has(found.path.join("/"));
}

/**
 * The target of a `$ref` rewritten in the `$ref`'s place (its refusals at its own path in the input); past
 * `recursionDepth` levels of the same `$ref`, the value's rest as JSON text (a `json-text` encoding).
 */
export function inlineRef(context: RewriteContext, ref: unknown, place: NodePlace): Plain {
  const local = context.refs.local(ref);
  const target = typeof local === "string" ? context.refs.pointer(ref) : local;
  if (target === undefined) return refuse(context, "$ref", local as string);
  const key = target.path.join("/");
  const { inlining, path } = context;
  if (inlining.filter((each) => each === key).length >= context.recursionDepth) return cut(context, target, place);
  recordRewrite(context, "ref-inlined");
  const saved = path.splice(0, path.length, ...target.path);
  const from = context.ancestorsFrom;
  context.ancestorsFrom = context.ancestors.length;
  inlining.push(key);
  const out = rewriteNode(context, target.schema, { ...place, depth: place.depth + 1 });
  inlining.pop();
  context.ancestorsFrom = from;
  path.splice(0, path.length, ...saved);
  return out;
}

/** Recursion cut: the value from here on, as JSON text (an object's, when the target is one). */
function cut(context: RewriteContext, target: { readonly schema: unknown }, place: NodePlace): Plain {
  recordRewrite(context, "recursion-cut");
  const object = own(target.schema, "type") === "object";
  recordEncoding(context, { kind: "json-text", path: [], parsesTo: object ? "object" : "any" });
  const what = object ? "A JSON object" : "Any JSON value";
  const description = `${what}, as JSON text (nested too deep to spell out here).`;
  return rewriteNode(context, { type: "string", description }, { ...place, depth: place.depth + 1 });
}

/**
 * The definitions (`$defs/<name>`, `definitions/<name>`, and `""` for the root) on a `$ref` cycle: each points,
 * through the `$ref`s inside it, back to itself.
 */
function recursiveDefinitions(context: RewriteContext): Set<string> {
  const { root, refs } = context;
  const edges = new Map<string, Set<string>>();
  const collect = (key: string, schema: unknown): void => {
    const found = new Set<string>();
    const seen = new Set<unknown>();
    const stack: unknown[] = [schema];
    while (stack.length > 0 && seen.size < NODES) {
      const node = stack.pop();
      if (typeof node !== "object" || node === null || seen.has(node)) continue;
      seen.add(node);
      if (Array.isArray(node)) {
        stack.push(...(node as unknown[]));
        continue;
      }
      const target = refs.local(own(node, "$ref"));
      if (typeof target !== "string") found.add(target.path.join("/"));
      for (const name in node) {
        const definitions = key === "" && (name === "$defs" || name === "definitions");
        if (hasOwnProperty.call(node, name) && !definitions) stack.push((node as Plain)[name]);
      }
    }
    edges.set(key, found);
  };
  collect("", root);
  for (const keyword of ["$defs", "definitions"]) {
    const definitions = own(root, keyword);
    if (isPlain(definitions))
      for (const name of Object.keys(definitions)) collect(`${keyword}/${name}`, definitions[name]);
  }
  const recursive = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === start) {
        recursive.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  return recursive;
}
