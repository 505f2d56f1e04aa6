// Which JSON types a schema may take: asked by relax.oneOf (branches that share
// no type are disjoint) and by the encodings' anyOf check (an encoded branch must
// not be mistaken for another branch).
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
 * The JSON types a schema may take, told by its `type`, `enum` or `const`, its `anyOf` (or
 * `oneOf`) branches and local `$ref`s; in its encoded form when `encoded`; all of them when
 * unsure (a free-form schema, a `$ref` that does not resolve).
 */
export function jsonTypes(input: unknown, context: RewriteContext, encoded: boolean, hops = 0): Set<unknown> {
  const schema = encoded ? viewOf(context, input) : input;
  if (!isPlain(schema) || hops > 32) return new Set(schema === false ? [] : ALL);
  if (typeof schema.$ref === "string") {
    const target = context.refs.target(schema) ?? context.refs.pointer(schema.$ref)?.schema;
    return target === undefined ? new Set(ALL) : jsonTypes(target, context, encoded, hops + 1);
  }
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches !== undefined) {
    return new Set(branches.flatMap((branch) => [...jsonTypes(branch, context, encoded, hops + 1)]));
  }
  if (schema.type !== undefined) return new Set(named(schema.type));
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values === undefined) return new Set(ALL);
  return new Set(
    values.flatMap((value) => named(Array.isArray(value) ? "array" : value === null ? "null" : typeof value)),
  );
}
