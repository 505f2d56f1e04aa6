// An independent oracle for OpenAI's strict mode. It shares no code with the
// rewriter (strict-schema.ts and friends) on purpose: the rewriter's tests run
// every output through it, so a rule misread in one place is caught by the
// other. Only the contract types are shared.
import type { JsonSchemaTypeName, SchemaPath, StrictError, StrictLimits } from "./types";

/** Options of {@link checkStrict}. */
export interface CheckStrictOptions {
  /** Overrides of OpenAI's limits (the same names and defaults as `strictSchema`'s). */
  readonly limits?: Partial<StrictLimits>;
}

// OpenAI's numbers, kept here rather than imported so that the checker stays
// independent of the rewriter (see the top of the file).
const OPENAI_LIMITS: StrictLimits = {
  maxProperties: 5000,
  maxDepth: 10,
  maxChars: 120_000,
  maxEnumValues: 1000,
  maxEnumChars: 15_000,
  largeEnumSize: 250,
};

// Guards of the checker itself, so that hostile input gives reasons instead of
// a hang: OpenAI refuses such schemas long before these numbers.
/** Segments of a schema path (≈ levels of JSON nesting) beyond which the checker stops descending. */
const MAX_PATH_LENGTH = 1000;
/** Schema nodes visited (shared sub-objects count each time) before the checker gives up. */
const MAX_NODES = 1_000_000;
/** Reasons returned at most; the rest would repeat the same fix. */
const MAX_REASONS = 1000;

const TYPE_NAMES: ReadonlySet<string> = new Set<JsonSchemaTypeName>([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);

const FORMATS: ReadonlySet<string> = new Set([
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

/** Keywords strict mode accepts on any schema node (`$defs`/`definitions`: at the root only). */
const SUPPORTED: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "description",
  "title",
  "pattern",
  "minLength",
  "maxLength",
  "multipleOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "format",
]);

const DEFINITIONS = ["$defs", "definitions"] as const;

/** What to do instead of each keyword strict mode refuses outright. */
const UNSUPPORTED_HINTS: { readonly [keyword: string]: string } = {
  allOf: "merge the schemas into one",
  not: "describe the exclusion in the description and let the server validate",
  oneOf: 'use "anyOf" when the branches can never both match',
  if: "describe the condition in the description and let the server validate",
  then: "describe the condition in the description and let the server validate",
  else: "describe the condition in the description and let the server validate",
  dependentRequired: "make the properties required (nullable if optional) and let the server validate",
  dependentSchemas: "merge the dependent properties into the object and let the server validate",
  dependencies: "make the properties required (nullable if optional) and let the server validate",
  patternProperties: "list the properties explicitly, or accept a JSON-encoded string",
  unevaluatedProperties: 'use "additionalProperties": false and list every property',
  unevaluatedItems: 'use a single "items" schema',
  propertyNames: "list the properties explicitly, or accept a JSON-encoded string",
  prefixItems: 'use a single "items" schema (or an object with named properties)',
  contains: "let the server validate",
  minContains: "let the server validate",
  maxContains: "let the server validate",
  $dynamicRef: 'use a local "$ref" to "#/$defs/<name>"',
  $recursiveRef: 'use a local "$ref" to "#/$defs/<name>"',
};

const LIMIT_KEYS = [
  "maxProperties",
  "maxDepth",
  "maxChars",
  "maxEnumValues",
  "maxEnumChars",
  "largeEnumSize",
] as const satisfies readonly (keyof StrictLimits)[];

type JsonRecord = { readonly [key: string]: unknown };

/** A schema node waiting to be checked; its path is rebuilt from `parent` only when reported. */
interface Frame {
  readonly value: unknown;
  readonly parent: Frame | undefined;
  /** The segments leading from the parent's location to this one. */
  readonly step: readonly (string | number)[];
  /** Path length, kept to bound the nesting the checker follows. */
  readonly length: number;
  /** Object levels above this node (the root object is level 1). */
  readonly level: number;
}

/** Marks the end of a node's subtree in the explicit stack (its children are done). */
interface Leave {
  readonly leave: object;
}

/**
 * Lists every reason OpenAI's strict mode (`"strict": true` function tools,
 * structured outputs) would refuse `schema`, or `[]` when it is acceptable.
 *
 * Checked: the root is `"type": "object"` and not `anyOf`; every object has
 * `additionalProperties: false`, `properties`, and `required` naming exactly
 * its properties; only supported keywords (`$defs`/`definitions` at the root
 * only, `format` from OpenAI's list, no keyword beside `$ref`); every node has
 * `type`, `enum`, `const`, `anyOf` or `$ref`; arrays have one `items` schema;
 * `enum`/`const` values fit the `type`; `$ref` is `#`, `#/$defs/<name>` or
 * `#/definitions/<name>` and resolves; and the limits (`max_properties`,
 * `max_depth`, `max_chars`, `max_enum_values`, `max_enum_chars`).
 *
 * It never throws: cycles in the object graph, non-JSON values and absurd
 * nesting are reasons like any other. Characters are counted as Unicode code
 * points. At most 1000 reasons are returned; the checker stops descending at
 * 1000 path segments (reported as `max_depth`) and after a million nodes
 * (`max_nodes`). It is independent of `strictSchema`, whose output it checks.
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
 * // [{ path: [], keyword: "additionalProperties", message: "At #: …" },
 * //  { path: [], keyword: "required", message: "At #: …" }]
 * for (const { path, keyword, message } of reasons) console.log(path, keyword, message);
 * ```
 */
export function checkStrict(schema: unknown, options?: CheckStrictOptions): StrictError[] {
  const checker = new StrictChecker(limitsFrom(options));
  try {
    checker.run(schema);
  } catch (error) {
    // Only a hostile object (a throwing getter or Proxy trap) gets here.
    checker.readFailure(error);
  }
  return checker.reasons;
}

function limitsFrom(options: CheckStrictOptions | undefined): StrictLimits {
  const given: Partial<StrictLimits> | undefined = isRecord(options) && isRecord(options.limits) ? options.limits : undefined;
  if (given === undefined) return OPENAI_LIMITS;
  const limits: { -readonly [K in keyof StrictLimits]: number } = { ...OPENAI_LIMITS };
  for (const key of LIMIT_KEYS) {
    const value = given[key];
    if (typeof value === "number" && value >= 0 && !Number.isNaN(value)) limits[key] = value;
  }
  return limits;
}

class StrictChecker {
  readonly reasons: StrictError[] = [];
  private readonly limits: StrictLimits;
  private root: JsonRecord = {};
  private full = false;
  private nodes = 0;
  private properties = 0;
  private chars = 0;
  private enumValues = 0;
  private readonly reported = new Set<string>();
  /** Objects on the path from the root to the current node: meeting one again is a cycle. */
  private readonly ancestors = new Set<object>();

  constructor(limits: StrictLimits) {
    this.limits = limits;
  }

  run(schema: unknown): void {
    if (!isJsonObject(schema)) {
      this.report([], "type", `The parameters schema must be a JSON object with "type": "object"; found ${describe(schema)}. Wrap the arguments in an object schema.`);
      return;
    }
    this.root = schema;
    this.checkRoot(schema);
    const start: Frame = { value: schema, parent: undefined, step: [], length: 0, level: 0 };
    const stack: (Frame | Leave)[] = [start];
    for (let task = stack.pop(); task !== undefined && !this.full; task = stack.pop()) {
      if ("leave" in task) this.ancestors.delete(task.leave);
      else this.visit(task, stack);
    }
  }

  readFailure(error: unknown): void {
    const why = error instanceof Error ? error.message : String(error);
    this.report([], "type", `The schema could not be read (${why}); pass plain JSON data, for example the result of JSON.parse.`);
  }

  private checkRoot(root: JsonRecord): void {
    const type = own(root, "type");
    if (type !== "object") {
      const found = type === undefined ? "it has none" : `found ${preview(type)}`;
      this.report([], "type", `The root schema must have "type": "object" (${found}); OpenAI function parameters are always an object. Put other values inside an object property.`);
    }
    if (own(root, "anyOf") !== undefined) {
      this.report([], "anyOf", 'The root schema must not be "anyOf"; strict mode needs one object at the root. Move the alternatives into a property, or merge them into one object with nullable properties.');
    }
    for (const keyword of DEFINITIONS) {
      const definitions = own(root, keyword);
      if (definitions === undefined) continue;
      if (!isJsonObject(definitions)) {
        this.report([keyword], keyword, `At #/${keyword}: "${keyword}" must be an object mapping names to schemas; found ${describe(definitions)}.`);
        continue;
      }
      for (const name of Object.keys(definitions)) this.countChars([keyword, name], name, "definition name");
    }
  }

  private visit(frame: Frame, stack: (Frame | Leave)[]): void {
    const node = frame.value;
    if (++this.nodes > MAX_NODES) {
      this.report(pathOf(frame), "max_nodes", `At ${pointer(pathOf(frame))}: the schema expands to more than ${MAX_NODES} schema nodes (shared sub-objects count once per use); no request of that size is accepted. Reduce the schema.`);
      this.full = true;
      return;
    }
    if (typeof node === "object" && node !== null && this.ancestors.has(node)) {
      const path = pathOf(frame);
      this.report(path, keywordOf(frame), `At ${pointer(path)}: this object is one of its own ancestors (a cycle in the object graph), which JSON cannot represent. Express recursion with "$ref": "#" or "#/$defs/<name>".`);
      return;
    }
    if (!isJsonObject(node)) {
      const path = pathOf(frame);
      const fix = typeof node === "boolean" ? `boolean schemas are not supported in strict mode; write an object schema with a "type"` : `expected a JSON Schema object, found ${describe(node)}`;
      this.report(path, keywordOf(frame), `At ${pointer(path)}: ${fix}.`);
      return;
    }
    if (frame.length > MAX_PATH_LENGTH) {
      const path = pathOf(frame);
      this.report(path, "max_depth", `At ${pointer(path)}: the schema is nested more than ${MAX_PATH_LENGTH} levels deep; strict mode allows ${this.limits.maxDepth} levels of objects. Flatten it.`);
      return;
    }
    this.ancestors.add(node);
    stack.push({ leave: node });

    const keys = Object.keys(node);
    this.checkKeywords(frame, keys);
    const types = this.checkType(frame, node);
    const ref = own(node, "$ref");
    if (ref !== undefined) this.checkRef(frame, ref, keys);
    const typed = ref !== undefined || ["enum", "const", "anyOf"].some((key) => Object.hasOwn(node, key));
    if (types === undefined && !typed && frame.parent !== undefined) {
      this.report(pathOf(frame), "type", `At ${pointer(pathOf(frame))}: a schema needs "type" in strict mode (or "enum", "const", "anyOf" or "$ref"); add the type of the value.`);
    }
    this.checkAnnotations(frame, node);
    this.checkEnum(frame, node, types);
    this.checkConst(frame, node, types);

    let level = frame.level;
    const children: Frame[] = [];
    const child = (value: unknown, step: readonly (string | number)[]): void => {
      children.push({ value, parent: frame, step, length: frame.length + step.length, level });
    };
    if (types?.has("object") === true) {
      level += 1;
      if (level > this.limits.maxDepth) {
        const path = pathOf(frame);
        this.report(path, "max_depth", `At ${pointer(path)}: objects are nested ${level} levels deep here; strict mode allows ${this.limits.maxDepth} (the root object is level 1). Flatten the schema, or take the deep part as a JSON-encoded string.`);
        return;
      }
      this.checkObject(frame, node);
    } else {
      const additional = own(node, "additionalProperties");
      if (additional !== undefined && additional !== false) this.reportOpenMap(frame, additional);
    }
    if (types?.has("array") === true && own(node, "items") === undefined) {
      this.report(pathOf(frame), "items", `At ${pointer(pathOf(frame))}: an array needs an "items" schema in strict mode; add one describing every element.`);
    }

    const properties = own(node, "properties");
    if (properties !== undefined) {
      if (!isJsonObject(properties)) {
        this.report(pathOf(frame, "properties"), "properties", `At ${pointer(pathOf(frame, "properties"))}: "properties" must be an object mapping names to schemas; found ${describe(properties)}.`);
      } else {
        for (const name of Object.keys(properties)) {
          this.countProperty(frame, name);
          this.countChars(pathOf(frame, "properties", name), name, "property name");
          child(properties[name], ["properties", name]);
        }
      }
    }
    const items = own(node, "items");
    if (Array.isArray(items)) {
      this.report(pathOf(frame, "items"), "items", `At ${pointer(pathOf(frame, "items"))}: "items" must be one schema in strict mode, not a list (tuple form); use a single schema for every element, or an object with named properties.`);
    } else if (items !== undefined) {
      child(items, ["items"]);
    }
    const anyOf = own(node, "anyOf");
    if (anyOf !== undefined) {
      if (!Array.isArray(anyOf) || anyOf.length === 0) {
        this.report(pathOf(frame, "anyOf"), "anyOf", `At ${pointer(pathOf(frame, "anyOf"))}: "anyOf" must be a non-empty list of schemas; found ${describe(anyOf)}.`);
      } else {
        anyOf.forEach((branch, index) => child(branch, ["anyOf", index]));
      }
    }
    if (frame.parent === undefined) {
      level = 0; // each definition counts its object levels from its own root
      for (const keyword of DEFINITIONS) {
        const definitions = own(node, keyword);
        if (!isJsonObject(definitions)) continue;
        for (const name of Object.keys(definitions)) child(definitions[name], [keyword, name]);
      }
    }
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index] as Frame);
  }

  private checkKeywords(frame: Frame, keys: readonly string[]): void {
    for (const key of keys) {
      if (SUPPORTED.has(key)) continue;
      const path = pathOf(frame);
      if (key === "$defs" || key === "definitions") {
        if (frame.parent !== undefined) {
          this.report(path, key, `At ${pointer(path)}: "${key}" is supported only at the root in strict mode; move these definitions to the root "${key}" and point each "$ref" at "#/${key}/<name>".`);
        }
        continue;
      }
      const hint = Object.hasOwn(UNSUPPORTED_HINTS, key) ? UNSUPPORTED_HINTS[key] : undefined;
      if (hint !== undefined) {
        this.report(path, key, `At ${pointer(path)}: "${key}" is not supported in strict mode; ${hint}.`);
      } else {
        this.report(path, key, `At ${pointer(path)}: "${key}" is not permitted in strict mode; remove it (annotations and extra constraints are not sent; the server still validates).`);
      }
    }
  }

  /** Validates `type` and returns the named types, or `undefined` when absent or invalid. */
  private checkType(frame: Frame, node: JsonRecord): ReadonlySet<string> | undefined {
    const type = own(node, "type");
    if (type === undefined) return undefined;
    const names = typeof type === "string" ? [type] : Array.isArray(type) ? (type as unknown[]) : undefined;
    const valid =
      names !== undefined &&
      names.length > 0 &&
      names.every((name) => typeof name === "string" && TYPE_NAMES.has(name)) &&
      new Set(names).size === names.length;
    if (!valid && frame.parent !== undefined) {
      // (At the root, checkRoot has already said what "type" must be.)
      const path = pathOf(frame, "type");
      this.report(path, "type", `At ${pointer(path)}: "type" must be one of ${[...TYPE_NAMES].join(", ")}, or a non-empty list of them without repeats; found ${preview(type)}.`);
    }
    if (!valid) {
      return new Set(names?.filter((name): name is string => typeof name === "string" && TYPE_NAMES.has(name)) ?? []);
    }
    return new Set(names as string[]);
  }

  private checkObject(frame: Frame, node: JsonRecord): void {
    const path = pathOf(frame);
    const additional = own(node, "additionalProperties");
    if (additional === undefined) {
      this.report(path, "additionalProperties", `At ${pointer(path)}: an object needs "additionalProperties": false in strict mode; add it.`);
    } else if (additional !== false) {
      this.reportOpenMap(frame, additional);
    }
    const properties = own(node, "properties");
    if (properties === undefined) {
      this.report(path, "properties", `At ${pointer(path)}: an object needs "properties" in strict mode (an object with arbitrary keys cannot be described); list its properties, use {} for an object without any, or accept a JSON-encoded string.`);
    }
    const names = isJsonObject(properties) ? Object.keys(properties) : [];
    const required = own(node, "required");
    if (required === undefined) {
      const list = names.length > 0 ? `every property (${quoteList(names)})` : "every property (here: [])";
      this.report(path, "required", `At ${pointer(path)}: strict mode needs "required" listing ${list}; add it, and make optional properties nullable (for example "type": ["string", "null"]).`);
      return;
    }
    if (!Array.isArray(required) || !required.every((name) => typeof name === "string")) {
      this.report(pathOf(frame, "required"), "required", `At ${pointer(pathOf(frame, "required"))}: "required" must be a list of property names; found ${describe(required)}.`);
      return;
    }
    const listed = new Set<string>(required);
    const missing = names.filter((name) => !listed.has(name));
    if (missing.length > 0) {
      this.report(pathOf(frame, "required"), "required", `At ${pointer(pathOf(frame, "required"))}: "required" must list every property in strict mode; missing ${quoteList(missing)}. Add them, and make optional ones nullable (for example "type": ["string", "null"]).`);
    }
    const known = new Set(names);
    const extra = [...listed].filter((name) => !known.has(name));
    if (extra.length > 0) {
      this.report(pathOf(frame, "required"), "required", `At ${pointer(pathOf(frame, "required"))}: "required" lists ${quoteList(extra)}, not in "properties"; remove them or declare the properties.`);
    }
  }

  private reportOpenMap(frame: Frame, additional: unknown): void {
    const path = pathOf(frame, "additionalProperties");
    const found = additional === true ? "true" : describe(additional);
    this.report(path, "additionalProperties", `At ${pointer(path)}: "additionalProperties" must be false in strict mode (found ${found}); an open map cannot be described. List its properties, or accept a JSON-encoded string.`);
  }

  private checkRef(frame: Frame, ref: unknown, keys: readonly string[]): void {
    const path = pathOf(frame, "$ref");
    const at = `At ${pointer(path)}`;
    const siblings = keys.filter((key) => key !== "$ref");
    if (siblings.length > 0) {
      this.report(path, "$ref", `${at}: "$ref" cannot have sibling keywords in strict mode (found ${quoteList(siblings)}); move them into the referenced definition, or use "anyOf": [{"$ref": …}, …].`);
    }
    if (typeof ref !== "string") {
      this.report(path, "$ref", `${at}: "$ref" must be a string; found ${describe(ref)}.`);
      return;
    }
    if (ref === "#") return;
    if (!ref.startsWith("#")) {
      this.report(path, "$ref", `${at}: "$ref" ${JSON.stringify(ref)} points outside the schema; strict mode resolves only local references. Copy the target into the root "$defs" and use "#/$defs/<name>".`);
      return;
    }
    const match = /^#\/(\$defs|definitions)\/([^/]*)$/.exec(ref);
    if (match === null) {
      this.report(path, "$ref", `${at}: "$ref" ${JSON.stringify(ref)} is not supported in strict mode; use "#", "#/$defs/<name>" or "#/definitions/<name>" (move the target into the root "$defs").`);
      return;
    }
    const keyword = match[1] as string;
    const name = decodePointerSegment(match[2] as string);
    const definitions = own(this.root, keyword);
    if (name === undefined || !isJsonObject(definitions) || !Object.hasOwn(definitions, name)) {
      this.report(path, "$ref", `${at}: "$ref" ${JSON.stringify(ref)} does not resolve: the root has no "${keyword}" entry named ${JSON.stringify(name ?? match[2])}. Add the definition or fix the reference.`);
    }
  }

  private checkAnnotations(frame: Frame, node: JsonRecord): void {
    for (const keyword of ["description", "title", "pattern"] as const) {
      const value = own(node, keyword);
      if (value !== undefined && typeof value !== "string") this.badValue(frame, keyword, value, "a string");
    }
    for (const keyword of ["minLength", "maxLength", "minItems", "maxItems"] as const) {
      const value = own(node, keyword);
      if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= 0)) {
        this.badValue(frame, keyword, value, "a non-negative integer");
      }
    }
    for (const keyword of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const) {
      const value = own(node, keyword);
      if (value !== undefined && !Number.isFinite(value)) this.badValue(frame, keyword, value, "a number");
    }
    const multipleOf = own(node, "multipleOf");
    if (multipleOf !== undefined && !(Number.isFinite(multipleOf) && (multipleOf as number) > 0)) {
      this.badValue(frame, "multipleOf", multipleOf, "a number greater than 0");
    }
    const format = own(node, "format");
    if (format !== undefined && !(typeof format === "string" && FORMATS.has(format))) {
      const path = pathOf(frame, "format");
      this.report(path, "format", `At ${pointer(path)}: format ${preview(format)} is not supported in strict mode (supported: ${[...FORMATS].join(", ")}); remove it, the server still validates.`);
    }
  }

  private badValue(frame: Frame, keyword: string, value: unknown, expected: string): void {
    const path = pathOf(frame, keyword);
    this.report(path, keyword, `At ${pointer(path)}: "${keyword}" must be ${expected}; found ${describe(value)}. Fix or remove it.`);
  }

  private checkEnum(frame: Frame, node: JsonRecord, types: ReadonlySet<string> | undefined): void {
    const values = own(node, "enum");
    if (values === undefined) return;
    const path = pathOf(frame, "enum");
    if (!Array.isArray(values) || values.length === 0) {
      this.report(path, "enum", `At ${pointer(path)}: "enum" must be a non-empty list of values; found ${describe(values)}.`);
      return;
    }
    let stringChars = 0;
    const mismatched: number[] = [];
    for (let index = 0; index < values.length; index += 1) {
      const value: unknown = values[index];
      const problem = nonJson(value);
      if (problem !== undefined) {
        this.report([...path, index], "enum", `At ${pointer([...path, index])}: enum value ${index} is not JSON data (${problem}); use strings, numbers, booleans or null.`);
        continue;
      }
      if (types !== undefined && types.size > 0 && !fitsTypes(value, types)) mismatched.push(index);
      if (typeof value === "string") {
        const length = codePoints(value);
        stringChars += length;
        this.countChars([...path, index], value, "enum value", length);
      }
    }
    if (mismatched.length > 0) {
      const first = mismatched[0] as number;
      const target = [...path, first];
      const what =
        mismatched.length === 1
          ? `enum value ${preview(values[first])} (index ${first}) is`
          : `${mismatched.length} enum values (the first: ${preview(values[first])} at index ${first}) are`;
      this.report(target, "enum", `At ${pointer(target)}: ${what} not allowed by "type": ${preview([...(types ?? [])])}; add the value's type (for null: "null") to "type", or remove the value.`);
    }
    const before = this.enumValues;
    this.enumValues += values.length;
    if (before <= this.limits.maxEnumValues && this.enumValues > this.limits.maxEnumValues) {
      this.reportOnce("max_enum_values", path, `At ${pointer(path)}: the schema has more than ${this.limits.maxEnumValues} enum values in total (${this.enumValues} once this enum is counted); strict mode allows ${this.limits.maxEnumValues}. Shorten the enums, or accept a plain string and let the server validate.`);
    }
    if (values.length > this.limits.largeEnumSize && stringChars > this.limits.maxEnumChars) {
      this.report(path, "max_enum_chars", `At ${pointer(path)}: this enum has ${values.length} values (more than ${this.limits.largeEnumSize}) whose strings add up to ${stringChars} characters; strict mode allows ${this.limits.maxEnumChars} for an enum that large. Shorten the values, or accept a plain string.`);
    }
  }

  private checkConst(frame: Frame, node: JsonRecord, types: ReadonlySet<string> | undefined): void {
    if (!Object.hasOwn(node, "const")) return;
    const value = node.const;
    const path = pathOf(frame, "const");
    const problem = nonJson(value);
    if (problem !== undefined) {
      this.report(path, "const", `At ${pointer(path)}: "const" is not JSON data (${problem}); use a string, number, boolean or null.`);
      return;
    }
    if (types !== undefined && types.size > 0 && !fitsTypes(value, types)) {
      this.report(path, "const", `At ${pointer(path)}: "const" ${preview(value)} is not allowed by "type": ${preview([...types])}; make them agree.`);
    }
    if (typeof value === "string") this.countChars(path, value, "const");
  }

  private countProperty(frame: Frame, name: string): void {
    this.properties += 1;
    if (this.properties > this.limits.maxProperties) {
      const path = pathOf(frame, "properties", name);
      this.reportOnce("max_properties", path, `At ${pointer(path)}: this is property ${this.properties} of the schema ($defs included); strict mode allows ${this.limits.maxProperties} in total. Split the tool, or drop properties.`);
    }
  }

  private countChars(path: SchemaPath, text: string, what: string, length = codePoints(text)): void {
    const before = this.chars;
    this.chars += length;
    if (before <= this.limits.maxChars && this.chars > this.limits.maxChars) {
      this.reportOnce("max_chars", path, `At ${pointer(path)}: with this ${what}, property names, definition names, enum values and string consts add up to ${this.chars} characters; strict mode allows ${this.limits.maxChars}. Shorten names and enums, or split the tool.`);
    }
  }

  private reportOnce(keyword: string, path: SchemaPath, message: string): void {
    if (this.reported.has(keyword)) return;
    this.reported.add(keyword);
    this.report(path, keyword, message);
  }

  private report(path: SchemaPath, keyword: string, message: string): void {
    if (this.full) return;
    this.reasons.push({ path, keyword, message });
    if (this.reasons.length >= MAX_REASONS) this.full = true;
  }
}

/** The keyword through which a frame was reached (`properties`, `items`, `anyOf`, `$defs`…). */
function keywordOf(frame: Frame): string {
  const first = frame.step[0];
  return typeof first === "string" ? first : "type";
}

function pathOf(frame: Frame, ...tail: (string | number)[]): (string | number)[] {
  const steps: (readonly (string | number)[])[] = [];
  for (let at: Frame | undefined = frame; at !== undefined; at = at.parent) steps.push(at.step);
  const path: (string | number)[] = [];
  for (let index = steps.length - 1; index >= 0; index -= 1) path.push(...(steps[index] as readonly (string | number)[]));
  path.push(...tail);
  return path;
}

/** A JSON Pointer fragment for messages: `#/properties/a~1b/items`. */
function pointer(path: SchemaPath): string {
  let text = "#";
  for (const segment of path) text += `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`;
  return text;
}

function decodePointerSegment(segment: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  if (/~(?![01])/.test(decoded)) return undefined;
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

function own(record: JsonRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null;
}

/** A plain object, as `JSON.parse` makes (any realm, or a null prototype). */
function isJsonObject(value: unknown): value is JsonRecord {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

function fitsTypes(value: unknown, types: ReadonlySet<string>): boolean {
  for (const type of types) {
    switch (type) {
      case "string":
        if (typeof value === "string") return true;
        break;
      case "number":
        if (typeof value === "number") return true;
        break;
      case "integer":
        if (Number.isInteger(value)) return true;
        break;
      case "boolean":
        if (typeof value === "boolean") return true;
        break;
      case "null":
        if (value === null) return true;
        break;
      case "array":
        if (Array.isArray(value)) return true;
        break;
      case "object":
        if (isJsonObject(value)) return true;
        break;
    }
  }
  return false;
}

/** Ends an object's subtree in {@link nonJson}'s explicit stack. */
class LeaveValue {
  constructor(readonly value: object) {}
}

/** Why `value` is not JSON data, or `undefined` when it is. Iterative: any depth, cycles detected. */
function nonJson(value: unknown): string | undefined {
  const ancestors = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof LeaveValue) {
      ancestors.delete(item.value);
      continue;
    }
    if (typeof item === "string" || typeof item === "boolean" || item === null) continue;
    if (typeof item === "number") {
      if (Number.isFinite(item)) continue;
      return describe(item);
    }
    if (!Array.isArray(item) && !isJsonObject(item)) return item === value ? describe(item) : `it holds ${describe(item)}`;
    if (ancestors.has(item)) return "it contains itself: a cycle";
    ancestors.add(item);
    stack.push(new LeaveValue(item));
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) stack.push(item[index]);
    } else {
      for (const key of Object.keys(item)) stack.push(item[key]);
    }
  }
  return undefined;
}

/** Unicode code points, as OpenAI counts characters. */
function codePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "number") return Number.isFinite(value) ? `the number ${value}` : `${value}, which JSON has no number for`;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object") {
    if (isJsonObject(value)) return "an object";
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    return typeof name === "string" && name !== "" ? `a ${name} instance` : "an object with a prototype";
  }
  // undefined, bigint, symbol, function
  return typeof value === "bigint" ? "a BigInt" : typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
}

/** A short JSON rendering of a value for messages (never throws). */
function preview(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) return describe(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function quoteList(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((name) => JSON.stringify(name));
  return names.length > 10 ? `${shown.join(", ")} and ${names.length - 10} more` : shown.join(", ");
}
