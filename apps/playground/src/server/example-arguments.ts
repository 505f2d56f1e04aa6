// Arguments to start the "you are the model" editor with, and the ones the
// scripted model sends: a sensible value for a tool's input schema (its
// required properties filled in, strings that read like real ones). The Tools
// view turns the example made from the schema as the server lists it into what
// the model sends with `encodeArguments` and the tool's plan, so the same
// example serves a tool sent as listed and one made strict (nulls for the
// optional properties, entries for a map, JSON text for a free-form value).
// The scripted model fills in the schema it was sent instead, with what the
// user's message gave (numbers, quoted words, dates) first.
import type { Json } from "../shared/api-types";

type Schema = { readonly [keyword: string]: unknown };

const MAX_DEPTH = 12;
/** The key of the one entry an example map gets (the form's "+ add an entry" starts with the same). */
const EXAMPLE_KEY = "key";

/** Strings by what a property is called: the part of its name after the last `_`, `-` or capital, lower case. */
const STRINGS_BY_NAME: { readonly [word: string]: string } = {
  query: "history",
  q: "history",
  search: "history",
  keywords: "history",
  city: "Lisbon",
  country: "Portugal",
  location: "Lisbon",
  street: "1 Rua Augusta",
  address: "1 Rua Augusta, Lisbon",
  email: "ada@example.com",
  url: "https://example.com/",
  uri: "https://example.com/",
  link: "https://example.com/",
  title: "Team meeting",
  name: "example",
  resource: "report-42",
  message: "Hello from the playground",
  text: "Hello from the playground",
  prompt: "Hello from the playground",
  content: "Hello from the playground",
  description: "An example made by the playground",
  path: "/tmp/example.txt",
  file: "/tmp/example.txt",
  id: "42",
  key: "team",
  value: "blue",
  label: "blue",
  tag: "blue",
  colour: "teal",
  color: "teal",
  language: "en",
  lang: "en",
  user: "ada",
  username: "ada",
  author: "ada",
  date: "2025-06-01",
  time: "09:30",
};

/** Strings by `format` (https://json-schema.org/draft/2020-12/json-schema-validation#name-defined-formats). */
const STRINGS_BY_FORMAT: { readonly [format: string]: string } = {
  date: "2025-06-01",
  "date-time": "2025-06-01T09:00:00Z",
  time: "09:00:00Z",
  email: "ada@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  "uri-reference": "https://example.com/",
  iri: "https://example.com/",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
};

/** What a user's message gave: numbers, quoted texts and dates (each used once, in order), and its words. */
export interface ArgumentHints {
  readonly numbers?: readonly number[];
  readonly texts?: readonly string[];
  readonly dates?: readonly string[];
  /** Lower-case words of the message: an enum value among them is chosen. */
  readonly words?: readonly string[];
}

/** One walk over a schema: its root, what is left of the hints, and whether a value that may be null is null. */
interface Walk {
  readonly root: Schema;
  readonly numbers: number[];
  readonly texts: string[];
  readonly dates: string[];
  readonly words: ReadonlySet<string>;
  /** The schema is as the model gets it: a property that may be null is optional, and is sent as null. */
  readonly nullWhenAllowed: boolean;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function types(schema: Schema): string[] {
  const type = schema["type"];
  return typeof type === "string"
    ? [type]
    : Array.isArray(type)
      ? type.filter((t): t is string => typeof t === "string")
      : [];
}

/** The schema a local `$ref` (`#/$defs/x`, `#/properties/a/items`, …) points to; `{}` when it points nowhere. */
function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  if (!ref.startsWith("#")) return {};
  let target: unknown = root;
  for (const part of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
    target = isSchema(target) && Object.hasOwn(target, key) ? target[key] : undefined;
  }
  return isSchema(target) ? target : {};
}

function clampNumber(schema: Schema, preferred: number, integer: boolean): number {
  const exclusiveMin = typeof schema["exclusiveMinimum"] === "number" ? schema["exclusiveMinimum"] : -Infinity;
  const exclusiveMax = typeof schema["exclusiveMaximum"] === "number" ? schema["exclusiveMaximum"] : Infinity;
  const step = integer ? 1 : 0.5;
  const min = Math.max(typeof schema["minimum"] === "number" ? schema["minimum"] : -Infinity, exclusiveMin + step);
  const max = Math.min(typeof schema["maximum"] === "number" ? schema["maximum"] : Infinity, exclusiveMax - step);
  const clamped = Math.min(max, Math.max(min, preferred));
  return integer ? Math.ceil(clamped) : clamped;
}

/** A schema that says nothing about its value's type: any JSON value. */
function isFreeForm(schema: Schema): boolean {
  return ["type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "not", "properties", "items"].every(
    (keyword) => !(keyword in schema),
  );
}

/** The last word of a property name: `start_date` → `date`, `userName` → `name`. */
function lastWord(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
  return (words.at(-1) ?? "").toLowerCase();
}

function describes(schema: Schema, pattern: RegExp): boolean {
  return typeof schema["description"] === "string" && pattern.test(schema["description"]);
}

/** A string that reads like a real one for a property called `name`. */
function exampleString(schema: Schema, name: string, walk: Walk): string {
  for (const keyword of ["examples", "default"] as const) {
    const given: unknown =
      keyword === "examples" && Array.isArray(schema[keyword]) ? schema[keyword][0] : schema[keyword];
    if (typeof given === "string" && given !== "") return given;
  }
  // A free-form value the model sends as JSON text (its description says so).
  if (describes(schema, /\bas JSON text\b/)) return "{}";
  const format = typeof schema["format"] === "string" ? schema["format"] : "";
  const isDate = format === "date" || describes(schema, /\bYYYY-MM-DD\b/);
  if (isDate) return walk.dates.shift() ?? STRINGS_BY_FORMAT["date"] ?? "";
  if (describes(schema, /\bHH:MM\b/)) return "09:30";
  const byFormat = STRINGS_BY_FORMAT[format];
  if (byFormat !== undefined) return byFormat;
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const text = walk.texts.shift() ?? STRINGS_BY_NAME[lastWord(name)] ?? ["example", ...words].join(" ");
  const minLength = typeof schema["minLength"] === "number" ? schema["minLength"] : 0;
  const maxLength = typeof schema["maxLength"] === "number" ? schema["maxLength"] : Infinity;
  return text.padEnd(minLength, "x").slice(0, maxLength);
}

function exampleNumber(schema: Schema, integer: boolean, walk: Walk): number {
  return clampNumber(schema, walk.numbers.shift() ?? 8, integer);
}

function exampleArray(schema: Schema, name: string, walk: Walk, depth: number): Json {
  const items = isSchema(schema["items"]) ? resolveRef(schema["items"], walk.root) : {};
  const itemTypes = types(items);
  const max = typeof schema["maxItems"] === "number" ? schema["maxItems"] : Infinity;
  if (itemTypes.includes("number") || itemTypes.includes("integer")) {
    // A list of numbers takes every number left of the hints, else a few of its own.
    const given = walk.numbers.splice(0, Math.min(max, walk.numbers.length));
    const integer = !itemTypes.includes("number");
    return (given.length > 0 ? given : [3, 1, 4, 1, 5]).map((value) => clampNumber(items, value, integer));
  }
  return [exampleValue(items, name, walk, depth + 1)];
}

function exampleValue(input: Schema, name: string, walk: Walk, depth: number): Json {
  const schema = resolveRef(input, walk.root);
  if (depth > MAX_DEPTH) return null;
  if ("const" in schema) return schema["const"] as Json;
  const enumValues: unknown = schema["enum"];
  if (Array.isArray(enumValues)) {
    if (walk.nullWhenAllowed && enumValues.includes(null)) return null;
    const values = enumValues as Json[];
    const named = values.find((value) => typeof value === "string" && walk.words.has(value.toLowerCase()));
    return named ?? values.find((value) => value !== null) ?? null;
  }
  for (const combinator of ["anyOf", "oneOf"] as const) {
    const branches: unknown = schema[combinator];
    if (Array.isArray(branches)) {
      const isNull = (candidate: unknown): boolean =>
        isSchema(candidate) && types(candidate).length === 1 && types(candidate)[0] === "null";
      if (walk.nullWhenAllowed && (branches as unknown[]).some(isNull)) return null;
      const branch = (branches as unknown[]).find((candidate) => isSchema(candidate) && !isNull(candidate));
      return isSchema(branch) ? exampleValue(branch, name, walk, depth + 1) : null;
    }
  }
  // Any JSON value: an empty object says so best (and reads as JSON text, `"{}"`, once encoded).
  if (isFreeForm(schema)) return {};
  if (walk.nullWhenAllowed && types(schema).includes("null")) return null;
  const typeList = types(schema).filter((type) => type !== "null");
  const type = typeList[0] ?? (isSchema(schema["properties"]) ? "object" : "unknown");
  switch (type) {
    case "object":
      return exampleObject(schema, walk, depth);
    case "array":
      return exampleArray(schema, name, walk, depth);
    case "string":
      return exampleString(schema, name, walk);
    case "integer":
      return exampleNumber(schema, true, walk);
    case "number":
      return exampleNumber(schema, false, walk);
    case "boolean":
      return false;
    default:
      return null;
  }
}

/** Defines `key` even when it is `__proto__`: it is plain data here. */
function put(object: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function exampleObject(schema: Schema, walk: Walk, depth: number): Json {
  const properties = isSchema(schema["properties"]) ? schema["properties"] : {};
  const required = Array.isArray(schema["required"]) ? schema["required"] : [];
  const result: { [key: string]: Json } = {};
  for (const [name, property] of Object.entries(properties)) {
    if (isSchema(property) && required.includes(name)) put(result, name, exampleValue(property, name, walk, depth + 1));
  }
  // A map whose values have a schema (labels, headers): one entry shows its form (a list of entries, once encoded).
  const values = schema["additionalProperties"];
  if (Object.keys(properties).length === 0 && isSchema(values) && !isFreeForm(values))
    put(result, EXAMPLE_KEY, exampleValue(values, "value", walk, depth + 1));
  return result;
}

function walkOf(root: Schema, hints: ArgumentHints, nullWhenAllowed: boolean): Walk {
  return {
    root,
    numbers: [...(hints.numbers ?? [])],
    texts: [...(hints.texts ?? [])],
    dates: [...(hints.dates ?? [])],
    words: new Set(hints.words ?? []),
    nullWhenAllowed,
  };
}

/**
 * Example arguments for a tool whose input schema (as the server lists it) is
 * `inputSchema`: its required properties filled in, recursively (a map gets
 * one entry, a free-form value `{}`), with strings that read like real ones
 * (from the schema's examples, its format, a hint in the description, or the
 * property's name). Pass it through `encodeArguments` with the tool's plan to
 * get what a model sends.
 *
 * @param inputSchema - the tool's `inputSchema`
 * @returns a value of that schema's shape
 * @example
 * ```ts
 * exampleArguments({
 *   type: "object",
 *   properties: {
 *     query: { type: "string" },
 *     n: { type: "integer" },
 *     labels: { type: "object", additionalProperties: { type: "string" } },
 *   },
 *   required: ["query", "labels"],
 * });
 * // { query: "history", labels: { key: "blue" } }
 * ```
 */
export function exampleArguments(inputSchema: unknown): Json {
  return isSchema(inputSchema) ? exampleObject(inputSchema, walkOf(inputSchema, {}, false), 0) : {};
}

/**
 * The arguments a model writes for a tool it was offered with `parameters`
 * (the schema in the request, strict or as listed): every required property
 * filled in, `null` where the schema allows it (strict mode's way to leave an
 * optional property out), with the `hints` of the user's message used first
 * (numbers and dates in order, quoted texts for the first strings, an enum
 * value the message names).
 *
 * @param parameters - the `parameters` of the function tool as sent
 * @param hints - what the user's message gave
 * @example
 * ```ts
 * modelArguments(
 *   {
 *     type: "object",
 *     properties: { dividend: { type: "number" }, divisor: { type: "number" } },
 *     required: ["dividend", "divisor"],
 *     additionalProperties: false,
 *   },
 *   { numbers: [84, 2] },
 * );
 * // { dividend: 84, divisor: 2 }
 * ```
 */
export function modelArguments(parameters: unknown, hints: ArgumentHints = {}): Json {
  return isSchema(parameters) ? exampleObject(parameters, walkOf(parameters, hints, true), 0) : {};
}
