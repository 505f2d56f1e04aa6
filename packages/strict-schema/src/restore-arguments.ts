// Undoing a tool's plan on the arguments a model sent: the nulls strict mode
// introduced are stripped and every encoding is undone (entries back to an
// object, JSON text parsed, an open rest merged back, an enum's text back to its
// number or boolean, a wrapped value unwrapped), innermost first.
import { type Encoding, type EnumTextEncoding, type Plan, planTrie, type RestEncoding } from "./plan";
import { describe, isPlain, type Plain, pointer, put } from "./plain-json";
import { type Trie } from "./trie";
import { ITEMS } from "./types";

/** Why arguments could not be restored: where (in the arguments the model sent) and what to send instead. */
export interface RestoreError {
  /** The instance path in the model's arguments: property names and array indexes. */
  readonly path: readonly (string | number)[];
  /** What was wrong and what to send instead, in one sentence. */
  readonly message: string;
}

/** The result of {@link restoreArguments}: never an exception. */
export type RestoreResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: RestoreError };

/** The instance path the walk is at (pushed and popped as it goes). */
type Path = (string | number)[];

/**
 * Ends the walk: the arguments cannot be restored. Caught in restoreArguments, never escapes it
 * (like the rewriter's Refusal).
 */
class Unrestorable {
  readonly error: RestoreError;
  constructor(error: RestoreError) {
    this.error = error;
  }
}

function fail(path: readonly (string | number)[], message: string): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- an Unrestorable, caught in restoreArguments
  throw new Unrestorable({ path: path.slice(), message: `At ${pointer(path)}: ${message}` });
}

/**
 * Gives a tool back the arguments it asked for from the arguments a model sent
 * under a strict schema: strips the nulls strict mode introduced (as
 * `stripNulls`) and undoes every encoding of `plan` (a list of key/value entries
 * becomes an object again, JSON text is parsed, an open rest is merged back, an
 * enum's text becomes its number or boolean again, a wrapped value is unwrapped).
 * Never throws and never mutates `args`: the objects and arrays along the
 * plan's paths are copied, everything else is shared.
 *
 * @param args - Decoded tool arguments, as the model sent them.
 * @param plan - The tool's plan: the `plan` of an ok result of `strictSchema` (or `fitRoot`), or one stored
 *   from it.
 * @returns `{ ok: true, value }`, or `{ ok: false, error: { path, message } }` when a key is
 *   given twice, JSON text does not parse or parses to the wrong kind, an entry is not
 *   `{ key, value }`, or a wrapped value is missing; the message names the place and says what to send instead.
 *
 * @example
 * ```ts
 * import { ITEMS, restoreArguments } from "@x/strict-schema";
 *
 * const plan = {
 *   nullPaths: [["note"]],
 *   encodings: [
 *     { kind: "entries", path: ["headers"] },
 *     { kind: "json-text", path: ["filter"], parsesTo: "object" },
 *   ],
 * } as const;
 * restoreArguments({ headers: [{ key: "accept", value: "text/html" }], filter: '{"a":1}', note: null }, plan);
 * // { ok: true, value: { headers: { accept: "text/html" }, filter: { a: 1 } } }
 * ```
 */
export function restoreArguments(args: unknown, plan: Plan): RestoreResult {
  try {
    return { ok: true, value: restore(args, planTrie(plan), []) };
  } catch (thrown) {
    if (thrown instanceof Unrestorable) return { ok: false, error: thrown.error };
    // Only a hostile value (a throwing getter or Proxy) or a plan nested past the stack gets here.
    return { ok: false, error: { path: [], message: "At #: the arguments cannot be read; send plain JSON" } };
  }
}

/** Restores `value` at `node`: the values below it first, then this node's encodings in plan order. */
function restore(value: unknown, node: Trie, path: Path): unknown {
  let restored = restoreChildren(value, node, path);
  for (const encoding of node.encodings ?? []) restored = undo(restored, encoding, path);
  return restored;
}

function restoreChildren(value: unknown, node: Trie, path: Path): unknown {
  if (node.size === 0) return value;
  if (Array.isArray(value)) {
    const items = node.get(ITEMS);
    if (items === undefined) return value;
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      path.push(index);
      copy[index] = restore(value[index], items, path);
      path.pop();
    }
    return copy;
  }
  if (!isPlain(value)) return value;
  const copy: Plain = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    const next = node.get(key);
    if (next === undefined) put(copy, key, child);
    else if (child !== null || next.end !== true) {
      // (else a null strict mode introduced, left out)
      path.push(key);
      put(copy, key, restore(child, next, path));
      path.pop();
    }
  }
  return copy;
}

/** Undoes one encoding. A value not in the encoded form (another `anyOf` branch's) passes unchanged. */
function undo(value: unknown, encoding: Encoding, path: Path): unknown {
  switch (encoding.kind) {
    case "entries":
      return Array.isArray(value) ? fromEntries(value, path) : value;
    case "json-text":
      return typeof value === "string" ? parseJsonText(value, encoding.parsesTo, path) : value;
    case "rest":
      return isPlain(value) && Object.hasOwn(value, encoding.property) ? mergeRest(value, encoding, path) : value;
    case "enum-text":
      return typeof value === "string" ? fromText(value, encoding) : value;
    case "wrap":
      if (isPlain(value) && Object.hasOwn(value, encoding.property)) return value[encoding.property];
      return fail(path, `send the arguments as an object with the one property ${JSON.stringify(encoding.property)}`);
    default: {
      const _exhaustive: never = encoding;
      return _exhaustive;
    }
  }
}

const ENTRY = 'send it as { "key": "<name>", "value": <value> }';

function fromEntries(entries: readonly unknown[], path: Path): Plain {
  const object: Plain = {};
  for (let index = 0; index < entries.length; index += 1) {
    const entry: unknown = entries[index];
    if (
      !isPlain(entry) ||
      !Object.hasOwn(entry, "key") ||
      typeof entry.key !== "string" ||
      !Object.hasOwn(entry, "value")
    ) {
      fail(
        [...path, index],
        `an entry must be an object with a string "key" and a "value", not ${describe(entry)}; ${ENTRY}`,
      );
    }
    if (Object.hasOwn(object, entry.key)) {
      const key = JSON.stringify(entry.key);
      fail([...path, index, "key"], `the key ${key} is given twice; send each key once`);
    }
    put(object, entry.key, entry.value);
  }
  return object;
}

const WHAT = {
  object: 'a JSON object as text, for example "{}"',
  any: 'any JSON value as text, for example "null" or "{}"',
};

function parseJsonText(text: string, parsesTo: "object" | "any", path: Path): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "it is nested too deep";
    fail(path, `the JSON text does not parse (${reason}); send ${WHAT[parsesTo]}`);
  }
  if (parsesTo === "object" && !isPlain(parsed)) {
    fail(path, `the JSON text is ${describe(parsed)}, not an object; send ${WHAT.object}`);
  }
  return parsed;
}

/** The number or boolean whose JSON text `text` is, or `text` itself (a string of the enum, or another branch's). */
function fromText(text: string, { values }: EnumTextEncoding): unknown {
  for (const value of values) if (JSON.stringify(value) === text) return value;
  return text;
}

function mergeRest(object: Plain, { property, declared }: RestEncoding, path: Path): Plain {
  const rest = object[property];
  const merged: Plain = {};
  for (const key of Object.keys(object)) if (key !== property) put(merged, key, object[key]);
  if (rest === null) return merged;
  if (!isPlain(rest)) fail([...path, property], `the other properties must be an object, not ${describe(rest)}`);
  const names = new Set(declared);
  for (const key of Object.keys(rest)) {
    if (names.has(key) || Object.hasOwn(merged, key)) {
      const [name, carrier] = [JSON.stringify(key), JSON.stringify(property)];
      fail([...path, property], `${name} is a declared property; send it as that property, not in ${carrier}`);
    }
    put(merged, key, rest[key]);
  }
  return merged;
}
