// With encode, an `anyOf` (or `oneOf`) branch is told apart by the form of the
// value alone (entries are an array, JSON text a string, an open rest an object
// with one more property), so restoreArguments can undo it: a free-form map
// beside a branch that may be a string is sent as entries rather than JSON text,
// and an encoding that another branch could be mistaken for is refused (once the
// whole schema is rewritten, when the encodings of `$ref`s are known).
import type { Emit, Site, Unit } from "./null-paths";
import type { Encoding } from "./plan";
import { type JsonType, jsonTypes, mayHaveProperty } from "./json-types";
import { fail, formOf, type RewriteContext } from "./rewrite-context";
import { ITEMS, type NullPath } from "./types";

/** Which branches are free-form maps to send as entries: another branch may be a string (by its input types). */
export function entriesBranches(context: RewriteContext, branches: readonly unknown[]): boolean[] {
  let original: Set<unknown>[] | undefined;
  return branches.map((branch, index) => {
    const encoding = formOf(context, branch)?.encoding;
    if (encoding?.kind !== "json-text" || encoding.parsesTo !== "object") return false;
    original ??= branches.map((each) => jsonTypes(each, context, false));
    return original.some((types, other) => other !== index && types.has("string"));
  });
}

/**
 * Refuses an encoding inside an `anyOf` branch that another branch could be
 * mistaken for; `emit` expands each branch's encodings through `$ref`s.
 */
export function checkEncodedBranches(context: RewriteContext, emit: Emit): void {
  for (const unit of context.units.values()) {
    for (const site of unit.sites) {
      if (site.unambiguous === true) continue;
      checkSite(
        context,
        site,
        site.branches.map(({ encoded: [from, to] }) => encodingsOf(unit, from, to, emit)),
      );
    }
  }
}

/**
 * Checks a site as soon as its branches are rewritten when their encodings are all their own
 * (no `$ref` to expand), so that an ambiguous one fails at once; the check at the end is the one
 * that counts (it sees every site).
 */
export function checkSiteNow(context: RewriteContext, unit: Unit, site: Site): void {
  const ranges = site.branches.map(({ encoded: [from, to] }) => unit.encodings.slice(from, to));
  if (ranges.some((entries) => entries.some((entry) => entry.encoding === undefined))) return;
  checkSite(
    context,
    site,
    ranges.map((entries) => entries.map((entry) => ({ ...(entry.encoding as Encoding), path: entry.path }))),
  );
  site.unambiguous = true;
}

/** Refuses an encoding of `found` (each branch's, paths from its unit) another branch could be mistaken for. */
function checkSite(context: RewriteContext, { depth, at, keyword, branches }: Site, found: Encoding[][]): void {
  if (found.every((encodings) => encodings.length === 0)) return;
  const forms = branches.map((branch) => jsonTypes(branch.schema, context, true));
  let inputs: Set<unknown>[] | undefined;
  const original = (): Set<unknown>[] => (inputs ??= branches.map((branch) => jsonTypes(branch.input, context, false)));
  found.forEach((encodings, index) => {
    const other = (types: readonly Set<unknown>[], type: JsonType): boolean =>
      types.some((taken, each) => each !== index && taken.has(type));
    // (each property name asked once: a branch's encodings often share their first segment)
    const held = new Map<string, boolean>();
    const holds = (name: string): boolean =>
      branches.some((branch, each) => each !== index && mayHaveProperty(context, branch.schema, name));
    const side: Sides = {
      form: (type) => other(forms, type),
      input: (type) => other(original(), type),
      property: (name) => held.get(name) ?? held.set(name, holds(name)).get(name) === true,
    };
    for (const encoding of encodings) {
      const why = ambiguity(encoding, encoding.path.slice(depth), side, encodings);
      if (why !== undefined)
        fail(keyword, `branch ${index} ${why}; make the branches distinct by type`, [...at, keyword, index]);
    }
  });
}

/** A branch's encodings, `$ref`s expanded, with paths from its unit. */
function encodingsOf(unit: Unit, from: number, to: number, emit: Emit): Encoding[] {
  const encodings: Encoding[] = [];
  emit(unit.encodings.slice(from, to), [], (path, entry) => encodings.push({ ...(entry.encoding as Encoding), path }));
  return encodings;
}

/**
 * Whether another branch may take a type (in its encoded form, or in the input), or be an object
 * with a property of that name (in its strict form, where every object lists all it may hold).
 */
interface Sides {
  readonly form: (type: JsonType) => boolean;
  readonly input: (type: JsonType) => boolean;
  readonly property: (name: string) => boolean;
}

/** Why an encoding inside a branch (at `relative` from it) would be ambiguous, or `undefined`. */
function ambiguity(encoding: Encoding, relative: NullPath, other: Sides, own: readonly Encoding[]): string | undefined {
  if (relative.length > 0) {
    // (inside an object, only a branch that may hold the same property could be mistaken for it)
    const first = relative[0];
    const taken = first === ITEMS ? other.form("array") : other.property(first as string);
    return taken
      ? `encodes a part of ${first === ITEMS ? "an array" : "an object"} another branch may also be`
      : undefined;
  }
  if (encoding.kind === "json-text") {
    return other.form("string") ? "is sent as JSON text where another branch takes a string" : undefined;
  }
  if (encoding.kind === "enum-text") {
    // (another branch's string, or its number or boolean sent as text too, could read the same)
    const taken = other.form("string") || other.form("number") || other.form("boolean");
    return taken ? "sends numbers or booleans as text where another branch takes a string" : undefined;
  }
  if (encoding.kind === "wrap") return undefined; // (only at a root, which is never a branch)
  if (encoding.kind === "rest") {
    return other.form("object") || other.input("object")
      ? "has an open rest where another branch takes an object"
      : undefined;
  }
  if (other.form("array")) return "is sent as key/value entries where another branch takes an array";
  // (a map of free-form values beside an object: its entries of JSON text cannot be mistaken for it)
  const freeValues = own.some(
    (inner) => inner.kind === "json-text" && inner.parsesTo === "any" && inner.path.length === encoding.path.length + 2,
  );
  return other.input("object") && !freeValues ? "is a map where another branch takes an object" : undefined;
}
