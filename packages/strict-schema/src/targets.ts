// The providers strictSchema rewrites for, as data: each target is one table
// that the one walk reads (rewrite-node.ts and the files it names). A row says
// which keywords the provider keeps, drops, describes or refuses (keywords.ts),
// how an optional property and a null are written, what an object must carry,
// whether `$ref`s stay, how recursion is handled, what an enum may hold, how a
// type is spelled, and the limits. Each rule cites the provider's page.
//
// To add a target: add its name to TargetName (types.ts), write its table
// below from the provider's documentation (start from the closest one and
// change only what the documentation says otherwise, citing the page beside
// each row), add it to TARGETS, give checkStrict an independent table for it
// (check-strict.ts: it must not import this file), and add its documented
// examples and refusals to targets.test.ts and its corpus figures to the
// corpus test. A behaviour no row can express is a new column, read in the one
// place of the walk that rule lives in, never a second walker.
import {
  annotation,
  exclusiveMaximum,
  exclusiveMinimum,
  format,
  type KeptKeyword,
  maximum,
  maxItems,
  maxLength,
  maxProperties,
  minimum,
  minItems,
  minLength,
  minProperties,
  multipleOf,
  pattern,
  propertyNames,
  propertyOrdering,
  uniqueItems,
} from "./keywords";
import { DEFAULT_LIMITS, NO_LIMITS } from "./limits";
import type { StrictLimits, TargetName } from "./types";

/** One provider's rules. */
export interface Target {
  readonly name: TargetName;
  /** The provider's name for the mode, in messages: `"strict mode"`, `"Anthropic's strict tool use"`, … */
  readonly mode: string;
  /** The keywords read with a plain value, in the order the output carries those kept. */
  readonly keywords: readonly KeptKeyword[];
  /** {@link Target.keywords} by name. */
  readonly byName: ReadonlyMap<string, KeptKeyword>;
  /** How an optional property is sent: made nullable and required (OpenAI), or left out of `required`. */
  readonly optional: "nullable" | "omitted";
  /** How "or null" is written: `"null"` in `type` (and in `enum`, or a null branch), or OpenAPI's `nullable: true`. */
  readonly nulls: "type" | "nullable";
  /**
   * What an object carries: `additionalProperties: false`, always (`closed`); what the input says, a map kept as a
   * map (`open`); or no `additionalProperties` at all (`none`: a map has no form but an encoded one).
   */
  readonly objects: "closed" | "open" | "none";
  /** Whether a `$ref` stays a `$ref` into `$defs` (`kept`) or is spelled out where it stands (`inlined`). */
  readonly refs: "kept" | "inlined";
  /** Whether a recursive `$ref` is kept (`kept`) or unrolled to `recursionDepth` and cut into JSON text. */
  readonly recursion: "kept" | "unrolled";
  /** What an enum may hold: any primitive, or strings only (numbers and booleans sent as their text). */
  readonly enums: "primitives" | "strings";
  /** Whether `const` is kept or written as a one-value `enum`. */
  readonly consts: "const" | "enum";
  /** How types are written: JSON Schema names, lists allowed; or OpenAPI's upper-case names, one per schema. */
  readonly types: "json" | "openapi";
  /** Whether a schema without a type (a free-form value) and an array without `items` are kept as they are. */
  readonly freeForm: boolean;
  /** The limits per schema; each can be overridden with `options.limits`. */
  readonly limits: StrictLimits;
  /**
   * The root rules beyond `"type": "object"` (which every target's strict form meets): the combinators the
   * provider refuses at the root even for a tool sent without strict mode (what `fitRoot` wraps).
   */
  readonly rootCombinators: readonly string[];
}

const annotations = [annotation("title"), annotation("description")];

/** A target from its table, with its keywords indexed by name. */
const table = (rows: Omit<Target, "byName">): Target => ({
  ...rows,
  byName: new Map(rows.keywords.map((rule) => [rule.name, rule])),
});

/**
 * OpenAI's strict mode: every property required (optional ones nullable), every object closed, `$ref`s and
 * recursion kept, the formats of its list, and its limits.
 * https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
 */
const OPENAI: Target = table({
  name: "openai",
  mode: "strict mode",
  keywords: [
    ...annotations,
    // https://developers.openai.com/api/docs/guides/structured-outputs#supported-properties
    format(new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]), false),
    pattern(true),
    minLength(true),
    maxLength(true),
    minItems(true),
    maxItems(true),
    minimum(true),
    exclusiveMinimum(true),
    maximum(true),
    exclusiveMaximum(true),
    multipleOf(true),
  ],
  optional: "nullable",
  nulls: "type",
  objects: "closed",
  refs: "kept",
  recursion: "kept",
  enums: "primitives",
  consts: "const",
  types: "json",
  freeForm: false,
  limits: DEFAULT_LIMITS,
  rootCombinators: [],
});

/**
 * Whether Anthropic's grammar compiler takes a `pattern`: full or partial matching, quantifiers with small counts,
 * character classes, groups; no backreferences, lookaround or word boundaries, nor `{n,m}` with large counts
 * (here: above 1000), nor anything the page does not list (Unicode property escapes, named groups).
 * https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations
 */
function simplePattern(value: unknown): boolean {
  if (typeof value !== "string") return false;
  if (/\\[1-9bBkpP]|\(\?[=!<]/.test(value)) return false;
  for (const [, low, high] of value.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    if (Number(low) > 1000 || Number(high ?? 0) > 1000) return false;
  }
  return true;
}

/**
 * Anthropic's strict tool use: optional properties stay optional (turning them into nullable unions would spend
 * the scarce union budget), every object closed, `$ref`s kept but recursion unrolled, `minItems` 0 or 1, simple
 * patterns, ten formats; numeric, length and array bounds are refused by the API, so they are described.
 * https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations and
 * https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use
 */
const ANTHROPIC: Target = table({
  name: "anthropic",
  mode: "Anthropic's strict tool use",
  keywords: [
    ...annotations,
    // "String formats: date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid"
    format(
      new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]),
      true,
    ),
    // "Pattern support (regex)": simple patterns only
    pattern(simplePattern),
    // "String constraints (minLength, maxLength)" are not supported
    minLength(false),
    maxLength(false),
    // "Array minItems (only values 0 and 1 supported)"; "Array constraints beyond minItems of 0 or 1" are not
    minItems((value) => value === 0 || value === 1),
    maxItems(false),
    uniqueItems(),
    // "Numerical constraints (minimum, maximum, multipleOf, etc.)" are not supported
    minimum(false),
    exclusiveMinimum(false),
    maximum(false),
    exclusiveMaximum(false),
    multipleOf(false),
    minProperties(),
    maxProperties(),
  ],
  optional: "omitted",
  nulls: "type",
  // "required and additionalProperties (must be set to false for objects)"
  objects: "closed",
  refs: "kept",
  // "Recursive schemas" are not supported
  recursion: "unrolled",
  // "enum (strings, numbers, bools, or nulls only - no complex types)", "const"
  enums: "primitives",
  consts: "const",
  types: "json",
  freeForm: false,
  // No per-schema limits are documented; the per-request ones (20 strict tools, 24 optional and 16 union-typed
  // parameters) are the adapter's, from each result's budget.
  limits: NO_LIMITS,
  // the API's answer, even without strict mode: "input_schema does not support oneOf, allOf, or anyOf at the top level"
  rootCombinators: ["anyOf", "oneOf", "allOf"],
});

/**
 * Gemini's `parametersJsonSchema`: JSON Schema, unsupported keywords ignored. Maps and free-form values are kept
 * (`additionalProperties` "can be a boolean or a schema"); `$ref`s are spelled out, as the API refuses a `$ref`
 * beside other keywords ("If a schema node has $ref set, then only description and default can be set alongside
 * it") and `$defs` it does not resolve ("reference to undefined schema", google-gemini/gemini-cli#13326); what it
 * ignores (lengths, patterns, other formats) is described.
 * https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support and
 * https://ai.google.dev/gemini-api/docs/function-calling
 */
const GEMINI: Target = table({
  name: "gemini",
  mode: "Gemini's JSON Schema parameters",
  keywords: [
    ...annotations,
    // "format: Specifies a syntax for the string, such as date-time, date, time"
    format(new Set(["date-time", "date", "time"]), true),
    pattern(false),
    minLength(false),
    maxLength(false),
    // "minItems", "maxItems", "minimum", "maximum"
    minItems(true),
    maxItems(true),
    uniqueItems(),
    minimum(true),
    exclusiveMinimum(false),
    maximum(true),
    exclusiveMaximum(false),
    multipleOf(false),
    minProperties(),
    maxProperties(),
    propertyNames(),
    // "propertyOrdering": the documented example of parametersJsonSchema carries one
    propertyOrdering(),
  ],
  optional: "omitted",
  // "To allow a property to be null, include "null" in the type array"
  nulls: "type",
  objects: "open",
  refs: "inlined",
  recursion: "unrolled",
  enums: "primitives",
  consts: "enum",
  types: "json",
  freeForm: true,
  // "The API may reject very large or deeply nested schemas": no numbers are documented.
  limits: NO_LIMITS,
  rootCombinators: [],
});

/**
 * Gemini's (and Vertex AI's) OpenAPI-style `parameters`: only the fields of its `Schema` (any other is a 400
 * "Unknown name … Cannot find field"): one upper-case `type`, `nullable`, `enum` of strings, `format`, bounds,
 * `pattern`, `anyOf`, `items`, `properties`, `required`, `title`, `description`; no `$ref`,
 * `additionalProperties`, `const`, type lists or `$schema`. `format` is kept only for `date-time`, the one
 * value (beside `enum`) the Gemini Developer API takes.
 * https://ai.google.dev/api/caching#Schema, googleapis/js-genai src/types.ts `Schema`,
 * https://cloud.google.com/vertex-ai/docs/reference/rest/v1/Schema, and the Firebase AI Logic SDK's
 * `SchemaInterface.format` ("this must be either 'enum' or 'date-time', otherwise requests will fail").
 */
const GEMINI_OPENAPI: Target = table({
  name: "gemini-openapi",
  mode: "Gemini's OpenAPI parameters",
  keywords: [
    ...annotations,
    format(new Set(["date-time"]), true),
    pattern(true),
    minLength(true),
    maxLength(true),
    minItems(true),
    maxItems(true),
    uniqueItems(),
    minimum(true),
    exclusiveMinimum(false),
    maximum(true),
    exclusiveMaximum(false),
    multipleOf(false),
    minProperties(),
    maxProperties(),
    propertyOrdering(),
  ],
  optional: "omitted",
  nulls: "nullable",
  objects: "none",
  refs: "inlined",
  recursion: "unrolled",
  // `enum?: string[]`
  enums: "strings",
  consts: "enum",
  types: "openapi",
  freeForm: false,
  limits: NO_LIMITS,
  rootCombinators: [],
});

/** Every target, by name. */
export const TARGETS: ReadonlyMap<unknown, Target> = new Map<unknown, Target>([
  ["openai", OPENAI],
  ["anthropic", ANTHROPIC],
  ["gemini", GEMINI],
  ["gemini-openapi", GEMINI_OPENAPI],
]);

/** The target named `name`, or OpenAI's when it is absent; `undefined` for an unknown name. */
export function targetOf(name: unknown): Target | undefined {
  return name === undefined ? OPENAI : TARGETS.get(name);
}
