/** What kind of value `value` is, for messages: `"null"`, `"an array"`, `"an object"`, `"a string"`, … */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  const kind = typeof value;
  return kind === "object" ? "an object" : `a ${kind}`;
}
