// The request target as the playground reads it. Only a path is served: a
// target of another form (`*`, `http://host/…`) or one starting with `//`
// (which URL parsing takes for a host: `//[`, `//@`, `//%` do not even parse)
// is refused before anything else looks at the request.

/**
 * The target as a URL on 127.0.0.1, or `undefined` when it is not a path
 * starting with exactly one `/` or does not parse.
 *
 * @param target - `request.url`
 * @returns the URL, for its `pathname` and `searchParams`
 * @example
 * ```ts
 * parseRequestTarget("/api/tools?strict=auto")?.pathname; // "/api/tools"
 * parseRequestTarget("//"); // undefined
 * ```
 */
export function parseRequestTarget(target: string | undefined): URL | undefined {
  if (target === undefined || !target.startsWith("/") || target.startsWith("//")) return undefined;
  try {
    return new URL(target, "http://127.0.0.1");
  } catch {
    return undefined;
  }
}
