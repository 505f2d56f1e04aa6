// An independent oracle for OpenAI's strict mode. It shares no rule code with the
// rewriter (strict-schema.ts and friends) on purpose: the rewriter's tests run
// every output through it, so a rule misread in one place is caught by the
// other. Only the contract types, OpenAI's numbers and message wording
// (limits.ts) and the JSON helpers of plain-json.ts are shared. Written for
// size as well as clarity (it ships in the main entry): word lists split once,
// one generic message for refused keywords with a hint only where it adds one.
// The tables are /* @__PURE__ */ expressions, so that a bundle without
// checkStrict drops them too.
import { overLimit, readLimits } from "./limits";
import { describe, isPlain, own, type Plain, pointer } from "./plain-json";
import type { StrictError, StrictLimits } from "./types";

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

type Segment = string | number;

const TYPES = /* @__PURE__ */ "string number integer boolean object array null".split(" ");
const FORMATS = /* @__PURE__ */ "date-time time date duration email hostname ipv4 ipv6 uuid".split(" ");
const isString = (value: unknown): value is string => typeof value === "string";
const isList = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > 0;

/** Every keyword strict mode accepts, with what its value must be (`$defs` / `definitions`: at the root only). */
const ACCEPTED: ReadonlyMap<string, readonly [test: (value: unknown) => boolean, expected: string]> =
  /* @__PURE__ */ new Map(
    /* @__PURE__ */ (
      [
        ["type items const $ref additionalProperties", () => true, ""], // their values are checked below
        ["properties $defs definitions", isPlain, "an object"],
        ["description title pattern", isString, "a string"],
        [
          "minLength maxLength minItems maxItems",
          (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0,
          "a non-negative integer",
        ],
        ["minimum maximum exclusiveMinimum exclusiveMaximum", Number.isFinite, "a number"],
        ["multipleOf", (value: unknown) => Number.isFinite(value) && (value as number) > 0, "a number above 0"],
        ["format", (value: unknown) => FORMATS.includes(value as string), `one of ${FORMATS.join(", ")}`],
        ["required", (value: unknown) => Array.isArray(value) && value.every(isString), "a list of names"],
        ["anyOf enum", isList, "a non-empty list"],
      ] as const
    ).flatMap(([keywords, test, expected]) =>
      keywords.split(" ").map((keyword) => [keyword, [test, expected]] as const),
    ),
  );

/** What to do instead of a keyword strict mode refuses, where there is better advice than removing it. */
const HINTS: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ["oneOf", 'use "anyOf" if the branches never overlap'],
  ["allOf", "merge its schemas into one"],
  ["prefixItems", 'use one "items" schema'],
  ["$dynamicRef", 'use "$ref"'],
  ["$recursiveRef", 'use "$ref"'],
  ["patternProperties", "list the properties"],
  ["propertyNames", "list the properties"],
  ["unevaluatedProperties", "list the properties"],
]);

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
 * import { checkStrict } from "@x/strict-schema/check";
 *
 * const reasons = checkStrict({ type: "object", properties: { q: { type: "string" } } });
 * // [{ path: [], keyword: "additionalProperties",
 * //    message: 'At #: an object needs "additionalProperties": false; add it.' },
 * //  { path: [], keyword: "required", message: 'At #: an object needs "required" listing every property ("q") …' }]
 * for (const { keyword, message } of reasons) console.log(keyword, message);
 * ```
 */
export function checkStrict(schema: unknown, options?: CheckStrictOptions): StrictError[] {
  const limits = readLimits(options);
  const reasons: StrictError[] = [];
  const reportedOnce = new Set<string>();
  /** Objects on the path from the root to the current node: meeting one again is a cycle. */
  const ancestors = new Set<unknown>();
  /** The current node's path. */
  const path: Segment[] = [];
  let nodes = 0;
  let properties = 0;
  let chars = 0;
  let enumValues = 0;

  /** Reports at the current path followed by `tail`. */
  const report = (keyword: string, text: string, ...tail: Segment[]): undefined => {
    const at = path.concat(tail);
    if (reasons.length < MAX_REASONS) reasons.push({ path: at, keyword, message: `At ${pointer(at)}: ${text}.` });
  };
  const reportOnce = (keyword: string, text: string, ...tail: Segment[]): void => {
    if (!reportedOnce.has(keyword)) report(keyword, text, ...tail);
    reportedOnce.add(keyword);
  };
  /** Adds the characters of `text` (in code points, as OpenAI counts them) to max_chars; returns how many. */
  const count = (text: string, ...tail: Segment[]): number => {
    const length = text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "_").length;
    chars += length;
    if (chars > limits.maxChars) reportOnce("max_chars", overLimit("max_chars", limits), ...tail);
    return length;
  };

  /**
   * Checks the node at `path` (where `via` led), then its subschemas. `level`: object levels above it.
   * Recursive: MAX_PATH_LENGTH bounds the nesting at 1000 calls (Node's default stack holds about
   * 1500); an overflow on a smaller stack is caught below and becomes a reason, never an exception.
   */
  const visit = (node: unknown, level: number, via: string): undefined => {
    if (reasons.length >= MAX_REASONS || nodes > MAX_NODES) return;
    if (++nodes > MAX_NODES)
      return report(
        "max_nodes",
        `over ${MAX_NODES} subschemas (an internal guard, not an OpenAI limit; a shared one counts at each use); ` +
          `shrink the schema`,
      );
    if (ancestors.has(node))
      return report(via, 'this object contains itself (a cycle); recurse with "$ref": "#/$defs/<name>"');
    if (!isPlain(node)) return report(via, `${describe(node)} is not a schema object; write one with a "type"`);
    if (path.length > MAX_PATH_LENGTH)
      return report("max_depth", `nested over ${MAX_PATH_LENGTH} deep; flatten the schema`);
    const isRoot = path.length === 0;
    const keys = Object.keys(node);

    for (const key of keys) {
      const value = node[key];
      const rule = ACCEPTED.get(key);
      if (rule === undefined)
        report(
          key,
          `"${key}" is not supported in strict mode; ${HINTS.get(key) ?? "remove it (the server still validates)"}`,
        );
      else if (!isRoot && (key === "$defs" || key === "definitions"))
        report(key, `"${key}" is allowed only at the root; move it there`);
      else if (!rule[0](value)) report(key, `"${key}" must be ${rule[1]}; found ${describe(value)}`, key);
    }

    const type = own(node, "type");
    const names = type === undefined ? undefined : Array.isArray(type) ? (type as unknown[]) : [type];
    const types = names?.filter((name): name is string => TYPES.includes(name as string));
    if (isRoot) {
      if (type !== "object")
        report(
          "type",
          `the root must be "type": "object", not "type": ${describe(type)}; put other values in a property`,
        );
      if (own(node, "anyOf") !== undefined)
        report("anyOf", 'the root must be "type": "object", not "anyOf"; put other values in a property');
    } else if (
      names !== undefined &&
      !(names.length > 0 && types?.length === names.length && new Set(names).size === names.length)
    ) {
      report(
        "type",
        `"type" must be one of ${TYPES.join(", ")} or a list of them without repeats; found ${describe(type)}`,
        "type",
      );
    }

    const ref = own(node, "$ref");
    if (ref !== undefined) {
      if (keys.length > 1)
        report(
          "$ref",
          `"$ref" cannot have sibling keywords (found ${quote(keys.filter((key) => key !== "$ref"))}); ` +
            `move them into the definition`,
          "$ref",
        );
      const problem = refProblem(ref, schema as Plain);
      if (problem !== undefined) report("$ref", problem, "$ref");
    } else if (!isRoot && type === undefined && !["enum", "const", "anyOf"].some((key) => Object.hasOwn(node, key))) {
      report("type", 'no "type", "enum", "const", "anyOf" or "$ref"; add a "type"');
    }

    /**
     * Whether a JSON value is of the node's type: its JSON type is listed, or it is a whole number and "integer" is.
     */
    const fitsType = (value: unknown): boolean =>
      !types?.length ||
      types.includes(value === null ? "null" : Array.isArray(value) ? "array" : typeof value) ||
      (Number.isInteger(value) && types.includes("integer"));
    const values = own(node, "enum");
    if (isList(values)) {
      let stringChars = 0;
      const misfits: number[] = [];
      // (an index loop: the holes of a sparse list are read, as undefined)
      for (let index = 0; index < values.length; index++) {
        const value = values[index];
        const problem = nonJson(value);
        if (problem !== undefined)
          report(
            "enum",
            `enum value ${index} is not JSON data (${problem}); use strings, numbers, booleans or null`,
            "enum",
            index,
          );
        else if (!fitsType(value)) misfits.push(index);
        else if (isString(value)) stringChars += count(value, "enum", index);
      }
      const [first, ...more] = misfits;
      if (first !== undefined) {
        report(
          "enum",
          `enum value ${describe(values[first])}${
            more.length > 0 ? ` (and ${more.length} more)` : ""
          } is not of "type" ${describe(type)}; add its type ("null" for null) to "type", or remove it`,
          "enum",
          first,
        );
      }
      enumValues += values.length;
      if (enumValues > limits.maxEnumValues)
        reportOnce("max_enum_values", overLimit("max_enum_values", limits), "enum");
      if (values.length > limits.largeEnumSize && stringChars > limits.maxEnumChars)
        report("max_enum_chars", overLimit("max_enum_chars", limits), "enum");
    }
    if (Object.hasOwn(node, "const")) {
      const value = node.const;
      const problem = nonJson(value);
      if (problem !== undefined)
        report("const", `"const" is not JSON data (${problem}); use a string, number, boolean or null`, "const");
      else if (!fitsType(value))
        report("const", `"const" ${describe(value)} is not of "type" ${describe(type)}; make them agree`, "const");
      else if (isString(value)) count(value, "const");
    }

    const props = own(node, "properties");
    if (types?.includes("object") === true) {
      if (++level > limits.maxDepth) return report("max_depth", overLimit("max_depth", limits));
      if (!Object.hasOwn(node, "additionalProperties"))
        report("additionalProperties", 'an object needs "additionalProperties": false; add it');
      if (props === undefined)
        report(
          "properties",
          'an object needs "properties" ({} for none); take arbitrary keys as a JSON-encoded string',
        );
      const declared = isPlain(props) ? Object.keys(props) : [];
      const required = own(node, "required");
      const nullable = 'make optional ones nullable (e.g. "type": ["string", "null"])';
      if (required === undefined)
        report(
          "required",
          `an object needs "required" listing every property (${quote(declared) || "none here"}); add it, and ` +
            `${nullable}`,
        );
      else if (Array.isArray(required) && required.every(isString)) {
        // (Sets: either list may be long)
        const listed = new Set(required);
        const names = new Set(declared);
        const missing = declared.filter((name) => !listed.has(name));
        const extra = required.filter((name) => !names.has(name));
        if (missing.length > 0)
          report(
            "required",
            `"required" must list every property; missing ${quote(missing)}. Add them, and ${nullable}`,
            "required",
          );
        if (extra.length > 0)
          report(
            "required",
            `"required" lists ${quote(extra)}, not in "properties"; remove them or declare the properties`,
            "required",
          );
      }
    }
    const additional = own(node, "additionalProperties");
    if (additional !== undefined && additional !== false) {
      report(
        "additionalProperties",
        `"additionalProperties" must be false, not ${describe(additional)}; list the properties, or take a ` +
          `JSON-encoded string`,
        "additionalProperties",
      );
    }
    const array = 'an array needs one "items" schema';
    if (types?.includes("array") === true && !Object.hasOwn(node, "items")) report("items", array);

    // Subschemas are visited after this node's counts and reports, in document order.
    const children: [value: unknown, level: number, ...step: Segment[]][] = [];
    if (isPlain(props)) {
      for (const name of Object.keys(props)) {
        if (++properties > limits.maxProperties)
          reportOnce("max_properties", overLimit("max_properties", limits), "properties", name);
        count(name, "properties", name);
        children.push([props[name], level, "properties", name]);
      }
    }
    const items = own(node, "items");
    if (Array.isArray(items)) report("items", `${array}, not a list`, "items");
    else if (items !== undefined) children.push([items, level, "items"]);
    const anyOf = own(node, "anyOf");
    if (Array.isArray(anyOf))
      for (let index = 0; index < anyOf.length; index++) children.push([anyOf[index], level, "anyOf", index]);
    if (isRoot) {
      for (const keyword of ["$defs", "definitions"]) {
        const definitions = own(node, keyword);
        if (!isPlain(definitions)) continue;
        for (const name of Object.keys(definitions)) {
          count(name, keyword, name);
          // each definition counts object levels from its own root
          children.push([definitions[name], 0, keyword, name]);
        }
      }
    }
    ancestors.add(node);
    for (const [value, childLevel, ...step] of children) {
      path.push(...step);
      visit(value, childLevel, step[0] as string);
      path.length -= step.length;
    }
    ancestors.delete(node);
  };

  try {
    if (!isPlain(schema))
      report("type", `the root must be "type": "object", not ${describe(schema)}; put other values in a property`);
    else visit(schema, 0, "type");
  } catch (error) {
    // A hostile object (a throwing getter or Proxy trap) gets here; reported at the root.
    path.length = 0;
    report(
      "type",
      `unreadable (${error instanceof Error ? error.message : describe(error)}); pass plain JSON data, as JSON.parse ` +
        `returns`,
    );
  }
  return reasons;
}

/** Why a `$ref` does not work in strict mode, or `undefined` when it does. */
function refProblem(ref: unknown, root: Plain): string | undefined {
  const match = isString(ref) ? /^#(?:\/(\$defs|definitions)\/([^/]*))?$/.exec(ref) : null;
  if (match === null) return `"$ref" must be "#", "#/$defs/<name>" or "#/definitions/<name>", not ${describe(ref)}`;
  const [, keyword, encoded = ""] = match;
  if (keyword === undefined) return undefined; // "#"
  let name = "~"; // (an invalid escape: malformed percent-encoding does not resolve)
  try {
    name = decodeURIComponent(encoded);
  } catch {
    // keeps the invalid escape
  }
  const definitions = own(root, keyword);
  return !/~(?![01])/.test(name) &&
    isPlain(definitions) &&
    Object.hasOwn(definitions, name.replaceAll("~1", "/").replaceAll("~0", "~"))
    ? undefined
    : `"$ref" ${describe(ref)} does not resolve; add the definition`;
}

/**
 * Why `value` is not JSON data, or `undefined` when it is. Iterative: any depth; cycles are found; a shared object is
 * read once.
 */
function nonJson(value: unknown): string | undefined {
  /**
   * true for an object on the path to the current item (meeting it again is a cycle), false once read (a shared one is
   * read once).
   */
  const state = new Map<unknown, boolean>();
  const stack: unknown[] = [value];
  const leave = stack; // a marker no value inside can be
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === leave) state.set(stack.pop(), false);
    else if (!(
      isString(item) ||
      typeof item === "boolean" ||
      item === null ||
      Number.isFinite(item) ||
      Array.isArray(item) ||
      isPlain(item)
    )) {
      return Object.is(item, value) ? describe(item) : `it holds ${describe(item)}`;
    } else if (typeof item === "object" && item !== null && !state.has(item)) {
      state.set(item, true);
      stack.push(item, leave);
      // (arrays by index: their holes are read, as undefined)
      const children = Array.isArray(item) ? item : Object.values(item);
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
    } else if (state.get(item) === true) return "it contains itself: a cycle";
  }
  return undefined;
}

/** Names as a quoted list for messages, at most 10 of them. */
function quote(names: readonly string[]): string {
  const shown = names
    .slice(0, 10)
    .map((name) => JSON.stringify(name))
    .join(", ");
  return names.length > 10 ? `${shown} and ${names.length - 10} more` : shown;
}
