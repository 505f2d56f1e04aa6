// Null paths across `$ref`s: each unit (the root, and each definition in use)
// records its own null paths and where it refers to other units; here they are
// expanded into instance paths from the root, recursion with null paths is
// refused (its paths would be unbounded), and so is an `anyOf` whose branches
// disagree about a null (stripping it would change what the server receives).
import { type Plain, pointer } from "./plain-json";
import type { NullPath, SchemaPath } from "./types";

/** A null path of a unit, or (with `unit`) a `$ref` to `unit` at that instance path. */
export interface Entry {
  readonly path: NullPath;
  readonly unit?: Unit;
  /** The `$ref`'s schema path. */
  readonly at?: SchemaPath;
}

/** An `anyOf` (or relaxed `oneOf`): its instance depth and, per branch, its input schema and range of entries. */
export interface Site {
  readonly depth: number;
  readonly at: SchemaPath;
  readonly keyword: string;
  readonly branches: { readonly schema: unknown; readonly from: number; readonly to: number }[];
}

/** The root schema or one definition, rewritten on its own (`out`). */
export interface Unit {
  readonly path: SchemaPath;
  readonly schema: unknown;
  readonly entries: Entry[];
  readonly sites: Site[];
  out?: Plain;
}

type Fail = (keyword: string, what: string, at?: SchemaPath) => never;

/**
 * The null paths of every unit, `$ref`s expanded, at most `cap` per unit.
 * Refuses a `$ref` cycle through a unit that has null paths (they would be
 * unbounded) or through definitions that are only `$ref`s (a loop), and
 * `$ref`s nested deeper than `limit`.
 */
export function expandNullPaths(units: Iterable<Unit>, cap: number, limit: number, fail: Fail): Map<Unit, NullPath[]> {
  const paths = new Map<Unit, NullPath[]>();
  const active: Unit[] = [];
  /** Units a $ref reached while they were being expanded (so on a cycle), with that $ref's path. */
  const looped = new Map<Unit, SchemaPath>();
  const expand = (unit: Unit): NullPath[] => {
    let list = paths.get(unit);
    if (list !== undefined) return list;
    if (active.length > limit) fail("max_depth", `$refs nest over ${limit} deep; flatten the schema`, unit.path);
    active.push(unit);
    list = [];
    for (const { path, unit: target, at = [] } of unit.entries) {
      if (target === undefined) list.push(path);
      else if (active.includes(target)) {
        // A cycle of definitions that are each only a $ref never leads to a schema.
        if (active.slice(active.indexOf(target)).every((each) => each.out?.$ref !== undefined)) fail("$ref", "a $ref loop; point it at a schema", target.path);
        looped.set(target, at);
      }
      else for (const tail of expand(target)) list.push([...path, ...tail]);
      if (list.length > cap) fail("$ref", `$refs expand to over ${cap} null paths; make properties required`, unit.path);
    }
    active.pop();
    // A cycle through this unit repeats its null paths without end. (Units expanded
    // inside the cycle lack this unit's paths, which is right only when it has none.)
    const recursion = looped.get(unit);
    if (recursion !== undefined && list.length > 0) fail("$ref", "a recursive $ref through optional properties (unbounded null paths); make them required", recursion);
    paths.set(unit, list);
    return list;
  };
  for (const unit of units) expand(unit);
  return paths;
}

/**
 * Refuses an `anyOf` where a branch makes an optional property nullable (so its
 * null is stripped) at an instance path where another branch gives null a meaning.
 */
export function checkAnyOfNulls(units: Iterable<Unit>, paths: Map<Unit, NullPath[]>, nullAt: (schema: unknown, path: NullPath) => boolean, fail: Fail): void {
  for (const unit of units) {
    for (const { depth, at, keyword, branches } of unit.sites) {
      branches.forEach(({ from, to }, index) => {
        for (const { path, unit: target } of unit.entries.slice(from, to)) {
          for (const tail of target === undefined ? [[]] : (paths.get(target) ?? [])) {
            const introduced = [...path.slice(depth), ...tail];
            const other = branches.findIndex((branch, each) => each !== index && nullAt(branch.schema, introduced));
            if (other >= 0) fail(keyword, `branch ${index} strips a null at ${pointer(introduced)} that branch ${other} accepts; make it required in branch ${index}`, at);
          }
        }
      });
    }
  }
}
