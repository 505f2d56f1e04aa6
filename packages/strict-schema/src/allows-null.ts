// Whether the INPUT schema already lets a value be null: the rewriter leaves
// such an optional property alone (no null path), and the anyOf rule asks it
// where a null carries meaning. Exact: every keyword of a node constrains
// (`{"type": "string", "enum": ["a", null]}` excludes null), `$ref`s are
// followed and their sibling keywords constrain too. A keyword whose value is
// undefined is absent, as everywhere in the rewriter.
import { isPlain, own } from "./plain-json";
import type { Trie } from "./trie";

export interface NullAnalysis {
  /** Whether `schema` accepts `null`. */
  readonly allowsNull: (schema: unknown) => boolean;
  /**
   * Sets, on each end of `trie` (instance paths from an anyOf), `hit`: the first of
   * `branches` that accepts a `null` there (under some choice of its own `anyOf` branches).
   * Each (node, trie node) pair is walked once, by the first branch that reaches it: a later
   * one could only hit what is hit already. So the walk is linear in the schema and the trie.
   */
  readonly nullsAt: (branches: readonly unknown[], trie: Trie) => void;
}

/** A schema whose one `type` excludes null (and no OpenAPI `nullable: true` adds it). */
const excludesNull = (schema: unknown): boolean => {
  const type = own(schema, "type");
  return typeof type === "string" && type !== "null" && own(schema, "nullable") !== true;
};

/**
 * The analysis of one input schema, each node read as `view` gives it (its encoded form, with
 * encode) and each `$ref` followed to `target`. `tooDeep` is called (and must throw) when
 * `$ref`s and combinators nest more than `limit` deep.
 */
export function nullAnalysis(
  view: (schema: unknown) => unknown,
  target: (schema: unknown) => unknown,
  limit: number,
  tooDeep: () => never,
): NullAnalysis {
  // Memo per object; `false` while in progress, so a `$ref` cycle ends.
  // (made when first needed: most nodes are decided by their type alone)
  let memo: Map<object, boolean> | undefined;
  const allows = (input: unknown, depth: number): boolean => {
    // The common case, decided at once (an encoded form of such a node excludes null too).
    if (excludesNull(input)) return false;
    const schema = view(input);
    if (!isPlain(schema)) return schema === true;
    if (excludesNull(schema)) return false;
    // OpenAPI 3.0's `nullable: true` beside a type adds null to it.
    const nullable = own(schema, "nullable") === true;
    const type = own(schema, "type");
    const known = memo?.get(schema);
    if (known !== undefined) return known;
    if (depth > limit) tooDeep();
    (memo ??= new Map()).set(schema, false);
    const values = own(schema, "enum");
    const constant = own(schema, "const");
    const ref = own(schema, "$ref");
    const branches = (keyword: string, every?: boolean): boolean => {
      const list = own(schema, keyword);
      return (
        list === undefined ||
        (Array.isArray(list) && list[every ? "every" : "some"]((branch) => allows(branch, depth + 1)))
      );
    };
    const result =
      (type === undefined || type === "null" || nullable || (Array.isArray(type) && type.includes("null"))) &&
      (values === undefined || (Array.isArray(values) && values.includes(null))) &&
      (constant === undefined || constant === null) &&
      branches("anyOf") &&
      branches("oneOf") &&
      branches("allOf", true) &&
      (ref === undefined || allows(target(schema), depth + 1));
    memo.set(schema, result);
    return result;
  };

  return {
    allowsNull: (schema) => allows(schema, 0),
    nullsAt: (branches, trie) => {
      const seen = new Map<unknown, Set<Trie>>();
      let index = 0;
      const at = (input: unknown, trie: Trie, depth: number): void => {
        const node = view(input);
        const tries = seen.get(node) ?? new Set<Trie>();
        if (tries.has(trie)) return;
        if (depth > limit) tooDeep();
        seen.set(node, tries.add(trie));
        if (trie.end && trie.hit === undefined && allows(node, depth)) trie.hit = index;
        // (only plain objects here: the rewriter refused anything else before)
        const props = own(node, "properties") ?? {};
        const names = Object.keys(props);
        // Whichever is smaller: the node's properties (and items) or the trie's segments.
        for (const segment of names.length < trie.size ? [null, ...names] : trie.keys()) {
          const child = trie.get(segment);
          if (child !== undefined) at(segment === null ? own(node, "items") : own(props, segment), child, depth + 1);
        }
        for (const keyword of ["anyOf", "oneOf", "allOf"]) {
          const list = own(node, keyword);
          if (Array.isArray(list)) for (const branch of list) at(branch, trie, depth + 1);
        }
        if (own(node, "$ref")) at(target(node), trie, depth + 1);
      };
      for (; index < branches.length; index++) at(branches[index], trie, 0);
    },
  };
}
