// Which JSON Schema keywords strict mode keeps, refuses or drops. Anything not
// listed here is dropped: it only narrows or annotates values, and the server
// still validates. (/* @__PURE__ */ marks the tables as side-effect free, so that
// a bundle with checkStrict alone drops them.)

/**
 * Keywords kept with a plain value, in output order. Their values must be:
 * strings (0–3), non-negative integers (4–7), numbers (8–11), a positive number (12).
 */
export const SCALARS: readonly string[] = /* @__PURE__ */ "title description format pattern minLength maxLength minItems maxItems minimum exclusiveMinimum maximum exclusiveMaximum multipleOf".split(" ");

/** The `format`s strict mode accepts; others are dropped. */
export const FORMATS: ReadonlySet<unknown> = /* @__PURE__ */ new Set("date-time time date duration email hostname ipv4 ipv6 uuid".split(" "));

/** Keywords strict mode refuses, with what to do instead. */
export const UNSUPPORTED: ReadonlyMap<string, string> = /* @__PURE__ */ new Map(
  /* @__PURE__ */ [
    ["oneOf", 'use "anyOf" if the branches never overlap, or relax.oneOf'],
    ["allOf", "merge its schemas into one, or relax.allOf"],
    ["not if then else dependentRequired dependentSchemas dependencies contains minContains maxContains unevaluatedItems", "remove it (the server still validates)"],
    ["patternProperties propertyNames unevaluatedProperties", "list the properties"],
    ["prefixItems", 'use one "items" schema'],
    ["$dynamicRef $recursiveRef", 'use "$ref"'],
  ].flatMap(([keywords, hint]) => (keywords as string).split(" ").map((keyword) => [keyword, hint as string] as const)),
);
