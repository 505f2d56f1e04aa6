// Which JSON Schema keywords strict mode keeps, refuses or drops. A keyword
// named nowhere here (and not structural: `type`, `properties`, `anyOf`, …) is
// dropped: it only narrows or annotates values, and the server still validates.

/** What to do with a kept keyword's value: keep it, drop it quietly, or refuse the schema. */
export type Verdict = "keep" | "drop" | "refuse";

/** A keyword strict mode keeps with a plain value (`minLength: 3`), and which values it keeps. */
export interface KeptKeyword {
  readonly name: string;
  /** Whether the keyword annotates (`title`, `description`): it stays on an `anyOf` and on a nullable wrapper. */
  readonly annotation: boolean;
  /** What a refused value should have been, for the message. */
  readonly expected: string;
  readonly verdict: (value: unknown) => Verdict;
}

/** The `format`s strict mode accepts; others are dropped. */
export const FORMATS: ReadonlySet<unknown> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

// A title or description of the wrong type only informs the model: it is dropped, never costs the tool.
const annotation = (name: string): KeptKeyword => ({
  name,
  annotation: true,
  expected: "a string",
  verdict: (value) => (typeof value === "string" ? "keep" : "drop"),
});

const nonNegativeInteger = (name: string): KeptKeyword => ({
  name,
  annotation: false,
  expected: "a non-negative integer",
  verdict: (value) => (Number.isSafeInteger(value) && (value as number) >= 0 ? "keep" : "refuse"),
});

const bound = (name: string): KeptKeyword => ({
  name,
  annotation: false,
  expected: "a number",
  verdict: (value) => (Number.isFinite(value) ? "keep" : "refuse"),
});

// Draft 04 wrote `exclusiveMinimum: true` beside `minimum`; such a boolean is dropped.
const exclusiveBound = (name: string): KeptKeyword => ({
  name,
  annotation: false,
  expected: "a number",
  verdict: (value) => (Number.isFinite(value) ? "keep" : typeof value === "boolean" ? "drop" : "refuse"),
});

/** The keywords kept with a plain value, in the order the output carries them. */
export const KEPT_KEYWORDS: readonly KeptKeyword[] = [
  annotation("title"),
  annotation("description"),
  {
    name: "format",
    annotation: false,
    expected: "a string",
    verdict: (value) => (typeof value !== "string" ? "refuse" : FORMATS.has(value) ? "keep" : "drop"),
  },
  {
    name: "pattern",
    annotation: false,
    expected: "a string",
    verdict: (value) => (typeof value === "string" ? "keep" : "refuse"),
  },
  nonNegativeInteger("minLength"),
  nonNegativeInteger("maxLength"),
  nonNegativeInteger("minItems"),
  nonNegativeInteger("maxItems"),
  bound("minimum"),
  exclusiveBound("exclusiveMinimum"),
  bound("maximum"),
  exclusiveBound("exclusiveMaximum"),
  {
    name: "multipleOf",
    annotation: false,
    expected: "a number above 0",
    verdict: (value) => (Number.isFinite(value) && (value as number) > 0 ? "keep" : "refuse"),
  },
];

/** Sorts kept keywords in the order the output carries them (that of {@link KEPT_KEYWORDS}). */
export const inOutputOrder = (a: KeptKeyword, b: KeptKeyword): number =>
  KEPT_KEYWORDS.indexOf(a) - KEPT_KEYWORDS.indexOf(b);

/** {@link KEPT_KEYWORDS} by name. */
export const KEPT_BY_NAME: ReadonlyMap<string, KeptKeyword> = new Map(KEPT_KEYWORDS.map((rule) => [rule.name, rule]));

const REMOVE = "remove it (the server still validates)";
const LIST_PROPERTIES = "list the properties";

/** Keywords strict mode refuses, with what to do instead. */
export const UNSUPPORTED: ReadonlyMap<string, string> = new Map([
  ["oneOf", 'use "anyOf" if the branches never overlap, or relax.oneOf'],
  ["allOf", "merge its schemas into one, or relax.allOf"],
  ["not", REMOVE],
  ["if", REMOVE],
  ["then", REMOVE],
  ["else", REMOVE],
  ["dependentRequired", REMOVE],
  ["dependentSchemas", REMOVE],
  ["dependencies", REMOVE],
  ["contains", REMOVE],
  ["minContains", REMOVE],
  ["maxContains", REMOVE],
  ["unevaluatedItems", REMOVE],
  ["patternProperties", LIST_PROPERTIES],
  ["propertyNames", LIST_PROPERTIES],
  ["unevaluatedProperties", LIST_PROPERTIES],
  ["prefixItems", 'use one "items" schema'],
  ["$dynamicRef", 'use "$ref"'],
  ["$recursiveRef", 'use "$ref"'],
]);

/** The type names strict mode knows. */
export const TYPE_NAMES: readonly string[] = ["string", "number", "integer", "boolean", "object", "array", "null"];
