// Null paths across `$ref`s: each unit (the root, and each definition in use)
// records its own null paths and where it refers to other units; here they are
// expanded into instance paths from the root, recursion with null paths is
// refused (its paths would be unbounded), and so is an `anyOf` whose branches
// disagree about a null (stripping it would change what the server receives).
import { pointer } from "./plain-json";
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

/** The root schema or one definition, rewritten on its own. */
export interface Unit {
  readonly path: SchemaPath;
  readonly schema: unknown;
  readonly entries: Entry[];
  readonly sites: Site[];
}

type Fail = (keyword: string, what: string, at?: SchemaPath) => never;

/**
 * The null paths of `root`, `$ref`s expanded, at most `cap` of them per unit.
 * Refuses a `$ref` cycle through units that have null paths, and nesting of
 * `$ref`s deeper than `limit`.
 */
export function expandNullPaths(units: readonly Unit[], root: Unit, cap: number, limit: number, fail: Fail): Map<Unit, NullPath[]> {
  // Units with null paths of their own, or through a $ref to one that has some.
  const users = new Map<Unit, Unit[]>();
  for (const unit of units) {
    for (const { unit: target } of unit.entries) if (target !== undefined) users.set(target, users.get(target) ?? []).get(target)?.push(unit);
  }
  const yielding = new Set(units.filter((unit) => unit.entries.some((entry) => entry.unit === undefined)));
  for (const unit of yielding) for (const user of users.get(unit) ?? []) yielding.add(user);
  const paths = new Map<Unit, NullPath[]>();
  const active = new Set<Unit>();
  const expand = (unit: Unit): NullPath[] => {
    let list = paths.get(unit);
    if (list !== undefined) return list;
    if (active.size > limit) fail("max_depth", `$refs nest more than ${limit} deep`, unit.path);
    active.add(unit);
    list = [];
    for (const { path, unit: target, at } of unit.entries) {
      if (target === undefined) list.push(path);
      else if (yielding.has(target)) {
        if (active.has(target)) fail("$ref", "this $ref is recursive through optional properties, whose null paths would be unbounded; make them required (nullable if they may be absent)", at);
        for (const tail of expand(target)) list.push([...path, ...tail]);
      }
      if (list.length > cap) fail("$ref", `the $refs here expand to more than ${cap} optional properties; make some required`, at ?? unit.path);
    }
    active.delete(unit);
    paths.set(unit, list);
    return list;
  };
  for (const unit of yielding) expand(unit);
  if (!yielding.has(root)) paths.set(root, []);
  return paths;
}

/**
 * Refuses an `anyOf` where a branch makes an optional property nullable (so its
 * null is stripped) at an instance path where another branch gives null a meaning.
 */
export function checkAnyOfNulls(units: readonly Unit[], paths: Map<Unit, NullPath[]>, nullAt: (schema: unknown, path: NullPath) => boolean, fail: Fail): void {
  for (const unit of units) {
    for (const { depth, at, keyword, branches } of unit.sites) {
      branches.forEach(({ from, to }, index) => {
        for (const { path, unit: target } of unit.entries.slice(from, to)) {
          for (const tail of target === undefined ? [[]] : (paths.get(target) ?? [])) {
            const introduced = [...path.slice(depth), ...tail];
            const other = branches.findIndex((branch, each) => each !== index && nullAt(branch.schema, introduced));
            if (other >= 0) {
              fail(keyword, `branch ${index} makes ${pointer(introduced).slice(1)} nullable (its null is stripped), but branch ${other} accepts null there; make it required in branch ${index}`, at);
            }
          }
        }
      });
    }
  }
}
