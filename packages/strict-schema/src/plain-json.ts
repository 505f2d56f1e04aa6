// What counts as plain JSON data, and how to read and write it without ever
// touching a prototype (a property may be called `__proto__` or `constructor`).

/** A plain object, as JSON.parse makes it (any realm, or a null prototype). */
export type Plain = { [key: string]: unknown };

export const isPlain = (value: unknown): value is Plain => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

/** An own property, or `undefined` (never an inherited one such as `constructor`). */
export const own = (value: unknown, key: string): unknown => (isPlain(value) && Object.hasOwn(value, key) ? value[key] : undefined);

/** Sets `key` as an own enumerable property, even when it is `__proto__`. */
export const put = (target: Plain, key: string, value: unknown): void => {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
};

/** Unicode code points of a string (how OpenAI counts characters). */
export const codePoints = (text: string): number => {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
};

/** A short description of a value for error messages: its JSON (cut at 40 characters), else its kind. */
export const describe = (value: unknown): string => {
  try {
    return (typeof value === "number" ? String(value) : (JSON.stringify(value) ?? typeof value)).slice(0, 40);
  } catch {
    return typeof value; // a BigInt or a cycle
  }
};

/** A JSON Pointer fragment for messages: `#/properties/a~1b/items`. */
export const pointer = (path: readonly (string | number | null)[]): string =>
  path.reduce<string>((text, segment) => `${text}/${String(segment ?? "[]").replaceAll("~", "~0").replaceAll("/", "~1")}`, "#");
