// gemini-openapi (targets.ts): a schema the walk built in JSON Schema's words,
// written in Gemini's OpenAPI subset: one upper-case type per schema (a list of
// types split into anyOf branches, each with the keywords of its type), null as
// `nullable: true`, an enum of strings. https://ai.google.dev/api/caching#Schema
import type { KeptKeyword } from "./keywords";
import type { Plain } from "./plain-json";

/** An OpenAPI type name (js-genai's `Type`): `STRING`, `NUMBER`, `INTEGER`, `BOOLEAN`, `OBJECT`, `ARRAY`, `NULL`. */
export const openApiType = (name: string): string => name.toUpperCase();

/** Whether the keyword `key` of a typed schema constrains values of `type`. */
function constrains(key: string, type: string, rules: ReadonlyMap<string, KeptKeyword>): boolean {
  if (key === "items") return type === "array";
  if (key === "properties" || key === "required") return type === "object";
  return rules.get(key)?.types?.includes(type) ?? false;
}

/**
 * The OpenAPI form of a typed schema `out` (JSON Schema names, maybe a list with "null"): one type and
 * `nullable: true`, or an `anyOf` of one branch per type (each with the keywords of its type; the annotations and
 * `nullable` on the `anyOf`). `rules` are the target's keywords by name.
 */
export function openApiTyped(out: Plain, rules: ReadonlyMap<string, KeptKeyword>): Plain {
  const { type } = out;
  if (type === undefined) return out;
  const list = Array.isArray(type) ? (type as string[]) : [type as string];
  const nullable = list.includes("null");
  const types = list.filter((name) => name !== "null");
  if (types.length <= 1) {
    const single: Plain = { ...out, type: openApiType(types[0] ?? "null") };
    if (nullable && types.length === 1) single.nullable = true;
    return single;
  }
  const branches = types.map((name) => {
    const branch: Plain = { type: openApiType(name) };
    for (const key of Object.keys(out)) if (constrains(key, name, rules)) branch[key] = out[key];
    return branch;
  });
  const split: Plain = { anyOf: branches };
  for (const key of Object.keys(out)) if (rules.get(key)?.annotation === true) split[key] = out[key];
  if (nullable) split.nullable = true;
  return split;
}

/**
 * The OpenAPI form of an `anyOf`'s branches: a branch that is only `null` becomes `nullable: true` on the `anyOf`,
 * and an `anyOf` left with one branch becomes that branch (with the `anyOf`'s annotations where it has none).
 */
export function openApiAnyOf(out: Plain): Plain {
  const branches = out.anyOf as Plain[];
  const others = branches.filter((branch) => !(branch.type === "NULL" && Object.keys(branch).length === 1));
  if (others.length === branches.length) return out;
  if (others.length === 0) return { type: "NULL" };
  if (others.length !== 1) return { ...out, anyOf: others, nullable: true };
  const merged: Plain = { ...(others[0] as Plain) };
  for (const key of Object.keys(out)) if (key !== "anyOf" && merged[key] === undefined) merged[key] = out[key];
  merged.nullable = true;
  return merged;
}
