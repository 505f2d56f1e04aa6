/** What kind of value `value` is, for messages: `"null"`, `"an array"`, `"an object"`, `"a string"`, … */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  const kind = typeof value;
  return kind === "object" ? "an object" : `a ${kind}`;
}

/**
 * `value` as a message shows a caller's option: a string, number or boolean as written (a long string cut at
 * 60 characters), anything else as {@link describeValue} says it. Never throws.
 */
export function showValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return describeValue(value);
}
