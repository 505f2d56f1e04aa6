// The inverse of restoreArguments: the arguments a model would send, under a
// tool's strict schema, for a value the tool accepts. Encodings are applied
// outermost first, and every absent property at a null path is sent as null.
import { type Encoding, type Plan, planTrie } from "./plan";
import { isPlain, type Plain, put } from "./plain-json";
import { type Trie } from "./trie";
import { ITEMS } from "./types";

/**
 * The arguments a model would send under a tool's strict schema for `value`,
 * a value the original schema accepts: each map becomes its list of key/value
 * entries, each free-form value its JSON text, each open rest its added
 * property, and each absent optional property `null`. For every such value,
 * `restoreArguments(encodeArguments(value, plan), plan)` gives `value` back
 * (`-0` comes back as `0`: JSON text has no negative zero). Never throws and
 * never mutates `value`; a value JSON cannot hold is left as it is.
 *
 * @param value - Arguments the tool accepts.
 * @param plan - The tool's plan (an ok result of `strictSchema(schema, { encode: true })`).
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
    return encode(value, planTrie(plan));
  } catch {
    // A BigInt or a cycle inside a free-form value, a throwing getter, a value nested past the stack.
    return value;
  }
}

/** Encodes `value` at `node`: this node's encodings in reverse plan order, then the values below it. */
function encode(value: unknown, node: Trie): unknown {
  let encoded = value;
  for (const encoding of [...(node.encodings ?? [])].reverse()) encoded = apply(encoded, encoding);
  return encodeChildren(encoded, node);
}

function encodeChildren(value: unknown, node: Trie): unknown {
  if (node.size === 0) return value;
  if (Array.isArray(value)) {
    const items = node.get(ITEMS);
    return items === undefined ? value : value.map((element: unknown) => encode(element, items));
  }
  if (!isPlain(value)) return value;
  const copy: Plain = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    const next = node.get(key);
    put(copy, key, next === undefined ? child : encode(child, next));
  }
  for (const [segment, next] of node) {
    if (segment !== ITEMS && next.end === true && !Object.hasOwn(copy, segment)) put(copy, segment, null);
  }
  return copy;
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
