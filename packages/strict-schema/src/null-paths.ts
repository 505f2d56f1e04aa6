// Null paths (and, with encode, encodings) across `$ref`s: each unit (the root,
// and each definition in use) records its own null paths and encodings and where
// it refers to other units; here they are expanded into instance paths from the
// root, recursion through them is refused (its paths would be unbounded), and so
// is an `anyOf` whose branches disagree about a null (stripping it would change
// what the server receives).
import type { NullAnalysis } from "./allows-null";
import type { Encoding } from "./plan";
import { type Plain, pointer } from "./plain-json";
import { insert, type Trie } from "./trie";
import type { NullPath, SchemaPath } from "./types";

/**
 * A null path of a unit, or an encoding (`encoding`, its path still to be set), or an `anyOf` whose branches send
 * nulls (`site`, a choice for encodeArguments), or (with `unit`) a `$ref` to `unit` at that instance path.
 */
export interface Entry {
  readonly path: NullPath;
  readonly encoding?: Encoding;
  readonly site?: Site;
  readonly unit?: Unit;
  /** The `$ref`'s schema path. */
  readonly at?: SchemaPath;
}

/**
 * One branch of a {@link Site}: the schema the walk rewrote, the input it came from, its output, and its ranges of
 * entries.
 */
export interface SiteBranch {
  readonly schema: unknown;
  readonly input: unknown;
  readonly out: Plain;
  readonly from: number;
  readonly to: number;
  /** Its range of the unit's encodings. */
  readonly encoded: readonly [from: number, to: number];
  /** Its range of the unit's kept nulls and choices. */
  readonly kept: readonly [from: number, to: number];
}

/** An `anyOf` (or relaxed `oneOf`): its instance depth and its branches. */
export interface Site {
  /** The unit it is in. */
  readonly owner: Unit;
  readonly depth: number;
  readonly at: SchemaPath;
  readonly keyword: string;
  readonly branches: SiteBranch[];
  /** With encode: its encodings are known to be unambiguous (checked as soon as its branches were rewritten). */
  unambiguous?: boolean;
}

/** The root schema or one definition, rewritten on its own (`out`). */
export interface Unit {
  readonly path: SchemaPath;
  readonly schema: unknown;
  /** Its null paths and `$ref`s. */
  readonly entries: Entry[];
  /** With encode: its encodings and `$ref`s. */
  readonly encodings: Entry[];
  /** Its kept nulls and choices (for encodeArguments), and `$ref`s. */
  readonly kept: Entry[];
  readonly sites: Site[];
  out?: Plain;
}

/** Ends the rewrite with an error at `at` (the message is taken as it is). */
export type Fail = (keyword: string, what: string, at?: SchemaPath) => never;

/** Calls `visit` with each path of `entries` (a unit's, or a range of them), `prefix` first. */
export type Emit = (entries: readonly Entry[], prefix: NullPath, visit: (path: NullPath, entry: Entry) => void) => void;

/** The lists of a unit that are expanded: its null paths, its encodings, and its kept nulls and choices. */
export type EntryList = "entries" | "encodings" | "kept";

/**
 * Why each list cannot be expanded: recursion through it, and too many segments. (Kept nulls are for
 * encodeArguments alone: through recursion, they are left out rather than refuse the schema.)
 */
const UNBOUNDED: Record<EntryList, { readonly recursion?: string; readonly segments: (budget: number) => string }> = {
  entries: {
    recursion: "a recursive $ref through optional properties (unbounded null paths); make them required.",
    segments: (budget) =>
      `null paths of over ${budget} segments (an internal guard, not an OpenAI limit); make properties required.`,
  },
  encodings: {
    recursion:
      "a recursive $ref through an encoded map or free-form value (its paths would be unbounded); " +
      "give the map a fixed shape",
    segments: (budget) => `encoding paths of over ${budget} segments (an internal guard, not an OpenAI limit)`,
  },
  kept: {
    segments: (budget) => `kept null paths of over ${budget} segments (an internal guard, not an OpenAI limit)`,
  },
};

/**
 * Follows the `$ref`s between units: refuses a `$ref` cycle through a unit that
 * has paths in `list` (they would be unbounded) or through definitions that are only
 * `$ref`s (a loop), and `$ref`s nested deeper than `limit`. Returns how to emit
 * the paths, `$ref`s expanded: never materialised per unit (a long chain of
 * definitions would copy every path at each link), only where they are used. Each
 * entry emitted leads to at least one null path, so the work is linear in the paths.
 * `$ref`s can multiply them (definitions that each use the next twice: 2^n), so
 * emitting more than `budget` segments in all fails (at the root: it is the whole
 * schema's doing).
 */
// eslint-disable-next-line max-params -- the units and which list, then the guards and how to fail.
export function expandPaths(units: Iterable<Unit>, list: EntryList, limit: number, budget: number, fail: Fail): Emit {
  const unbounded = UNBOUNDED[list];
  /** Per unit, the entries that lead to a null path. */
  const live = new Map<Unit, Entry[]>();
  const active: Unit[] = [];
  /** Units a $ref reached while they were being followed (so on a cycle), with that $ref's path. */
  const looped = new Map<Unit, SchemaPath>();
  const follow = (unit: Unit): Entry[] => {
    let kept = live.get(unit);
    if (kept !== undefined) return kept;
    if (active.length > limit) fail("max_depth", `nested over ${limit} deep; flatten the schema.`, unit.path);
    active.push(unit);
    kept = unit[list].filter(({ unit: target, at }) => {
      if (target === undefined) return true;
      if (!active.includes(target)) return follow(target).length > 0;
      // A cycle of definitions that are each only a $ref never leads to a schema.
      if (active.slice(active.indexOf(target)).every((each) => each.out?.$ref !== undefined))
        fail("$ref", "a $ref loop; point it at a schema.", target.path);
      looped.set(target, at as SchemaPath);
      return false;
    });
    active.pop();
    // A cycle through this unit repeats its null paths without end. (Units followed
    // inside the cycle skip this unit, which is right only when it has none.)
    const recursion = looped.get(unit);
    if (recursion !== undefined && kept.length > 0) {
      if (unbounded.recursion === undefined) kept = [];
      else fail("$ref", unbounded.recursion, recursion);
    }
    live.set(unit, kept);
    return kept;
  };
  for (const unit of units) follow(unit);
  let spent = 0;
  const emit: Emit = (entries, prefix, visit) => {
    for (const entry of entries) {
      const next = entry.unit && live.get(entry.unit);
      if (next?.length === 0) continue; // (a $ref to no path)
      const full = [...prefix, ...entry.path];
      if ((spent += full.length) > budget) fail("$ref", `$refs expand to ${unbounded.segments(budget)}`, []);
      if (next) emit(next, full, visit);
      else visit(full, entry);
    }
  };
  return emit;
}

/**
 * Refuses an `anyOf` where a branch makes an optional property nullable (so its
 * null is stripped) at an instance path where another branch gives null a meaning.
 * The paths of a site go into one trie, which the branches are walked along.
 */
export function checkAnyOfNulls(units: Iterable<Unit>, emit: Emit, nullsAt: NullAnalysis["nullsAt"], fail: Fail): void {
  for (const unit of units) {
    for (const { depth, at, keyword, branches } of unit.sites) {
      if (branches.every(({ from, to }) => from === to)) continue; // (a site of encodings only)
      const trie: Trie = new Map();
      const stripped: [number, NullPath, Trie][] = [];
      branches.forEach(({ from, to }, index) =>
        emit(unit.entries.slice(from, to), [], (nullPath) => {
          const introduced = nullPath.slice(depth);
          stripped.push([index, introduced, insert(trie, introduced)]);
        }),
      );
      nullsAt(
        branches.map((branch) => branch.schema),
        trie,
      );
      for (const [index, introduced, { hit: other }] of stripped) {
        // (a branch that strips a null it accepts elsewhere has an inner anyOf that is refused)
        if (other !== undefined && other !== index)
          fail(
            keyword,
            `branch ${index} strips a null at ${pointer(introduced)} that branch ${other} accepts; make it required ` +
              `in branch ${index}.`,
            at,
          );
      }
    }
  }
}
