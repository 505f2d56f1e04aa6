// The opt-in relaxations beyond what strict mode accepts: a provably disjoint `oneOf`
// read as `anyOf`, and an `allOf` of object schemas merged into one object.
import { UNSUPPORTED } from "./keywords";
import { isPlain, own, type Plain } from "./plain-json";
import { entriesBranches } from "./encoded-branches";
import { jsonTypes } from "./json-types";
import { type NodeKeywords, refuseUnsupported, unsupported } from "./read-keywords";
import { recordRelaxation, refusal, refuse, type RewriteContext, viewOf } from "./rewrite-context";

const isObjectType = (type: unknown): boolean =>
  type === "object" || (Array.isArray(type) && type.length === 1 && type[0] === "object");

/** Whether no JSON type is taken by two of the branches (`[string, array of string]`). */
function disjointByType(context: RewriteContext, branches: readonly unknown[]): boolean {
  const seen = new Set<unknown>();
  return branches.every((branch) => {
    const types = jsonTypes(branch, context, context.encode);
    if ([...types].some((name) => seen.has(name))) return false;
    for (const name of types) seen.add(name);
    return true;
  });
}

/**
 * Whether no value can match two branches: no JSON type is taken by two of
 * them (`[string, array of string]`), or every branch (through local `$ref`s) is an
 * object requiring one same property whose `const`/`enum` values differ from
 * every other branch's. A single branch is disjoint (it shares no type).
 */
export function disjointOneOf(context: RewriteContext, branches: readonly unknown[]): boolean {
  if (disjointByType(context, branches)) return true;
  const { pointsTo } = context;
  const objects = branches.map((branch) => {
    for (let hops = 0; hops < 64 && own(branch, "$ref") !== undefined; hops++) branch = pointsTo(branch);
    return isObjectType(own(branch, "type")) ? branch : undefined;
  });
  // (Sets: a required list may be long)
  const required = objects.map((branch) => {
    const names = own(branch, "required");
    return new Set(Array.isArray(names) ? names : []);
  });
  const first = own(objects[0], "required");
  return (
    Array.isArray(first) &&
    first.some((name) => {
      const owner = new Map<unknown, number>();
      return objects.every((branch, index) => {
        const property = own(own(branch, "properties"), name as string);
        const constant = own(property, "const");
        const values = constant === undefined ? own(property, "enum") : [constant];
        return (
          required[index]?.has(name) === true &&
          Array.isArray(values) &&
          values.every(
            (value) => typeof value !== "object" && (owner.get(value) ?? index) === index && owner.set(value, index),
          )
        );
      });
    })
  );
}

/** The object an `allOf` merges into: each property with the schema path prefix of the part that declared it. */
export interface MergedObject {
  readonly properties: readonly (readonly [name: string, schema: unknown, prefix: readonly (string | number)[]])[];
  readonly required: readonly string[];
}

/**
 * JSON text to compare schemas by; NaN (equal to nothing) when the value has none, or over 100 000 values (it may share
 * objects exponentially: past the budget, no value is written or descended into).
 */
const json = (value: unknown): string | number => {
  let left = 100_000;
  try {
    const text = JSON.stringify(value, (_key, item: unknown) => (left-- > 0 ? item : undefined));
    return left < 0 || text === undefined ? NaN : text;
  } catch {
    return NaN; // a BigInt or a cycle inside
  }
};

/**
 * Merges `node` (without its `allOf`) and the branches of its `allOf` into one
 * object, or says why they conflict: a part that is not an object schema, one
 * property with two different schemas, or a property that another part's
 * `additionalProperties: false` forbids.
 */
export function mergeAllOf(node: Plain, allOf: readonly unknown[]): MergedObject | string {
  const properties = new Map<string, readonly [string, unknown, readonly (string | number)[]]>();
  const required = new Set<string>();
  const closed: Plain[] = [];
  let typed = false;
  for (const [part, prefix] of [[node, []], ...Array.from(allOf, (branch, index) => [branch, ["allOf", index]])] as [
    Plain,
    (string | number)[],
  ][]) {
    const where = prefix.join(" ") || "the schema";
    if (!isPlain(part)) return `${where} is no object`;
    const bad = Object.keys(part).find(
      (key) =>
        /^(enum|const|anyOf|\$ref|items)$/.test(key) || (UNSUPPORTED.has(key) && (part !== node || key !== "allOf")),
    );
    if (bad !== undefined) return `${where} has "${bad}"`;
    if (
      (part.type !== undefined && !isObjectType(part.type)) ||
      (part.additionalProperties !== undefined && part.additionalProperties !== false)
    )
      return `${where} is no closed object`;
    typed ||= part.type !== undefined;
    const declared = isPlain(part.properties) ? part.properties : {};
    for (const name of Object.keys(declared)) {
      const known = properties.get(name);
      if (known !== undefined && known[1] !== declared[name] && json(known[1]) !== json(declared[name]))
        return `"${name}" has two schemas`;
      properties.set(name, known ?? [name, declared[name], prefix]);
    }
    if (Array.isArray(part.required)) for (const name of part.required) required.add(name as string);
    if (part.additionalProperties === false) closed.push(declared);
  }
  const forbidden = [...properties.keys()].find((name) => closed.some((list) => !Object.hasOwn(list, name)));
  if (forbidden !== undefined) return `a part forbids "${forbidden}"`;
  return typed ? { properties: [...properties.values()], required: [...required] } : 'no "type": "object"';
}

/**
 * `relax.allOf`: merges the node's `allOf` into one object (the node then reads as
 * `"type": "object"` with the merged `required`), or refuses it. `undefined` without `allOf`.
 */
export function applyAllOf(context: RewriteContext, schema: Plain, keywords: NodeKeywords): MergedObject | undefined {
  const { allOf } = keywords;
  if (allOf === undefined) return undefined;
  if (!context.relaxAllOf) refuseUnsupported(context, "allOf");
  const merged = Array.isArray(allOf) ? mergeAllOf(schema, allOf) : "it is not a list";
  if (typeof merged === "string") return refuse(context, "allOf", `cannot merge "allOf": ${merged}`);
  recordRelaxation(context, "allOf-merged");
  keywords.type = "object";
  keywords.required = merged.required;
  keywords.additionalProperties = undefined;
  return merged;
}

/**
 * `relax.oneOf`: reads a provably disjoint `oneOf` as the node's `anyOf`, or refuses it (with
 * encode, once the encodings are checked: see {@link refuseOneOf}). Returns the keyword the
 * node's branches come from.
 */
export function applyOneOf(context: RewriteContext, keywords: NodeKeywords): "anyOf" | "oneOf" {
  const { oneOf, anyOf } = keywords;
  if (oneOf === undefined) return "anyOf";
  if (anyOf !== undefined && context.relaxOneOf) refuse(context, "oneOf", '"oneOf" beside "anyOf"; use "anyOf"');
  if (!context.relaxOneOf) refuseOneOf(context, unsupported(context, "oneOf"));
  else if (Array.isArray(oneOf) && !disjointOneOf(context, branchForms(context, oneOf))) {
    refuseOneOf(context, '"oneOf" branches may overlap; use "anyOf"');
  } else recordRelaxation(context, "oneOf-as-anyOf");
  keywords.anyOf = oneOf;
  return "oneOf";
}

/** The branches as the walk rewrites them (their encoded forms, with encode). */
function branchForms(context: RewriteContext, branches: readonly unknown[]): unknown[] {
  if (!context.encode) return branches as unknown[];
  const asEntries = entriesBranches(context, branches);
  return branches.map((branch, index) => viewOf(context, branch, asEntries[index]));
}

/**
 * Refuses the node's `oneOf`. With encode, the refusal waits (its branches are rewritten as an
 * anyOf's) until the walk ends: an encoding the branches make ambiguous is the better reason,
 * and is reported first (strict-schema.ts).
 */
function refuseOneOf(context: RewriteContext, what: string): void {
  if (!context.encode) refuse(context, "oneOf", what);
  context.deferred ??= refusal("oneOf", what, context.path);
}
