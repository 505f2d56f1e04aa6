// What counts as plain JSON data, how to read and write it without ever
// touching a prototype (a property may be called `__proto__` or `constructor`),
// and how messages show values and paths. Shared by the rewriter and the
// checker: none of it is a strict-mode rule.

/** A plain object, as JSON.parse makes it (any realm, or a null prototype). */
export type Plain = { [key: string]: unknown };

export const isPlain = (value: unknown): value is Plain => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

/** A value `enum` and `const` may hold: a string, a finite number, a boolean or null. */
export const isPrimitive = (value: unknown): boolean =>
  value === null || typeof value === "string" || typeof value === "boolean" || Number.isFinite(value);

/** `Object.prototype.hasOwnProperty`, to call on a `for (const key in object)` key. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call, on the object it is asked about
export const hasOwnProperty: (this: object, key: PropertyKey) => boolean = Object.prototype.hasOwnProperty;

/** An own property of a plain object, or `undefined` (never an inherited one such as `constructor`). */
export const own = (value: unknown, key: string): unknown =>
  isPlain(value) && Object.hasOwn(value, key) ? value[key] : undefined;

/** Sets `key` as an own enumerable property, even when it is `__proto__`. */
export const put = (target: Plain, key: string, value: unknown): void => {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
};

/**
 * A short description of any value for messages: its JSON (cut at 60
 * characters, never serialised further) when it has one, else what it is (`NaN`, `undefined`,
 * `a bigint`, `a function`, `a Date instance`). Never throws.
 */
export const describe = (value: unknown): string => {
  const type = typeof value;
  try {
    if (type === "number" || value === undefined) return String(value);
    if (type === "bigint" || type === "function" || type === "symbol") return `a ${type}`;
    if (type === "object" && !Array.isArray(value) && value !== null && !isPlain(value)) {
      return `a ${(value as { constructor?: { name?: string } }).constructor?.name || "non-plain"} instance`;
    }
    // Each value written adds a character at least: after 61 the rest is cut anyway, and
    // skipping it keeps a huge value, or one sharing objects exponentially, cheap to show.
    let left = 61;
    const text = JSON.stringify(value, (_key, item: unknown) => (left-- > 0 ? item : undefined));
    return text.length > 60 ? `${text.slice(0, 60)}…` : text;
  } catch {
    return "a value JSON cannot hold"; // a BigInt or a cycle inside, a throwing getter
  }
};

/** A JSON Pointer fragment for messages: `#/properties/a~1b/items` (a null segment, ITEMS, shows as `[]`). */
export const pointer = (path: readonly (string | number | null)[]): string =>
  path.reduce<string>(
    (text, segment) =>
      `${text}/${String(segment ?? "[]")
        .replaceAll("~", "~0")
        .replaceAll("/", "~1")}`,
    "#",
  );
