// Undoing a tool's plan on the arguments a model sent: the nulls strict mode
// introduced are stripped and every encoding is undone (entries back to an
// object, JSON text parsed, an open rest merged back), innermost first.
import { type Encoding, type Plan, type PlanNode, planTrie } from "./plan";
import { describe, isPlain, type Plain, pointer, put } from "./plain-json";
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

/** Where the walk is, as a chain of segments (built only when an error needs it). */
interface Location {
  readonly parent: Location | undefined;
  readonly segment: string | number;
}

const pathOf = (at: Location | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let step = at; step !== undefined; step = step.parent) path.push(step.segment);
  return path.reverse();
};

/** The walk's state: the first error found ends it (every step checks `error` and unwinds). */
interface Restoring {
  error: RestoreError | undefined;
}

const fail = (state: Restoring, at: Location | undefined, message: string): undefined => {
  const path = pathOf(at);
  state.error = { path, message: `At ${pointer(path)}: ${message}` };
  return undefined;
};

/**
 * Gives a tool back the arguments it asked for from the arguments a model sent
 * under a strict schema: strips the nulls strict mode introduced (as
 * `stripNulls`) and undoes every encoding of `plan` (a list of key/value entries
 * becomes an object again, JSON text is parsed, an open rest is merged back).
 * Never throws and never mutates `args`: the objects and arrays along the
 * plan's paths are copied, everything else is shared.
 *
 * @param args - Decoded tool arguments, as the model sent them.
 * @param plan - The tool's plan: an ok result of `strictSchema(schema, { encode: true })`, or
 *   `{ nullPaths, encodings }` stored from one.
 * @returns `{ ok: true, value }`, or `{ ok: false, error: { path, message } }` when a key is
 *   given twice, JSON text does not parse or parses to the wrong kind, or an entry is not
 *   `{ key, value }`; the message names the place and says what to send instead.
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
  const state: Restoring = { error: undefined };
  try {
    const value = restore(args, planTrie(plan), state, undefined);
    return state.error === undefined ? { ok: true, value } : { ok: false, error: state.error };
  } catch {
    // Only a hostile value (a throwing getter or Proxy) or a plan nested past the stack gets here.
    return { ok: false, error: { path: [], message: "At #: the arguments cannot be read; send plain JSON" } };
  }
}

/** Restores `value` at `node`: the values below it first, then this node's encodings in plan order. */
function restore(value: unknown, node: PlanNode, state: Restoring, at: Location | undefined): unknown {
  let restored = restoreChildren(value, node, state, at);
  for (const encoding of node.encodings) {
    if (state.error !== undefined) return undefined;
    restored = undo(restored, encoding, state, at);
  }
  return restored;
}

function restoreChildren(value: unknown, node: PlanNode, state: Restoring, at: Location | undefined): unknown {
  if (node.children.size === 0) return value;
  if (Array.isArray(value)) {
    const items = node.children.get(ITEMS);
    if (items === undefined) return value;
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length && state.error === undefined; index += 1) {
      const element: unknown = value[index];
      copy[index] = restore(element, items, state, { parent: at, segment: index });
    }
    return copy;
  }
  if (!isPlain(value)) return value;
  const copy: Plain = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    const next = node.children.get(key);
    if (child === null && next?.nullable === true) continue; // a null strict mode introduced
    put(copy, key, next === undefined ? child : restore(child, next, state, { parent: at, segment: key }));
    if (state.error !== undefined) return undefined;
  }
  return copy;
}

/** Undoes one encoding. A value not in the encoded form (another `anyOf` branch's) passes unchanged. */
function undo(value: unknown, encoding: Encoding, state: Restoring, at: Location | undefined): unknown {
  switch (encoding.kind) {
    case "entries":
      return Array.isArray(value) ? fromEntries(value, state, at) : value;
    case "json-text":
      return typeof value === "string" ? parseJsonText(value, encoding.parsesTo, state, at) : value;
    case "rest":
      if (!isPlain(value) || !Object.hasOwn(value, encoding.property)) return value;
      return mergeRest(value, encoding.property, encoding.declared, state, at);
    default: {
      const _exhaustive: never = encoding;
      return _exhaustive;
    }
  }
}

const ENTRY = 'send it as { "key": "<name>", "value": <value> }';

function fromEntries(entries: readonly unknown[], state: Restoring, at: Location | undefined): unknown {
  const object: Plain = {};
  for (let index = 0; index < entries.length; index += 1) {
    const entry: unknown = entries[index];
    const where: Location = { parent: at, segment: index };
    if (
      !isPlain(entry) ||
      !Object.hasOwn(entry, "key") ||
      typeof entry.key !== "string" ||
      !Object.hasOwn(entry, "value")
    ) {
      return fail(
        state,
        where,
        `an entry must be an object with a string "key" and a "value", not ${describe(entry)}; ${ENTRY}`,
      );
    }
    if (Object.hasOwn(object, entry.key)) {
      const key = JSON.stringify(entry.key);
      return fail(state, { parent: where, segment: "key" }, `the key ${key} is given twice; send each key once`);
    }
    put(object, entry.key, entry.value);
  }
  return object;
}

const WHAT = {
  object: 'a JSON object as text, for example "{}"',
  any: 'any JSON value as text, for example "null" or "{}"',
};

function parseJsonText(text: string, parsesTo: "object" | "any", state: Restoring, at: Location | undefined): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "it is nested too deep";
    return fail(state, at, `the JSON text does not parse (${reason}); send ${WHAT[parsesTo]}`);
  }
  if (parsesTo === "object" && !isPlain(parsed)) {
    return fail(state, at, `the JSON text is ${describe(parsed)}, not an object; send ${WHAT.object}`);
  }
  return parsed;
}

/* eslint-disable-next-line max-params -- a step of the restore walk: the node's own facts, then the shared state and
   place. */
function mergeRest(
  object: Plain,
  property: string,
  declared: readonly string[],
  state: Restoring,
  at: Location | undefined,
): unknown {
  const rest = object[property];
  const merged: Plain = {};
  for (const key of Object.keys(object)) if (key !== property) put(merged, key, object[key]);
  if (rest === null) return merged;
  const where: Location = { parent: at, segment: property };
  if (!isPlain(rest)) return fail(state, where, `the other properties must be an object, not ${describe(rest)}`);
  const names = new Set(declared);
  for (const key of Object.keys(rest)) {
    if (names.has(key) || Object.hasOwn(merged, key)) {
      const [name, carrier] = [JSON.stringify(key), JSON.stringify(property)];
      return fail(state, where, `${name} is a declared property; send it as that property, not in ${carrier}`);
    }
    put(merged, key, rest[key]);
  }
  return merged;
}
