// Whether the INPUT schema already lets a value be null: the rewriter leaves
// such an optional property alone (no null path), and the anyOf rule asks it
// where a null carries meaning. Exact: every keyword of a node constrains
// (`{"type": "string", "enum": ["a", null]}` excludes null), `$ref`s are
// followed and their sibling keywords constrain too. A keyword whose value is
// undefined is absent, as everywhere in the rewriter.
import { refTarget } from "./local-ref";
import { isPlain, own } from "./plain-json";
import type { NullPath } from "./types";

export interface NullAnalysis {
  /** Whether `schema` accepts `null`. */
  readonly allowsNull: (schema: unknown) => boolean;
  /** Whether `schema` accepts a `null` at the instance location `path` (under some choice of its `anyOf` branches). */
  readonly nullAt: (schema: unknown, path: NullPath) => boolean;
}

/**
 * The analysis of one input schema. `tooDeep` is called (and must throw) when
 * `$ref`s and combinators nest more than `limit` deep.
 */
export function nullAnalysis(root: unknown, limit: number, tooDeep: () => never): NullAnalysis {
  // Memo per object; `false` while in progress, so a `$ref` cycle ends.
  const memo = new Map<object, boolean>();
  const allows = (schema: unknown, depth: number): boolean => {
    if (!isPlain(schema)) return schema === true;
    const type = own(schema, "type");
    if (typeof type === "string" && type !== "null") return false; // the common case, decided at once
    const known = memo.get(schema);
    if (known !== undefined) return known;
    if (depth > limit) tooDeep();
    memo.set(schema, false);
    const values = own(schema, "enum");
    const constant = own(schema, "const");
    const ref = own(schema, "$ref");
    const branches = (keyword: string, every?: boolean): boolean => {
      const list = own(schema, keyword);
      return list === undefined || (Array.isArray(list) && list[every ? "every" : "some"]((branch) => allows(branch, depth + 1)));
    };
    const result =
      (type === undefined || type === "null" || (Array.isArray(type) && type.includes("null"))) &&
      (values === undefined || (Array.isArray(values) && values.includes(null))) &&
      (constant === undefined || constant === null) &&
      branches("anyOf") &&
      branches("oneOf") &&
      branches("allOf", true) &&
      (ref === undefined || allows(refTarget(schema, root), depth + 1));
    memo.set(schema, result);
    return result;
  };

  return {
    allowsNull: (schema) => allows(schema, 0),
    nullAt: (schema, path) => {
      // Each (node, step) is explored once per question: the walk is linear in the schema.
      const seen = new Map<object, Set<number>>();
      const at = (node: unknown, step: number, depth: number): boolean => {
        if (step === path.length) return allows(node, depth);
        if (!isPlain(node)) return node === true;
        const steps = seen.get(node) ?? new Set<number>();
        if (steps.has(step)) return false;
        if (depth > limit) tooDeep();
        seen.set(node, steps.add(step));
        const segment = path[step];
        const child = segment === null ? own(node, "items") : own(own(node, "properties"), segment as string);
        return (
          (child !== undefined && at(child, step + 1, depth + 1)) ||
          ["anyOf", "oneOf", "allOf"].some((keyword) => {
            const list = own(node, keyword);
            return Array.isArray(list) && list.some((branch) => at(branch, step, depth + 1));
          }) ||
          (own(node, "$ref") !== undefined && at(refTarget(node, root), step, depth + 1))
        );
      };
      return at(schema, 0, 0);
    },
  };
}
