// Tools arrive from untrusted servers and from caller code that may mutate
// them later: the toolset keeps its own deep-frozen JSON copy of each.

/** What `JSON.parse` can give. */
export type JsonData = null | boolean | number | string | JsonData[] | { [key: string]: JsonData };

/**
 * A deep copy of `value` as JSON would carry it (`toJSON` applied,
 * `undefined` and functions left out, `__proto__` kept as a plain key), or
 * the reason it is not JSON (a cycle, a BigInt, a throwing getter).
 */
export function jsonCopy(value: unknown): { ok: true; value: JsonData } | { ok: false; reason: string } {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return { ok: false, reason: "it has no JSON form" };
    return { ok: true, value: JSON.parse(text) as JsonData };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Freezes `value` and everything in it; returns it. Iterative: schemas can nest deeper than the call stack. */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const key of Object.keys(next)) pending.push((next as { [key: string]: unknown })[key]);
  }
  return value;
}

/** Whether two JSON values are equal (object key order aside). Iterative, like {@link deepFreeze}. */
export function sameJson(a: JsonData, b: JsonData): boolean {
  const pending: [JsonData, JsonData][] = [[a, b]];
  while (pending.length > 0) {
    const [x, y] = pending.pop()!;
    if (typeof x !== "object" || x === null || typeof y !== "object" || y === null) {
      if (x !== y) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const xKeys = Object.keys(x);
    const yRecord = y as { [key: string]: JsonData };
    if (xKeys.length !== Object.keys(y).length) return false;
    for (const key of xKeys) {
      if (!Object.hasOwn(y, key)) return false;
      pending.push([(x as { [key: string]: JsonData })[key]!, yRecord[key]!]);
    }
  }
  return true;
}

/** Whether `value` is an object that is not an array (and not `null`). */
export function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` is a plain object (`{}` or `Object.create(null)`), not an
 * array, class instance or `null`. A plain object of another realm (an
 * iframe, a `vm` context) counts: its prototype is that realm's
 * `Object.prototype`, whose own prototype is `null`.
 */
export function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
