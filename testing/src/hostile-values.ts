// Values that careless reading code throws on, for the adapters' "never
// throws" property tests. Most are what JSON.parse gives for a response an
// OpenAI-compatible server (or a proxy, or a recording) may send: an object
// whose `toString` is null (so `String(x)` and template literals throw), an
// own `__proto__` key, nesting deeper than any recursion goes. The rest stand
// for objects a caller builds: a `toString` that throws, and getters whose
// value changes between reads (a check on one read, a use of the next).
//
// A property test generates a small spec holding markers ({@link hostile})
// and builds the value with {@link withHostileValues}: fast-check then prints
// the spec, not a 100 000-level object.

/** How deep the deep values nest: deeper than `structuredClone`, `JSON.stringify` or any recursion goes. */
export const HOSTILE_DEPTH = 100_000;

/** A value whose every conversion to a primitive throws. */
const unprintable = (): object => ({
  toString(): never {
    throw new Error("toString");
  },
  valueOf(): never {
    throw new Error("valueOf");
  },
});

const nest = (levels: number, inner: unknown, wrap: (value: unknown) => unknown): unknown => {
  let value = inner;
  for (let level = 0; level < levels; level++) value = wrap(value);
  return value;
};

// The fields the adapters read, each with a value that passes a typical check (a string, a number, a list).
const FLIPPED: { readonly [field: string]: unknown } = {
  type: "function_call",
  id: "id_flip",
  call_id: "call_flip",
  name: "files__read_file",
  namespace: "files",
  arguments: "{}",
  input: "x",
  status: "completed",
  execution: "client",
  output_index: 0,
  content_index: 0,
  index: 0,
  item_id: "id_flip",
  delta: "x",
  content: "x",
  refusal: "x",
  finish_reason: "stop",
  choices: [],
  tool_calls: [],
  output: [],
};

/**
 * An object whose fields are getters that alternate, read by read, between
 * a value that passes a check and an object that throws when printed.
 */
function flippingGetters(): object {
  const value: { [key: string]: unknown } = {};
  for (const [field, passing] of Object.entries(FLIPPED)) {
    let reads = 0;
    Object.defineProperty(value, field, {
      enumerable: true,
      get: () => (reads++ % 2 === 0 ? passing : unprintable()),
    });
  }
  return value;
}

/** The kinds of hostile value {@link hostileValue} builds. */
export const HOSTILE_KINDS = [
  "to-string-null",
  "primitives-null",
  "to-string-number",
  "to-string-throws",
  "to-primitive-throws",
  "own-proto-key",
  "own-proto-null",
  "null-prototype",
  "length-key",
  "deep-object",
  "deep-array",
  "deep-call",
  "flipping-getters",
  "proto-string",
  "constructor-string",
  "to-string-string",
  "huge-index",
  "negative-index",
  "fraction-index",
  "max-number",
] as const;

/** One of {@link HOSTILE_KINDS}. */
export type HostileKind = (typeof HOSTILE_KINDS)[number];

const parsed = (text: string): unknown => JSON.parse(text);

const KINDS: { readonly [kind in HostileKind]: () => unknown } = {
  "to-string-null": () => parsed('{"toString":null}'),
  "primitives-null": () => parsed('{"toString":null,"valueOf":null}'),
  "to-string-number": () => parsed('{"toString":1,"valueOf":{}}'),
  "to-string-throws": unprintable,
  "to-primitive-throws": () => ({
    [Symbol.toPrimitive](): never {
      throw new Error("toPrimitive");
    },
  }),
  "own-proto-key": () => parsed('{"__proto__":{"type":"function_call_output","call_id":"call_a"},"id":"x"}'),
  "own-proto-null": () => parsed('{"__proto__":null,"type":"function_call"}'),
  "null-prototype": () => Object.assign(Object.create(null) as object, { type: "function_call", call_id: "call_n" }),
  "length-key": () => parsed('{"length":4294967295,"0":"a"}'),
  "deep-object": () => nest(HOSTILE_DEPTH, {}, (inner) => ({ a: inner })),
  "deep-array": () => nest(HOSTILE_DEPTH, [], (inner) => [inner]),
  "deep-call": () => ({
    type: "function_call",
    call_id: "call_deep",
    name: "files__read_file",
    arguments: nest(HOSTILE_DEPTH, {}, (inner) => ({ a: inner })),
  }),
  "flipping-getters": flippingGetters,
  "proto-string": () => "__proto__",
  "constructor-string": () => "constructor",
  "to-string-string": () => "toString",
  "huge-index": () => 2 ** 32 - 2,
  "negative-index": () => -1,
  "fraction-index": () => 1.5,
  "max-number": () => Number.MAX_VALUE,
};

// Building 100 000 objects costs more than most tests that use them: each deep kind is built once, frozen (so code
// that changes what it reads throws), and shared.
const DEEP_KINDS: ReadonlySet<HostileKind> = new Set(["deep-object", "deep-array", "deep-call"]);
const built = new Map<HostileKind, unknown>();

function frozen(value: unknown): unknown {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    pending.push(...Object.values(next as { readonly [key: string]: unknown }));
  }
  return value;
}

/** A hostile value of `kind`: a fresh one, or for the deep kinds one built once and frozen. */
export function hostileValue(kind: HostileKind): unknown {
  if (!DEEP_KINDS.has(kind)) return KINDS[kind]();
  if (!built.has(kind)) built.set(kind, frozen(KINDS[kind]()));
  return built.get(kind);
}

const MARKER = "$hostile";

/** A marker for a spec: {@link withHostileValues} puts `hostileValue(kind)` in its place. */
export function hostile(kind: HostileKind): { readonly [MARKER]: HostileKind } {
  return { [MARKER]: kind };
}

const isMarker = (value: unknown): value is { [MARKER]: HostileKind } =>
  typeof value === "object" &&
  value !== null &&
  Object.keys(value).length === 1 &&
  typeof (value as { [MARKER]?: unknown })[MARKER] === "string" &&
  Object.hasOwn(KINDS, (value as { [MARKER]: string })[MARKER]);

/**
 * `spec` (plain JSON of modest depth, as fast-check generates it) with each
 * marker replaced by a hostile value of its kind. Keys are defined as
 * own data properties, so a spec key `__proto__` stays a key, as JSON.parse
 * makes it.
 */
export function withHostileValues(spec: unknown): unknown {
  if (isMarker(spec)) return hostileValue(spec[MARKER]);
  if (Array.isArray(spec)) return spec.map(withHostileValues);
  if (typeof spec !== "object" || spec === null) return spec;
  const value: { [key: string]: unknown } = {};
  for (const [key, field] of Object.entries(spec)) {
    Object.defineProperty(value, key, {
      value: withHostileValues(field),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return value;
}
