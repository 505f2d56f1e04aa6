// An independent oracle for OpenAI's strict mode. It shares no rule code with the
// rewriter (strict-schema.ts and friends) on purpose: the rewriter's tests run
// every output through it, so a rule misread in one place is caught by the
// other. Only the contract types and OpenAI's numbers (DEFAULT_LIMITS, which
// the boundary tests pin independently) are shared. Written for size as well as
// clarity (closures and word lists minify well): it ships in the main entry.
import { DEFAULT_LIMITS } from "./limits";
import type { SchemaPath, StrictError, StrictLimits } from "./types";

/** Options of {@link checkStrict}. */
export interface CheckStrictOptions {
  /** Overrides of OpenAI's limits (the same names and defaults as `strictSchema`'s). */
  readonly limits?: Partial<StrictLimits>;
}

// Guards of the checker itself, so that hostile input gives reasons instead of
// a hang; OpenAI refuses such schemas long before these numbers.
/** Schema path segments (≈ levels of JSON nesting) beyond which the checker stops descending. */
const MAX_PATH_LENGTH = 1000;
/** Schema nodes visited (a shared sub-object counts at each use) before the checker gives up. */
const MAX_NODES = 1_000_000;
/** Reasons returned at most; more would repeat the same fixes. */
const MAX_REASONS = 1000;

const words = (text: string): string[] => text.split(" ");

const TYPES = words("string number integer boolean object array null");
const FORMATS = words("date-time time date duration email hostname ipv4 ipv6 uuid");
const DEFINITIONS = words("$defs definitions");
/** Every keyword strict mode accepts (`$defs` / `definitions`: at the root only). */
const SUPPORTED = new Set(
  words(
    "type properties required additionalProperties items enum const anyOf $ref description title pattern minLength maxLength multipleOf minimum maximum exclusiveMinimum exclusiveMaximum minItems maxItems format",
  ).concat(DEFINITIONS),
);

/** What to do instead of each keyword strict mode refuses outright (the seed's list). */
const HINTS = new Map<string, string>();
for (const [keywords, hint] of [
  ["allOf", "merge the schemas into one"],
  ["oneOf", 'use "anyOf" when the branches can never both match'],
  [
    "not if then else dependentRequired dependentSchemas dependencies contains minContains maxContains",
    "state the rule in the description and let the server validate",
  ],
  ["patternProperties propertyNames", "list the properties, or accept a JSON-encoded string"],
  ["unevaluatedProperties", 'use "additionalProperties": false and list every property'],
  ["unevaluatedItems prefixItems", 'describe every element with one "items" schema'],
  ["$dynamicRef $recursiveRef", 'use a local "$ref" such as "#/$defs/<name>"'],
] as const) {
  for (const keyword of words(keywords)) HINTS.set(keyword, hint);
}

const isString = (value: unknown): value is string => typeof value === "string";
const isList = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > 0;

/** What the value of each supported keyword must be. */
const VALUES = new Map<string, readonly [test: (value: unknown) => boolean, expected: string]>();
for (const [keywords, test, expected] of [
  ["description title pattern", isString, "a string"],
  ["minLength maxLength minItems maxItems", (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0, "a non-negative integer"],
  ["minimum maximum exclusiveMinimum exclusiveMaximum", Number.isFinite, "a number"],
  ["multipleOf", (value: unknown) => Number.isFinite(value) && (value as number) > 0, "a number above 0"],
  ["format", (value: unknown) => FORMATS.includes(value as string), `one of ${FORMATS.join(", ")} (no other format is supported)`],
  ["properties", (value: unknown) => isJsonObject(value), "an object mapping names to schemas"],
  ["required", (value: unknown) => Array.isArray(value) && value.every(isString), "a list of property names"],
  ["anyOf", isList, "a non-empty list of schemas"],
  ["enum", isList, "a non-empty list of values"],
] as const) {
  for (const keyword of words(keywords)) VALUES.set(keyword, [test, expected]);
}

type JsonRecord = { readonly [key: string]: unknown };
type Segment = string | number;

/** A schema node waiting to be checked; its path is rebuilt from `parent` only when reported. */
interface Frame {
  readonly value: unknown;
  readonly parent: Frame | undefined;
  /** The segments leading from the parent's location to this one. */
  readonly step: readonly Segment[];
  /** Path length, kept to bound the nesting the checker follows. */
  readonly length: number;
  /** Object levels above this node (the root object is level 1). */
  readonly level: number;
}

/**
 * Lists every reason OpenAI's strict mode (`"strict": true` function tools,
 * structured outputs) would refuse `schema`, or `[]` when it is acceptable.
 *
 * Checked: the root is `"type": "object"` and not `anyOf`; every object has
 * `additionalProperties: false`, `properties`, and `required` naming exactly
 * its properties; only supported keywords (`$defs`/`definitions` at the root
 * only, `format` from OpenAI's list, nothing beside a `$ref`) with valid
 * values; every node has `type`, `enum`, `const`, `anyOf` or `$ref`; an array
 * has one `items` schema; `enum` and `const` values fit the `type`; a `$ref`
 * is `#`, `#/$defs/<name>` or `#/definitions/<name>` and resolves; and the
 * limits `max_properties`, `max_depth`, `max_chars` (counted in code points),
 * `max_enum_values` and `max_enum_chars`.
 *
 * It never throws: cycles in the object graph, non-JSON values and absurd
 * nesting are reasons like any other. It returns at most 1000 reasons, stops
 * descending at 1000 path segments (`max_depth`) and after a million nodes
 * (`max_nodes`). It is written independently of `strictSchema`, whose output
 * it is meant to check.
 *
 * @param schema - A function tool's `parameters` schema, as it would be sent.
 * @param options - `limits`: overrides of OpenAI's numbers.
 * @returns The reasons, in document order: where (`path`), what (`keyword`), and what to do (`message`).
 *
 * @example
 * ```ts
 * import { checkStrict } from "@x/strict-schema";
 *
 * const reasons = checkStrict({ type: "object", properties: { q: { type: "string" } } });
 * // [{ path: [], keyword: "additionalProperties", message: 'At #: an object needs "additionalProperties": false …' },
 * //  { path: [], keyword: "required", message: 'At #: an object needs "required" listing every property ("q") …' }]
 * for (const { keyword, message } of reasons) console.log(keyword, message);
 * ```
 */
export function checkStrict(schema: unknown, options?: CheckStrictOptions): StrictError[] {
  const limits = readLimits(options);
  const reasons: StrictError[] = [];
  const reportedOnce = new Set<string>();
  /** Objects on the path from the root to the current node: meeting one again is a cycle. */
  const ancestors = new Set<object>();
  let nodes = 0;
  let properties = 0;
  let chars = 0;
  let enumValues = 0;

  const report = (path: SchemaPath, keyword: string, text: string): void => {
    if (reasons.length < MAX_REASONS) reasons.push({ path, keyword, message: `At ${pointer(path)}: ${text}` });
  };
  const reportOnce = (path: SchemaPath, keyword: string, text: string): void => {
    if (!reportedOnce.has(keyword)) report(path, keyword, text);
    reportedOnce.add(keyword);
  };
  const countChars = (count: number, where: () => SchemaPath, what: string): void => {
    chars += count;
    if (chars > limits.maxChars) {
      reportOnce(where(), "max_chars", `with this ${what}, property names, definition names, enum values and string consts reach ${chars} characters; strict mode allows ${limits.maxChars}. Shorten them, or split the tool.`);
    }
  };

  const visit = (frame: Frame, stack: (Frame | { leave: object })[], root: JsonRecord): void => {
    const node = frame.value;
    const here = (...tail: Segment[]): Segment[] => pathOf(frame, tail);
    const via = typeof frame.step[0] === "string" ? frame.step[0] : "type";
    if (++nodes > MAX_NODES) {
      return report(here(), "max_nodes", `the schema expands to more than ${MAX_NODES} nodes (a shared sub-schema counts at each use); shrink it.`);
    }
    if (typeof node === "object" && node !== null && ancestors.has(node)) {
      return report(here(), via, 'this object contains itself (a cycle), which JSON cannot represent; write recursion as "$ref": "#/$defs/<name>".');
    }
    if (!isJsonObject(node)) {
      return report(here(), via, typeof node === "boolean" ? 'boolean schemas are not supported in strict mode; write an object schema with a "type".' : `expected a schema object, found ${show(node)}.`);
    }
    if (frame.length > MAX_PATH_LENGTH) {
      return report(here(), "max_depth", `the schema is nested more than ${MAX_PATH_LENGTH} levels deep; strict mode allows ${limits.maxDepth} levels of objects. Flatten it.`);
    }
    ancestors.add(node);
    stack.push({ leave: node });
    const isRoot = frame.parent === undefined;
    const keys = Object.keys(node);

    for (const key of keys) {
      const value = node[key];
      if (!SUPPORTED.has(key)) {
        const hint = HINTS.get(key);
        report(here(), key, hint === undefined ? `"${key}" is not permitted in strict mode; remove it (the server still validates).` : `"${key}" is not supported in strict mode; ${hint}.`);
      } else if (DEFINITIONS.includes(key) && !isRoot) {
        report(here(), key, `"${key}" is allowed only at the root in strict mode; move these definitions there.`);
      } else {
        const rule = DEFINITIONS.includes(key) ? ([isJsonObject, "an object mapping names to schemas"] as const) : VALUES.get(key);
        if (rule !== undefined && !rule[0](value)) report(here(key), key, `"${key}" must be ${rule[1]}; found ${show(value)}. Fix or remove it.`);
      }
    }

    const type = own(node, "type");
    const names = type === undefined ? undefined : Array.isArray(type) ? (type as unknown[]) : [type];
    const types = names?.filter((name): name is string => TYPES.includes(name as string));
    if (isRoot) {
      if (type !== "object") {
        report([], "type", `the root schema must have "type": "object" (found ${type === undefined ? "none" : show(type)}); function parameters are always an object. Put other values inside a property.`);
      }
      if (own(node, "anyOf") !== undefined) {
        report([], "anyOf", 'the root schema must not be "anyOf"; strict mode needs one object at the root. Move the alternatives into a property.');
      }
    } else if (names !== undefined && (types?.length !== names.length || names.length === 0 || new Set(names).size < names.length)) {
      report(here("type"), "type", `"type" must be one of ${TYPES.join(", ")}, or a non-empty list of them without repeats; found ${show(type)}.`);
    }

    const ref = own(node, "$ref");
    if (ref !== undefined) {
      if (keys.length > 1) {
        report(here("$ref"), "$ref", `"$ref" cannot have sibling keywords in strict mode (found ${quote(keys.filter((key) => key !== "$ref"))}); move them into the definition, or use "anyOf": [{"$ref": …}, …].`);
      }
      const problem = refProblem(ref, root);
      if (problem !== undefined) report(here("$ref"), "$ref", problem);
    } else if (!isRoot && type === undefined && !["enum", "const", "anyOf"].some((key) => Object.hasOwn(node, key))) {
      report(here(), "type", 'a schema needs "type" in strict mode (or "enum", "const", "anyOf", "$ref"); add the type of the value.');
    }

    const fitsType = (value: unknown): boolean => types === undefined || types.length === 0 || types.some((name) => fits(value, name));
    const values = own(node, "enum");
    if (isList(values)) {
      const where = here("enum");
      let stringChars = 0;
      const misfits: number[] = [];
      for (let index = 0; index < values.length; index += 1) {
        const value = values[index];
        const problem = nonJson(value);
        if (problem !== undefined) {
          report([...where, index], "enum", `enum value ${index} is not JSON data (${problem}); use strings, numbers, booleans or null.`);
        } else if (!fitsType(value)) {
          misfits.push(index);
        } else if (typeof value === "string") {
          const count = codePoints(value);
          stringChars += count;
          countChars(count, () => [...where, index], "enum value");
        }
      }
      const first = misfits[0];
      if (first !== undefined) {
        const what = misfits.length === 1 ? "enum value" : `${misfits.length} enum values, the first`;
        report([...where, first], "enum", `${what} ${show(values[first])} (index ${first}) is not of "type" ${show(type)}; add its type ("null" for null) to "type", or remove it.`);
      }
      enumValues += values.length;
      if (enumValues > limits.maxEnumValues) {
        reportOnce(where, "max_enum_values", `with this enum the schema holds ${enumValues} enum values; strict mode allows ${limits.maxEnumValues} in total. Shorten the enums, or accept a plain string.`);
      }
      if (values.length > limits.largeEnumSize && stringChars > limits.maxEnumChars) {
        report(where, "max_enum_chars", `this enum has ${values.length} values (more than ${limits.largeEnumSize}) holding ${stringChars} characters; strict mode allows ${limits.maxEnumChars} for an enum that large. Shorten it, or accept a plain string.`);
      }
    }
    if (Object.hasOwn(node, "const")) {
      const value = node.const;
      const problem = nonJson(value);
      if (problem !== undefined) {
        report(here("const"), "const", `"const" is not JSON data (${problem}); use a string, number, boolean or null.`);
      } else if (!fitsType(value)) {
        report(here("const"), "const", `"const" ${show(value)} is not of "type" ${show(type)}; make them agree.`);
      } else if (typeof value === "string") {
        countChars(codePoints(value), () => here("const"), "string const");
      }
    }

    let level = frame.level;
    const props = own(node, "properties");
    if (types?.includes("object") === true) {
      level += 1;
      if (level > limits.maxDepth) {
        return report(here(), "max_depth", `objects are nested ${level} levels deep here; strict mode allows ${limits.maxDepth} (the root object is level 1). Flatten the schema, or take the deep part as a JSON-encoded string.`);
      }
      if (!Object.hasOwn(node, "additionalProperties")) {
        report(here(), "additionalProperties", 'an object needs "additionalProperties": false in strict mode; add it.');
      }
      if (props === undefined) {
        report(here(), "properties", 'an object needs "properties" in strict mode ({} for none); for arbitrary keys, accept a JSON-encoded string instead.');
      }
      const declared = isJsonObject(props) ? Object.keys(props) : [];
      const required = own(node, "required");
      const nullable = 'make optional properties nullable (for example "type": ["string", "null"])';
      if (required === undefined) {
        report(here(), "required", `an object needs "required" listing every property (${declared.length > 0 ? quote(declared) : "here: []"}); add it, and ${nullable}.`);
      } else if (Array.isArray(required) && required.every(isString)) {
        const missing = declared.filter((name) => !required.includes(name));
        const extra = required.filter((name) => !declared.includes(name));
        if (missing.length > 0) report(here("required"), "required", `"required" must list every property in strict mode; missing ${quote(missing)}. Add them, and ${nullable}.`);
        if (extra.length > 0) report(here("required"), "required", `"required" lists ${quote(extra)}, not in "properties"; remove them or declare the properties.`);
      }
    }
    const additional = own(node, "additionalProperties");
    if (additional !== undefined && additional !== false) {
      report(here("additionalProperties"), "additionalProperties", `"additionalProperties" must be false in strict mode (found ${show(additional)}); an open map cannot be described. List its properties, or accept a JSON-encoded string.`);
    }
    if (types?.includes("array") === true && !Object.hasOwn(node, "items")) {
      report(here(), "items", 'an array needs an "items" schema in strict mode; add one for its elements.');
    }

    const children: Frame[] = [];
    const child = (value: unknown, ...step: Segment[]): void => {
      children.push({ value, parent: frame, step, length: frame.length + step.length, level });
    };
    if (isJsonObject(props)) {
      for (const name of Object.keys(props)) {
        if (++properties > limits.maxProperties) {
          reportOnce(here("properties", name), "max_properties", `this is property ${properties} of the schema ($defs included); strict mode allows ${limits.maxProperties}. Split the tool, or drop properties.`);
        }
        countChars(codePoints(name), () => here("properties", name), "property name");
        child(props[name], "properties", name);
      }
    }
    const items = own(node, "items");
    if (Array.isArray(items)) {
      report(here("items"), "items", '"items" must be one schema in strict mode, not a list (tuple form); describe every element with one schema, or use an object.');
    } else if (items !== undefined) {
      child(items, "items");
    }
    const anyOf = own(node, "anyOf");
    if (Array.isArray(anyOf)) {
      for (let index = 0; index < anyOf.length; index += 1) child(anyOf[index], "anyOf", index);
    }
    if (isRoot) {
      level = 0; // each definition counts its object levels from its own root
      for (const keyword of DEFINITIONS) {
        const definitions = own(node, keyword);
        if (!isJsonObject(definitions)) continue;
        for (const name of Object.keys(definitions)) {
          countChars(codePoints(name), () => [keyword, name], "definition name");
          child(definitions[name], keyword, name);
        }
      }
    }
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index] as Frame);
  };

  try {
    if (!isJsonObject(schema)) {
      report([], "type", `the parameters schema must be a JSON object with "type": "object"; found ${show(schema)}. Wrap the arguments in an object schema.`);
    } else {
      const stack: (Frame | { leave: object })[] = [{ value: schema, parent: undefined, step: [], length: 0, level: 0 }];
      while (stack.length > 0 && reasons.length < MAX_REASONS && nodes <= MAX_NODES) {
        const task = stack.pop() as Frame | { leave: object };
        if ("leave" in task) ancestors.delete(task.leave);
        else visit(task, stack, schema);
      }
    }
  } catch (error) {
    // Only a hostile object (a throwing getter or Proxy trap) gets here.
    report([], "type", `the schema could not be read (${error instanceof Error ? error.message : show(error)}); pass plain JSON data, as JSON.parse returns.`);
  }
  return reasons;
}

function readLimits(options: CheckStrictOptions | undefined): StrictLimits {
  const given: { readonly [key: string]: unknown } | undefined = isRecord(options) && isRecord(options.limits) ? options.limits : undefined;
  const limits: { [key: string]: number } = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(limits)) {
    const value = given?.[key];
    if (typeof value === "number" && value >= 0) limits[key] = value;
  }
  return limits as unknown as StrictLimits;
}

/** Why a `$ref` does not work in strict mode, or `undefined` when it does. */
function refProblem(ref: unknown, root: JsonRecord): string | undefined {
  if (typeof ref !== "string") return `"$ref" must be a string; found ${show(ref)}.`;
  if (ref === "#") return undefined;
  const match = /^#\/(\$defs|definitions)\/([^/]*)$/.exec(ref);
  if (match === null) {
    return `"$ref" ${show(ref)} is not supported in strict mode; use "#", "#/$defs/<name>" or "#/definitions/<name>", with the definition at the root of this schema.`;
  }
  const [, keyword = "", encoded = ""] = match;
  const name = decodePointerSegment(encoded);
  const definitions = own(root, keyword);
  if (name !== undefined && isJsonObject(definitions) && Object.hasOwn(definitions, name)) return undefined;
  return `"$ref" ${show(ref)} does not resolve: the root "${keyword}" has no ${show(name ?? encoded)}. Add the definition or fix the reference.`;
}

function pathOf(frame: Frame, tail: readonly Segment[]): Segment[] {
  const steps: (readonly Segment[])[] = [];
  for (let at: Frame | undefined = frame; at !== undefined; at = at.parent) steps.push(at.step);
  return steps.reverse().concat([tail]).flat();
}

/** A JSON Pointer fragment for messages: `#/properties/a~1b/items`. */
function pointer(path: SchemaPath): string {
  return `#${path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("")}`;
}

function decodePointerSegment(segment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(segment);
    return /~[^01]|~$/.test(decoded) ? undefined : decoded.replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    return undefined;
  }
}

function own(record: JsonRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null;
}

/** A plain object, as `JSON.parse` makes (from any realm, or with a null prototype). */
function isJsonObject(value: unknown): value is JsonRecord {
  if (!isRecord(value) || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

function fits(value: unknown, type: string): boolean {
  return type === "integer"
    ? Number.isInteger(value)
    : type === "null"
      ? value === null
      : type === "array"
        ? Array.isArray(value)
        : type === "object"
          ? isJsonObject(value)
          : typeof value === type;
}

/** Why `value` is not JSON data, or `undefined` when it is. Iterative: any depth; cycles are found. */
function nonJson(value: unknown): string | undefined {
  const ancestors = new Set<object>();
  const stack: unknown[] = [value];
  const leave: unknown[] = [];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === leave) {
      ancestors.delete(stack.pop() as object);
    } else if (typeof item === "number" ? !Number.isFinite(item) : !(isString(item) || typeof item === "boolean" || item === null || Array.isArray(item) || isJsonObject(item))) {
      return Object.is(item, value) ? show(item) : `it holds ${show(item)}`;
    } else if (isRecord(item)) {
      if (ancestors.has(item)) return "it contains itself: a cycle";
      ancestors.add(item);
      stack.push(item, leave);
      const children = Array.isArray(item) ? item : Object.values(item);
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
    }
  }
  return undefined;
}

/** Unicode code points, as OpenAI counts characters. */
function codePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      count -= 1;
      index += 1;
    }
  }
  return count;
}

/** A short rendering of any value for messages: JSON when it is JSON, words otherwise. Never throws. */
function show(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) return `${value}, which JSON has no number for`;
  if (typeof value === "bigint") return "a BigInt";
  if (value === undefined) return "undefined";
  if (typeof value === "function" || typeof value === "symbol") return `a ${typeof value}`;
  if (isRecord(value) && !Array.isArray(value) && !isJsonObject(value)) {
    const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return isString(name) && name !== "" ? `a ${name} instance` : "an object with a prototype";
  }
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return "a value JSON cannot hold";
  }
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function quote(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((name) => JSON.stringify(name));
  return names.length > 10 ? `${shown.join(", ")} and ${names.length - 10} more` : shown.join(", ");
}
