/**
 * Whether two JSON values are equal: same types, same array items in order,
 * same object keys (in any order) with equal values. Iterative, so a value
 * nested deeper than the call stack compares too.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const pairs: [unknown, unknown][] = [[a, b]];
  while (pairs.length > 0) {
    const [x, y] = pairs.pop()!;
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const xKeys = Object.keys(x);
    const yRecord = y as { readonly [key: string]: unknown };
    if (xKeys.length !== Object.keys(y).length) return false;
    for (const key of xKeys) {
      if (!Object.hasOwn(y, key)) return false;
      pairs.push([(x as { readonly [key: string]: unknown })[key], yRecord[key]]);
    }
  }
  return true;
}
