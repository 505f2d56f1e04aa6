// Which JSON Schema keywords strict mode keeps, refuses or drops. Anything not
// listed here is dropped: it only narrows or annotates values, and the server
// still validates.

/**
 * Keywords kept with a plain value, in output order. Their values must be:
 * strings (0–3), non-negative integers (4–7), numbers (8–11), a positive number (12).
 */
export const SCALARS: readonly string[] = "title description format pattern minLength maxLength minItems maxItems minimum exclusiveMinimum maximum exclusiveMaximum multipleOf".split(" ");

/** The `format`s strict mode accepts; others are dropped. */
export const FORMATS: ReadonlySet<unknown> = new Set("date-time time date duration email hostname ipv4 ipv6 uuid".split(" "));

/** Keywords strict mode refuses, with what to do instead (a null-prototype record: any key is safe to look up). */
export const UNSUPPORTED: { readonly [keyword: string]: string | undefined } = Object.create(null) as Record<string, string>;
for (const [keywords, hint] of [
  ["oneOf", 'use "anyOf" if branches never overlap, or relax.oneOf'],
  ["allOf", "merge its schemas, or relax.allOf"],
  ["not if then else dependentRequired dependentSchemas dependencies contains minContains maxContains unevaluatedItems", "drop it, the server validates"],
  ["patternProperties propertyNames unevaluatedProperties", "list the properties"],
  ["prefixItems", 'use "items"'],
  ["$dynamicRef $recursiveRef", 'use "$ref"'],
] as const) {
  for (const keyword of keywords.split(" ")) (UNSUPPORTED as Record<string, string>)[keyword] = hint;
}
