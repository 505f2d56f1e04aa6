// A tool's plan: what restoreArguments must undo on the arguments a model sent
// (the nulls strict mode introduced, and the reversible encodings of open maps
// and free-form values), and the trie both restoreArguments and
// encodeArguments walk a value along.
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

/** One reversible encoding: where it is and how to undo it. */
export type Encoding = EntriesEncoding | JsonTextEncoding | RestEncoding;

/** The kinds of {@link Encoding}. */
export type EncodingKind = Encoding["kind"];

/**
 * What to undo on a tool's arguments: the nulls strict mode introduced and the
 * encodings. Plain JSON (it survives `JSON.stringify` / `JSON.parse`), so it can
 * be cached or stored; an ok result of `strictSchema` is itself one.
 *
 * Every path is an instance path in the form the model sends, with
 * {@link ITEMS} for "every array element": the values of an entries map at
 * `path` are at `[...path, ITEMS, "value"]`, and a null path or an encoding
 * inside them continues from there.
 */
export interface Plan {
  readonly nullPaths: readonly NullPath[];
  readonly encodings?: readonly Encoding[];
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
    const names = Array.isArray(declared) && declared.every((name) => typeof name === "string");
    return typeof property === "string" && names;
  }
  return false;
};

/**
 * The trie of a plan: each null path ends (`end`) and each encoding sits (`encodings`) at its
 * node. Entries that are not what {@link Plan} says (a path with a
 * segment that is neither a string nor ITEMS, an encoding of an unknown kind)
 * are left out: they can never match a value.
 */
export function planTrie(plan: Plan): Trie {
  const root: Trie = new Map();
  const { nullPaths, encodings } = (typeof plan === "object" && plan !== null ? plan : {}) as Partial<Plan>;
  for (const path of Array.isArray(nullPaths) ? nullPaths : []) {
    if (isPath(path)) insert(root, path);
  }
  for (const encoding of Array.isArray(encodings) ? (encodings as unknown[]) : []) {
    if (isEncoding(encoding)) (descend(root, encoding.path).encodings ??= []).push(encoding);
  }
  return root;
}
