// Which JSON types a schema may take, and whether it may be an object holding
// a given property: asked by relax.oneOf (branches that share no type are
// disjoint) and by the encodings' anyOf check (an encoded branch must not be
// mistaken for another branch). Both read the schemas a value may finally
// match: `$ref`s followed, `anyOf`/`oneOf` branches entered.
import { isPlain } from "./plain-json";
import { type RewriteContext, viewOf } from "./rewrite-context";

/** A JSON type, `integer` read as `number` (an integer is a number). */
export type JsonType = "null" | "boolean" | "number" | "string" | "array" | "object";

const ALL: readonly unknown[] = ["null", "boolean", "number", "string", "array", "object"];

const named = (type: unknown): unknown[] =>
  (Array.isArray(type) ? (type as unknown[]) : [type])
    .map((name) => (name === "integer" ? "number" : name))
    .filter((name) => ALL.includes(name));

/**
 * Calls `visit` with each schema a value of `input` may finally match (in its encoded form when
 * `encoded`), or with `undefined` for one it cannot follow (a `$ref` that does not resolve, 32 hops).
 */
function visitLeaves(context: RewriteContext, input: unknown, encoded: boolean, visit: (leaf: unknown) => void): void {
  const walk = (node: unknown, hops: number): void => {
    const schema = encoded ? viewOf(context, node) : node;
    if (hops > 32) return visit(undefined);
    if (isPlain(schema) && typeof schema.$ref === "string") {
      const target = context.refs.pointed(schema);
      return target === undefined ? visit(undefined) : walk(target, hops + 1);
    }
    const branches = isPlain(schema) ? (Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf) : undefined;
    if (!Array.isArray(branches)) return visit(schema);
    for (const branch of branches) walk(branch, hops + 1);
  };
  walk(input, 0);
}

/** The JSON types of one schema by its `type`, `enum` or `const`; all of them when unsure. */
function leafTypes(leaf: unknown): unknown[] {
  if (!isPlain(leaf)) return leaf === false ? [] : [...ALL];
  if (leaf.type !== undefined) return named(leaf.type);
  const values = leaf.const !== undefined ? [leaf.const] : Array.isArray(leaf.enum) ? leaf.enum : undefined;
  if (values === undefined) return [...ALL];
  return values.flatMap((value) => named(Array.isArray(value) ? "array" : value === null ? "null" : typeof value));
}

/**
 * The JSON types a schema may take, told by its `type`, `enum` or `const`, its `anyOf` (or
 * `oneOf`) branches and local `$ref`s; in its encoded form when `encoded`; all of them when
 * unsure (a free-form schema, a `$ref` that does not resolve).
 */
export function jsonTypes(input: unknown, context: RewriteContext, encoded: boolean): Set<unknown> {
  const types = new Set<unknown>();
  visitLeaves(context, input, encoded, (leaf) => {
    for (const type of leafTypes(leaf)) types.add(type);
  });
  return types;
}

/**
 * Whether a value of `input`, in its encoded form, may be an object with the property `name`:
 * every object of the strict form is closed (an open rest is carried by one declared property), so
 * only one that declares `name` may; `true` when unsure (an `allOf`, a `$ref` that does not
 * resolve, a free-form schema).
 */
export function mayHaveProperty(context: RewriteContext, input: unknown, name: string): boolean {
  let may = false;
  visitLeaves(context, input, true, (leaf) => {
    if (may || !leafTypes(leaf).includes("object")) return;
    const open = !isPlain(leaf) || leaf.allOf !== undefined || (leaf.additionalProperties ?? false) !== false;
    may = open || (isPlain(leaf.properties) && Object.hasOwn(leaf.properties, name));
  });
  return may;
}
