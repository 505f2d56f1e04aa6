// The rules a target applies to a keyword with a plain value (`minLength: 3`):
// keep it, drop it quietly, describe it in the description, or refuse the
// schema; the constructors the target tables (targets.ts) are built from, and
// the keywords every target refuses. A keyword named nowhere (and not
// structural: `type`, `properties`, `anyOf`, …) is dropped: it only narrows or
// annotates values, and the server still validates.

/**
 * What to do with a keyword's value: keep it, drop it quietly, drop it and write it into the description in plain
 * words, or refuse the schema.
 */
export type Verdict = "keep" | "drop" | "describe" | "refuse";

/** A keyword a target reads with a plain value, and what it does with each value. */
export interface KeptKeyword {
  readonly name: string;
  /** Whether the keyword annotates (`title`, `description`): it stays on an `anyOf` and on a nullable wrapper. */
  readonly annotation: boolean;
  /** What a refused value should have been, for the message. */
  readonly expected: string;
  readonly verdict: (value: unknown) => Verdict;
  /** The plain words for a described value (`"at least 1"`). */
  readonly words: (value: unknown) => string;
  /** The types the keyword constrains (a list of types split into `anyOf` branches gives it to those). */
  readonly types?: readonly string[];
}

const STRINGS = ["string"];
const NUMBERS = ["number", "integer"];
const ARRAYS = ["array"];
const OBJECTS = ["object"];

/** How a keyword's value reads when it is described, with a plural for counts (`1 item`, `2 items`). */
const count = (noun: string) => (value: unknown) => `${String(value)} ${noun}${value === 1 ? "" : "s"}`;

/** Format names in plain words; others read `in the "x" format`. */
const FORMAT_WORDS: ReadonlyMap<unknown, string> = new Map([
  ["date-time", "a date and time (RFC 3339)"],
  ["date", "a date (YYYY-MM-DD)"],
  ["time", "a time of day (RFC 3339)"],
  ["duration", "an ISO 8601 duration"],
  ["email", "an email address"],
  ["hostname", "a host name"],
  ["ipv4", "an IPv4 address"],
  ["ipv6", "an IPv6 address"],
  ["uuid", "a UUID"],
  ["uri", "a URI"],
  ["uri-reference", "a URI reference"],
  ["url", "a URL"],
]);

const formatWords = (value: unknown): string => FORMAT_WORDS.get(value) ?? `in the ${JSON.stringify(value)} format`;

/** `title` or `description`: one of the wrong type only informs the model, so it is dropped, never costs the tool. */
export const annotation = (name: string): KeptKeyword => ({
  name,
  annotation: true,
  expected: "a string",
  verdict: (value) => (typeof value === "string" ? "keep" : "drop"),
  words: String,
});

/**
 * A keyword whose value must pass `valid` (else the schema is refused), then is kept when `kept` says so and
 * described otherwise; `kept` false describes every valid value, true keeps them all.
 */
// eslint-disable-next-line max-params -- a table row: the keyword, its check, its policy, its words, its types.
function rule(
  name: string,
  [valid, expected]: readonly [(value: unknown) => boolean, string],
  kept: boolean | ((value: unknown) => boolean),
  words: (value: unknown) => string,
  types?: readonly string[],
): KeptKeyword {
  // (a closure for each policy: the common rows, kept or described whatever the value, make one call, not two)
  const verdict: (value: unknown) => Verdict =
    kept === true
      ? (value) => (valid(value) ? "keep" : "refuse")
      : kept === false
        ? (value) => (valid(value) ? "describe" : "refuse")
        : (value) => (!valid(value) ? "refuse" : kept(value) ? "keep" : "describe");
  return { name, annotation: false, expected, verdict, words, ...(types === undefined ? {} : { types }) };
}

const NON_NEGATIVE = [
  (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0,
  "a non-negative integer",
] as const;
const NUMBER = [Number.isFinite, "a number"] as const;
const POSITIVE = [(value: unknown) => Number.isFinite(value) && (value as number) > 0, "a number above 0"] as const;
const STRING = [(value: unknown) => typeof value === "string", "a string"] as const;
const BOOLEAN = [(value: unknown) => typeof value === "boolean", "true or false"] as const;

/** How a target treats each constraint keyword: kept (`true`), described (`false`), or as a test of the value. */
export type KeywordPolicy = boolean | ((value: unknown) => boolean);

export const minLength = (kept: KeywordPolicy): KeptKeyword =>
  rule("minLength", NON_NEGATIVE, kept, (value) => `at least ${count("character")(value)}`, STRINGS);
export const maxLength = (kept: KeywordPolicy): KeptKeyword =>
  rule("maxLength", NON_NEGATIVE, kept, (value) => `at most ${count("character")(value)}`, STRINGS);
export const minItems = (kept: KeywordPolicy): KeptKeyword =>
  rule("minItems", NON_NEGATIVE, kept, (value) => `at least ${count("item")(value)}`, ARRAYS);
export const maxItems = (kept: KeywordPolicy): KeptKeyword =>
  rule("maxItems", NON_NEGATIVE, kept, (value) => `at most ${count("item")(value)}`, ARRAYS);
export const minimum = (kept: KeywordPolicy): KeptKeyword =>
  rule("minimum", NUMBER, kept, (value) => `at least ${String(value)}`, NUMBERS);
export const maximum = (kept: KeywordPolicy): KeptKeyword =>
  rule("maximum", NUMBER, kept, (value) => `at most ${String(value)}`, NUMBERS);
export const multipleOf = (kept: KeywordPolicy): KeptKeyword =>
  rule("multipleOf", POSITIVE, kept, (value) => `a multiple of ${String(value)}`, NUMBERS);
export const pattern = (kept: KeywordPolicy): KeptKeyword =>
  rule("pattern", STRING, kept, (value) => `matching the regular expression ${String(value)}`, STRINGS);
export const uniqueItems = (): KeptKeyword => {
  const described = rule("uniqueItems", BOOLEAN, false, () => "no item twice", ARRAYS);
  // (`false` says nothing)
  return { ...described, verdict: (value) => (value === false ? "drop" : described.verdict(value)) };
};
export const minProperties = (): KeptKeyword =>
  rule("minProperties", NON_NEGATIVE, false, (value) => `at least ${count("property")(value)}`, OBJECTS);
export const maxProperties = (): KeptKeyword =>
  rule("maxProperties", NON_NEGATIVE, false, (value) => `at most ${count("property")(value)}`, OBJECTS);

/** Draft 04 wrote `exclusiveMinimum: true` beside `minimum`; such a boolean is dropped. */
const exclusive = (name: string, words: string, kept: KeywordPolicy): KeptKeyword => {
  const number = rule(name, NUMBER, kept, (value) => `${words} ${String(value)}`, NUMBERS);
  return { ...number, verdict: (value) => (typeof value === "boolean" ? "drop" : number.verdict(value)) };
};
export const exclusiveMinimum = (kept: KeywordPolicy): KeptKeyword => exclusive("exclusiveMinimum", "more than", kept);
export const exclusiveMaximum = (kept: KeywordPolicy): KeptKeyword => exclusive("exclusiveMaximum", "less than", kept);

/**
 * `format`: kept when the target knows it; otherwise described (`describe`) or dropped, as OpenAI's strict mode
 * always has.
 */
export const format = (known: ReadonlySet<unknown>, describe: boolean): KeptKeyword => ({
  ...rule("format", STRING, (value) => known.has(value), formatWords, STRINGS),
  verdict: (value) =>
    typeof value !== "string" ? "refuse" : known.has(value) ? "keep" : describe ? "describe" : "drop",
});

/** `propertyOrdering` (Gemini): the order to write properties in, kept when it is a list of names. */
export const propertyOrdering = (): KeptKeyword => ({
  name: "propertyOrdering",
  annotation: false,
  expected: "a list of names",
  verdict: (value) => (Array.isArray(value) && value.every((name) => typeof name === "string") ? "keep" : "drop"),
  words: String,
  types: OBJECTS,
});

/** What property names may say, in plain words (`propertyNames` beside a map a target keeps as one). */
const NAME_WORDS: ReadonlyMap<string, (value: unknown) => string> = new Map([
  ["pattern", (value: unknown) => `matching the regular expression ${String(value)}`],
  ["minLength", (value: unknown) => `at least ${count("character")(value)}`],
  ["maxLength", (value: unknown) => `at most ${count("character")(value)}`],
  ["format", formatWords],
  ["enum", (value: unknown) => `one of ${(value as unknown[]).map((name) => JSON.stringify(name)).join(", ")}`],
]);

const isPlainObject = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The keys of a `propertyNames` schema that say something of the names (beside `type: "string"` and annotations). */
const nameKeys = (value: { readonly [key: string]: unknown }): string[] =>
  Object.keys(value).filter((key) => key !== "description" && key !== "title" && key !== "type");

/**
 * `propertyNames` beside a map a target keeps as a map: dropped when it says only that names are strings (which
 * they always are), described when it gives a pattern, lengths, a format or an enum, refused otherwise.
 */
export const propertyNames = (): KeptKeyword => ({
  name: "propertyNames",
  annotation: false,
  expected: "a string schema with a pattern, lengths, a format or an enum",
  verdict: (value) => {
    if (!isPlainObject(value) || (value.type !== undefined && value.type !== "string")) return "refuse";
    const keys = nameKeys(value);
    if (keys.length === 0) return "drop";
    return keys.every((key) => NAME_WORDS.has(key)) && (value.enum === undefined || Array.isArray(value.enum))
      ? "describe"
      : "refuse";
  },
  words: (value) => {
    const names = value as { readonly [key: string]: unknown };
    const said = nameKeys(names).map((key) => (NAME_WORDS.get(key) as (value: unknown) => string)(names[key]));
    return `property names ${said.join(" and ")}`;
  },
});

const REMOVE = "remove it (the server still validates)";
const LIST_PROPERTIES = "list the properties";

/** Keywords every target refuses, with what to do instead. */
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

/** The type names JSON Schema knows. */
export const TYPE_NAMES: readonly string[] = ["string", "number", "integer", "boolean", "object", "array", "null"];
