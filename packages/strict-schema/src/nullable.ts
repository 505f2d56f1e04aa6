// How strict mode makes an optional property nullable: the model must send
// every property, so one it may leave out takes `null` instead (which
// stripNulls removes again). A `type` gains "null", an `enum` gains null, and
// what can take neither (a `$ref`, an `anyOf`, a `const`) is wrapped or gains a branch.
import type { Plain } from "./plain-json";

/** The schema that accepts only `null`. */
export const nullSchema = (): Plain => ({ type: "null" });

/** `types` with "null" added when it lacks it. */
export function typesWithNull(types: readonly string[]): string[] {
  return types.includes("null") ? [...types] : [...types, "null"];
}

/** `values` with `null` added when it lacks it (the list is the rewriter's own, so it is extended in place). */
export function enumWithNull(values: unknown[]): unknown[] {
  if (!values.includes(null)) values.push(null);
  return values;
}

/** `{ anyOf: [schema, { type: "null" }] }`: for a `$ref` (nothing may stand beside it) or a `const`. */
export function wrapNullable(schema: Plain): Plain {
  return { anyOf: [schema, nullSchema()] };
}
