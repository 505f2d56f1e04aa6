// The inverse of restoreArguments: the arguments a model would send, under a
// tool's strict schema, for a value the tool accepts. Encodings are applied
// outermost first, and every absent property the strict form requires is sent
// as null: a null path's, a kept null's, and inside an anyOf of objects only
// those of the branch the value fits.
import { type Choice, type Encoding, fillTrie, type Plan, planTrie } from "./plan";
import { isPlain, type Plain, put } from "./plain-json";
import { type Trie } from "./trie";
import { ITEMS } from "./types";

/**
 * The arguments a model would send under a tool's strict schema for `value`,
 * a value the original schema accepts: each map becomes its list of key/value
 * entries, each free-form value its JSON text, each open rest its added
 * property, an enum's numbers and booleans their text where the target wants
 * strings, and each absent optional property `null` where the strict form
 * requires it. For every such value, `restoreArguments(encodeArguments(value, plan), plan)`
 * gives `value` back, but for two things the strict form cannot tell apart: an
 * optional property that already takes `null`, left out, comes back as `null`
 * (the plan's `keptNulls`), and `-0` comes back as `0` (JSON text has no negative
 * zero). Never throws and never mutates `value`; a value JSON cannot hold is left as it is.
 *
 * @param value - Arguments the tool accepts.
 * @param plan - The tool's plan (the `plan` of an ok result of `strictSchema`).
 * @returns The arguments in the form the strict schema accepts.
 *
 * @example
 * ```ts
 * import { encodeArguments } from "@x/strict-schema/encode";
 *
 * const plan = { nullPaths: [["note"]], encodings: [{ kind: "entries", path: ["headers"] }] } as const;
 * encodeArguments({ headers: { accept: "text/html" } }, plan);
 * // { headers: [{ key: "accept", value: "text/html" }], note: null }
 * ```
 */
export function encodeArguments(value: unknown, plan: Plan): unknown {
  try {
    const trie = planTrie(plan, true);
    return encode(value, trie, trie);
  } catch {
    // A BigInt or a cycle inside a free-form value, a throwing getter, a value nested past the stack.
    return value;
  }
}

/**
 * Encodes `value` at `node`: this node's encodings in reverse plan order, then the values below it. `fills` is the
 * trie the nulls to send are read from: the plan's, or below a choice the chosen branch's.
 */
function encode(value: unknown, node: Trie | undefined, fills: Trie | undefined): unknown {
  let encoded = value;
  for (const encoding of [...(node?.encodings ?? [])].reverse()) encoded = apply(encoded, encoding);
  const choice = node?.choice;
  return encodeChildren(encoded, node, choice === undefined ? fills : chosen(encoded, choice, fills));
}

function encodeChildren(value: unknown, node: Trie | undefined, fills: Trie | undefined): unknown {
  if ((node === undefined || node.size === 0) && (fills === undefined || fills.size === 0)) return value;
  if (Array.isArray(value)) {
    const [items, itemFills] = [node?.get(ITEMS), fills?.get(ITEMS)];
    if (items === undefined && itemFills === undefined) return value;
    return value.map((element: unknown) => encode(element, items, itemFills));
  }
  if (!isPlain(value)) return value;
  const copy: Plain = {};
  for (const key of Object.keys(value)) {
    const [next, nextFills] = [node?.get(key), fills?.get(key)];
    const child = value[key];
    put(copy, key, next === undefined && nextFills === undefined ? child : encode(child, next, nextFills));
  }
  for (const [segment, next] of fills ?? []) {
    if (segment !== ITEMS && (next.end === true || next.fill === true) && !Object.hasOwn(copy, segment)) {
      put(copy, segment, null);
    }
  }
  return copy;
}

/**
 * For an object, the fills of the first branch of `choice` it fits (see `ChoiceBranch`); else `fills` (a value
 * that is not an object, or an object that fits no branch, for which nothing sent can be right).
 */
function chosen(value: unknown, choice: Choice, fills: Trie | undefined): Trie | undefined {
  if (!isPlain(value)) return fills;
  const keys = Object.keys(value);
  const branch = choice.branches.find(
    ({ declared, required }) =>
      keys.every((key) => declared.includes(key)) && required.every((name) => keys.includes(name)),
  );
  return branch === undefined ? fills : fillTrie(branch.fills);
}

/** Applies one encoding. A value not in the original form (another `anyOf` branch's) passes unchanged. */
function apply(value: unknown, encoding: Encoding): unknown {
  switch (encoding.kind) {
    case "entries":
      return isPlain(value) ? Object.keys(value).map((key) => ({ key, value: value[key] })) : value;
    case "json-text":
      if (encoding.parsesTo === "object" && !isPlain(value)) return value;
      return value === undefined ? value : JSON.stringify(value);
    case "rest":
      return isPlain(value) ? splitRest(value, encoding.property, encoding.declared) : value;
    case "enum-text":
      return (typeof value === "number" || typeof value === "boolean") && encoding.values.includes(value)
        ? JSON.stringify(value)
        : value;
    case "wrap": {
      const wrapped: Plain = {};
      put(wrapped, encoding.property, value);
      return wrapped;
    }
    default: {
      const _exhaustive: never = encoding;
      return _exhaustive;
    }
  }
}

function splitRest(object: Plain, property: string, declared: readonly string[]): Plain {
  const names = new Set(declared);
  const split: Plain = {};
  const rest: Plain = {};
  for (const key of Object.keys(object)) put(names.has(key) ? split : rest, key, object[key]);
  if (Object.keys(rest).length > 0) put(split, property, rest);
  return split;
}
