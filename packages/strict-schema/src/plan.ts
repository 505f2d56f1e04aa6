// A tool's plan: what restoreArguments must undo on the arguments a model sent
// (the nulls strict mode introduced, the reversible encodings of open maps and
// free-form values, and the rewrites a target needs: enums sent as text, a root
// wrapped in an object), what encodeArguments needs besides (the nulls strict
// mode keeps, the branches of an anyOf of objects), and the trie both walk a
// value along.
import { descend, insert, type Trie } from "./trie";
import type { NullPath } from "./types";

/**
 * A map sent as a list of `{ "key": …, "value": … }` entries (an array, in the
 * model's form) where the tool takes an object.
 */
export interface EntriesEncoding {
  readonly kind: "entries";
  /** The instance path of the array, in the form the model sends. */
  readonly path: NullPath;
}

/** A value sent as JSON text (a string, in the model's form). */
export interface JsonTextEncoding {
  readonly kind: "json-text";
  /** The instance path of the string, in the form the model sends. */
  readonly path: NullPath;
  /** What the text must parse to: a JSON object (a free-form map), or any JSON value. */
  readonly parsesTo: "object" | "any";
}

/**
 * An object with declared properties and an open rest: the rest is sent in one
 * added property (`property`, a name no declared property has), which holds an
 * object once the encodings below it are undone, and is merged back into the
 * object.
 */
export interface RestEncoding {
  readonly kind: "rest";
  /** The instance path of the object, in the form the model sends. */
  readonly path: NullPath;
  /** The added property that carries the rest. */
  readonly property: string;
  /** The declared properties: a rest key may not be one of them. */
  readonly declared: readonly string[];
}

/**
 * An `enum` or `const` holding numbers or booleans, sent as their JSON text (`1` as `"1"`, `true` as `"true"`)
 * where the target takes only strings in an enum (`gemini-openapi`); its strings are sent as they are.
 */
export interface EnumTextEncoding {
  readonly kind: "enum-text";
  /** The instance path of the string, in the form the model sends. */
  readonly path: NullPath;
  /** The numbers and booleans of the enum, which come back from their text. */
  readonly values: readonly (number | boolean)[];
}

/** A value sent as the one property of an object (a root that is not an object, for a target that needs one). */
export interface WrapEncoding {
  readonly kind: "wrap";
  /** The instance path of the object, in the form the model sends. */
  readonly path: NullPath;
  /** The property that holds the value. */
  readonly property: string;
}

/** One reversible encoding: where it is and how to undo it. */
export type Encoding = EntriesEncoding | JsonTextEncoding | RestEncoding | EnumTextEncoding | WrapEncoding;

/** The kinds of {@link Encoding}. */
export type EncodingKind = Encoding["kind"];

/** One object branch of a {@link Choice}. */
export interface ChoiceBranch {
  /**
   * The properties the branch declares in the form the model sends, and those the tool requires: an object
   * fits the branch when each of its keys is declared and each required one is given.
   */
  readonly declared: readonly string[];
  readonly required: readonly string[];
  /** The branch's null paths and kept nulls, relative to the choice's path. */
  readonly fills: readonly NullPath[];
}

/**
 * An `anyOf` whose object branches send different properties as `null`: for an object, `encodeArguments` fills
 * those of the first branch it fits, never another branch's (which that branch's closed object would refuse).
 */
export interface Choice {
  /** The instance path of the `anyOf`, in the form the model sends. */
  readonly path: NullPath;
  readonly branches: readonly ChoiceBranch[];
}

/**
 * What to undo on a tool's arguments: the nulls strict mode introduced and the
 * encodings. Plain JSON (it survives `JSON.stringify` / `JSON.parse`), so it can
 * be cached or stored; an ok result of `strictSchema` holds one as `plan`.
 *
 * Every path is an instance path in the form the model sends, with
 * {@link ITEMS} for "every array element": the values of an entries map at
 * `path` are at `[...path, ITEMS, "value"]`, and a null path or an encoding
 * inside them continues from there.
 *
 * `keptNulls` and `choices` are for `encodeArguments` alone: an optional property that already takes `null`
 * is required in OpenAI's strict form, so the model sends `null` where the tool's value leaves it out, and
 * `restoreArguments` keeps that `null` (the tool accepts it).
 */
export interface Plan {
  readonly nullPaths: readonly NullPath[];
  readonly encodings?: readonly Encoding[];
  readonly keptNulls?: readonly NullPath[];
  readonly choices?: readonly Choice[];
}

const isPath = (path: unknown): path is NullPath =>
  Array.isArray(path) && path.every((segment) => segment === null || typeof segment === "string");

const isEncoding = (encoding: unknown): encoding is Encoding => {
  if (typeof encoding !== "object" || encoding === null) return false;
  const { kind, path } = encoding as { kind?: unknown; path?: unknown };
  if (!isPath(path)) return false;
  if (kind === "entries") return true;
  if (kind === "json-text") return ["object", "any"].includes((encoding as JsonTextEncoding).parsesTo);
  if (kind === "rest") {
    const { property, declared } = encoding as RestEncoding;
    return typeof property === "string" && isNames(declared);
  }
  if (kind === "enum-text") {
    const { values } = encoding as EnumTextEncoding;
    return Array.isArray(values) && values.every((value) => typeof value === "boolean" || Number.isFinite(value));
  }
  return kind === "wrap" && typeof (encoding as WrapEncoding).property === "string";
};

const isNames = (names: unknown): names is readonly string[] =>
  Array.isArray(names) && names.every((name) => typeof name === "string");

const isChoice = (choice: unknown): choice is Choice => {
  const { path, branches } = (typeof choice === "object" && choice !== null ? choice : {}) as Partial<Choice>;
  return (
    isPath(path) &&
    Array.isArray(branches) &&
    branches.every(
      ({ declared, required, fills }: Partial<ChoiceBranch>) =>
        isNames(declared) && isNames(required) && Array.isArray(fills) && fills.every(isPath),
    )
  );
};

const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/**
 * The trie of a plan: each null path ends (`end`), each kept null is marked (`fill`, with `withFills`), and each
 * encoding (`encodings`) and choice (`choice`, with `withFills`) sits at its node. Entries that are not what
 * {@link Plan} says (a path with a segment that is neither a string nor ITEMS, an encoding of an unknown kind)
 * are left out: they can never match a value.
 */
export function planTrie(plan: Plan, withFills = false): Trie {
  const root: Trie = new Map();
  const { nullPaths, encodings, keptNulls, choices } = (
    typeof plan === "object" && plan !== null ? plan : {}
  ) as Partial<Plan>;
  for (const path of list(nullPaths)) if (isPath(path)) insert(root, path);
  for (const encoding of list(encodings)) {
    if (isEncoding(encoding)) (descend(root, encoding.path).encodings ??= []).push(encoding);
  }
  if (!withFills) return root;
  for (const path of list(keptNulls)) if (isPath(path)) descend(root, path).fill = true;
  for (const choice of list(choices)) if (isChoice(choice)) descend(root, choice.path).choice = choice;
  return root;
}

/** The trie of one branch's fills (relative paths), each marked `fill`. */
export function fillTrie(fills: readonly NullPath[]): Trie {
  const root: Trie = new Map();
  for (const path of fills) descend(root, path).fill = true;
  return root;
}
