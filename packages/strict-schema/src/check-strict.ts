// An independent oracle for each provider's schema subset. It shares no rule
// code with the rewriter (strict-schema.ts, targets.ts and friends) on purpose:
// the rewriter's tests run every output through it, so a rule misread in one
// place is caught by the other; its own table of each provider (PROFILES) is
// written from the same pages, not imported. Only the contract types, OpenAI's
// numbers and message wording (limits.ts) and the JSON helpers of plain-json.ts
// are shared. Written for size as well as clarity: word lists split once, one
// generic message for refused keywords with a hint only where it adds one.
import { DEFAULT_LIMITS, overLimit, readLimits } from "./limits";
import { describe, isPlain, own, type Plain, pointer } from "./plain-json";
import type { StrictError, StrictLimits, TargetName } from "./types";

/** Options of {@link checkStrict}. */
export interface CheckStrictOptions {
  /** The provider whose subset to check against; `"openai"` by default. */
  readonly target?: TargetName;
  /** Overrides of the limits (the same names and defaults as `strictSchema`'s). */
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

const TYPES = "string number integer boolean object array null".split(" ");
const isString = (value: unknown): value is string => typeof value === "string";
const isList = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > 0;
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const any = (): boolean => true;

type Rule = readonly [test: (value: unknown) => boolean, expected: string];
type Rows = readonly (readonly [keywords: string, test: (value: unknown) => boolean, expected: string])[];

/** Keywords (space-separated) with what their values must be, as a map by keyword. */
const rules = (rows: Rows): ReadonlyMap<string, Rule> =>
  new Map(rows.flatMap(([keywords, test, expected]) => keywords.split(" ").map((key) => [key, [test, expected]])));

/** A value from a list of words, for `format`. */
const oneOf = (words: string): readonly [(value: unknown) => boolean, string] => {
  const list = words.split(" ");
  return [(value) => list.includes(value as string), `one of ${list.join(", ")}`];
};

/**
 * Whether Anthropic's grammar compiler takes a pattern: no backreferences, lookaround, word boundaries, named
 * groups or Unicode property escapes, no `{n,m}` count above 1000.
 * https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations
 */
const compiles = (value: unknown): boolean =>
  isString(value) &&
  !/\\[bBkpP1-9]|\(\?[=!<]/.test(value) &&
  [...value.matchAll(/\{(\d+)(?:,(\d*))?\}/g)].every(
    ([, low, high]) => Number(low) <= 1000 && Number(high ?? 0) <= 1000,
  );

/** One provider's subset, as this checker reads its documentation. */
interface Profile {
  /** The mode's name in messages. */
  readonly mode: string;
  /** Every keyword it accepts, with what its value must be (`$defs` / `definitions`: at the root only). */
  readonly accepted: ReadonlyMap<string, Rule>;
  /** OpenAPI's upper-case type names, one per schema, or JSON Schema's (lists allowed). */
  readonly openapi: boolean;
  /** Every property in `required` (OpenAI), or any of them. */
  readonly allRequired: boolean;
  /** `additionalProperties`: `false` on every object, or `false`, `true` or a schema. */
  readonly closed: boolean;
  /** What may stand beside a `$ref`. */
  readonly besideRef: readonly string[];
  /** Whether a `$ref` cycle is refused. */
  readonly noRecursion: boolean;
  /** Whether a schema may have no `type`, `enum`, `const`, `anyOf` or `$ref`, and an array no `items`. */
  readonly freeForm: boolean;
  /** The combinators a root may not be. */
  readonly rootCombinators: readonly string[];
  readonly limits: StrictLimits;
}

const NONE: StrictLimits = {
  maxProperties: Infinity,
  maxDepth: Infinity,
  maxChars: Infinity,
  maxEnumValues: Infinity,
  maxEnumChars: Infinity,
  largeEnumSize: Infinity,
};

const BASE: Rows = [
  ["type items", any, ""], // their values are checked below
  ["properties", isPlain, "an object"],
  ["description title", isString, "a string"],
  ["required", (value) => Array.isArray(value) && value.every(isString), "a list of names"],
  ["anyOf enum", isList, "a non-empty list"],
];

/** Each provider's subset, from its documentation (the same pages targets.ts cites, read again). */
/** `$ref` and its definitions (at the root), where the provider takes them. */
const REFS: Rows = [
  ["$ref", any, ""],
  ["$defs definitions", isPlain, "an object"],
];

const PROFILES: ReadonlyMap<unknown, Profile> = new Map<unknown, Profile>([
  [
    undefined,
    {
      // https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
      mode: "strict mode",
      accepted: rules([
        ...BASE,
        ...REFS,
        ["const additionalProperties", any, ""],
        ["pattern", isString, "a string"],
        ["minLength maxLength minItems maxItems", isCount, "a non-negative integer"],
        ["minimum maximum exclusiveMinimum exclusiveMaximum", Number.isFinite, "a number"],
        ["multipleOf", (value) => Number.isFinite(value) && (value as number) > 0, "a number above 0"],
        ["format", ...oneOf("date-time time date duration email hostname ipv4 ipv6 uuid")],
      ]),
      openapi: false,
      allRequired: true,
      closed: true,
      besideRef: [],
      noRecursion: false,
      freeForm: false,
      rootCombinators: ["anyOf"],
      limits: DEFAULT_LIMITS,
    },
  ],
  [
    "anthropic",
    {
      // https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations
      mode: "Anthropic's strict tool use",
      accepted: rules([
        ...BASE,
        ...REFS,
        ["const additionalProperties default", any, ""],
        ["allOf", isList, "a non-empty list"],
        ["pattern", compiles, "a pattern without backreferences, lookaround, \\b or large counts"],
        ["minItems", (value) => value === 0 || value === 1, "0 or 1"],
        ["format", ...oneOf("date-time time date duration email hostname uri ipv4 ipv6 uuid")],
      ]),
      openapi: false,
      allRequired: false,
      closed: true,
      besideRef: [],
      noRecursion: true,
      freeForm: false,
      // "input_schema does not support oneOf, allOf, or anyOf at the top level" (the API's answer)
      rootCombinators: ["anyOf", "oneOf", "allOf"],
      limits: NONE,
    },
  ],
  [
    "gemini",
    {
      // https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support
      mode: "Gemini's JSON Schema parameters",
      accepted: rules([
        ...BASE,
        ...REFS,
        ["additionalProperties default propertyOrdering", any, ""],
        ["minItems maxItems", isCount, "a non-negative integer"],
        ["minimum maximum", Number.isFinite, "a number"],
        ["format", ...oneOf("date-time date time")],
      ]),
      openapi: false,
      allRequired: false,
      closed: false,
      // "If a schema node has $ref set, then only description and default can be set alongside it"
      besideRef: ["description", "default"],
      noRecursion: false,
      freeForm: true,
      rootCombinators: ["anyOf"],
      limits: NONE,
    },
  ],
  [
    "gemini-openapi",
    {
      // https://ai.google.dev/api/caching#Schema (js-genai src/types.ts `Schema`): any other field is a 400
      mode: "Gemini's OpenAPI parameters",
      accepted: rules([
        ...BASE,
        ["enum", (value) => isList(value) && value.every(isString), "a non-empty list of strings"],
        ["nullable", (value) => typeof value === "boolean", "true or false"],
        ["default example propertyOrdering", any, ""],
        ["pattern", isString, "a string"],
        ["minLength maxLength minItems maxItems minProperties maxProperties", isCount, "a non-negative integer"],
        ["minimum maximum", Number.isFinite, "a number"],
        // (the Gemini Developer API takes only these two: Firebase AI Logic's `SchemaInterface.format`)
        ["format", ...oneOf("date-time enum")],
      ]),
      openapi: true,
      allRequired: false,
      closed: false,
      besideRef: [],
      noRecursion: false,
      freeForm: false,
      rootCombinators: ["anyOf"],
      limits: NONE,
    },
  ],
]);

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
 * Lists every reason the provider (`options.target`; OpenAI's strict mode,
 * `"strict": true` function tools and structured outputs, by default) would
 * refuse `schema`, or `[]` when it is acceptable.
 *
 * For OpenAI: the root is `"type": "object"` and not `anyOf`; every object has
 * `additionalProperties: false`, `properties`, and `required` naming exactly
 * its properties; only supported keywords (`$defs`/`definitions` at the root
 * only, `format` from OpenAI's list, nothing beside a `$ref`) with valid
 * values; every node has `type`, `enum`, `const`, `anyOf` or `$ref`; an array
 * has one `items` schema; `enum` and `const` values fit the `type`; a `$ref`
 * is `#`, `#/$defs/<name>` or `#/definitions/<name>` and resolves; and the
 * limits `max_properties`, `max_depth`, `max_chars` (counted in code points),
 * `max_enum_values` and `max_enum_chars`. For `anthropic` (strict tool use):
 * every object closed, optional properties allowed, only the documented
 * keywords (`minItems` 0 or 1, simple patterns, its ten formats), no `$ref`
 * cycle, no root combinator. For `gemini` (`parametersJsonSchema`): only the
 * documented keywords, `additionalProperties` a boolean or a schema, nothing
 * but `description` and `default` beside a `$ref`. For `gemini-openapi`
 * (`parameters`): only the fields of its `Schema`, one upper-case `type`,
 * `nullable`, enums of strings, and no object without properties below the root.
 *
 * It never throws: cycles in the object graph, non-JSON values and absurd
 * nesting are reasons like any other. It returns at most 1000 reasons, stops
 * descending at 1000 path segments (`max_depth`) and after a million nodes
 * (`max_nodes`). It is written independently of `strictSchema`, whose output
 * it is meant to check.
 *
 * @param schema - A function tool's `parameters` schema, as it would be sent.
 * @param options - `target`: the provider; `limits`: overrides of the limits.
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
  const reasons: StrictError[] = [];
  const target = own(options, "target");
  const profile = PROFILES.get(target === "openai" ? undefined : target);
  if (profile === undefined) {
    const names = '"openai", "anthropic", "gemini" or "gemini-openapi"';
    return [
      { path: [], keyword: "target", message: `At #: options.target must be ${names}, not ${describe(target)}.` },
    ];
  }
  const limits = readLimits(options, profile.limits);
  const whose = profile.limits === DEFAULT_LIMITS ? undefined : "the limit set in options.limits";
  const { accepted, openapi } = profile;
  const OBJECT = openapi ? "OBJECT" : "object";
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
    if (chars > limits.maxChars) reportOnce("max_chars", overLimit("max_chars", limits, whose), ...tail);
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
      const rule = accepted.get(key);
      if (rule === undefined)
        report(
          key,
          `"${key}" is not supported in ${profile.mode}; ${HINTS.get(key) ?? "remove it (the server still validates)"}`,
        );
      else if (!isRoot && (key === "$defs" || key === "definitions"))
        report(key, `"${key}" is allowed only at the root; move it there`);
      else if (!rule[0](value)) report(key, `"${key}" must be ${rule[1]}; found ${describe(value)}`, key);
    }

    const type = own(node, "type");
    const names = type === undefined ? undefined : Array.isArray(type) && !openapi ? (type as unknown[]) : [type];
    // (OpenAPI's names, upper-case, read as JSON Schema's)
    const types = names
      ?.map((name) => (!openapi ? name : isString(name) && name === name.toUpperCase() ? name.toLowerCase() : 0))
      .filter((name): name is string => TYPES.includes(name as string));
    if (isRoot) {
      if (type !== OBJECT)
        report(
          "type",
          `the root must be "type": "${OBJECT}", not "type": ${describe(type)}; put other values in a property`,
        );
      for (const combinator of profile.rootCombinators)
        if (own(node, combinator) !== undefined)
          report(
            combinator,
            `the root must be "type": "${OBJECT}", not "${combinator}"; put other values in a property`,
          );
    } else if (
      names !== undefined &&
      !(names.length > 0 && types?.length === names.length && new Set(names).size === names.length)
    ) {
      const expected = openapi
        ? "one of STRING, NUMBER, INTEGER, BOOLEAN, OBJECT, ARRAY, NULL"
        : `one of ${TYPES.join(", ")} or a list of them without repeats`;
      report("type", `"type" must be ${expected}; found ${describe(type)}`, "type");
    }

    const ref = own(node, "$ref");
    if (ref !== undefined) {
      const beside = keys.filter((key) => key !== "$ref" && !profile.besideRef.includes(key));
      if (beside.length > 0)
        report(
          "$ref",
          `"$ref" cannot have sibling keywords (found ${quote(beside)}); move them into the definition`,
          "$ref",
        );
      const problem = refProblem(ref, schema as Plain);
      if (problem !== undefined) report("$ref", problem, "$ref");
    } else if (
      !isRoot &&
      !profile.freeForm &&
      type === undefined &&
      !["enum", "const", "anyOf"].some((key) => Object.hasOwn(node, key))
    ) {
      report("type", 'no "type", "enum", "const", "anyOf" or "$ref"; add a "type"');
    }

    /**
     * Whether a JSON value is of the node's type: its JSON type is listed, or it is a whole number and "integer" is.
     */
    const fitsType = (value: unknown): boolean =>
      openapi || // (OpenAPI's enum holds strings whatever the type: `{type: INTEGER, format: enum, enum: ["101"]}`)
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
        reportOnce("max_enum_values", overLimit("max_enum_values", limits, whose), "enum");
      if (values.length > limits.largeEnumSize && stringChars > limits.maxEnumChars)
        report("max_enum_chars", overLimit("max_enum_chars", limits, whose), "enum");
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
      if (++level > limits.maxDepth) return report("max_depth", overLimit("max_depth", limits, whose));
      if (profile.closed && !Object.hasOwn(node, "additionalProperties"))
        report("additionalProperties", 'an object needs "additionalProperties": false; add it');
      if (profile.closed && props === undefined)
        report(
          "properties",
          'an object needs "properties" ({} for none); take arbitrary keys as a JSON-encoded string',
        );
      const declared = isPlain(props) ? Object.keys(props) : [];
      // "parameters.properties: should be non-empty for OBJECT type" (the Gemini API's answer)
      if (openapi && !isRoot && declared.length === 0)
        report("properties", "an OBJECT needs properties; remove the object, or list its properties");
      const required = own(node, "required");
      const nullable = 'make optional ones nullable (e.g. "type": ["string", "null"])';
      if (required === undefined) {
        if (profile.allRequired)
          report(
            "required",
            `an object needs "required" listing every property (${quote(declared) || "none here"}); add it, and ` +
              `${nullable}`,
          );
      } else if (Array.isArray(required) && required.every(isString)) {
        // (Sets: either list may be long)
        const listed = new Set(required);
        const names = new Set(declared);
        const missing = profile.allRequired ? declared.filter((name) => !listed.has(name)) : [];
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
    if (profile.closed && additional !== undefined && additional !== false) {
      report(
        "additionalProperties",
        `"additionalProperties" must be false, not ${describe(additional)}; list the properties, or take a ` +
          `JSON-encoded string`,
        "additionalProperties",
      );
    }
    const array = 'an array needs one "items" schema';
    if (!profile.freeForm && types?.includes("array") === true && !Object.hasOwn(node, "items")) report("items", array);

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
    for (const combinator of ["anyOf", "allOf"]) {
      const branches = accepted.has(combinator) ? own(node, combinator) : undefined;
      if (Array.isArray(branches))
        for (let index = 0; index < branches.length; index++)
          children.push([branches[index], level, combinator, index]);
    }
    // (a map's value schema, where `additionalProperties` may be one)
    if (!profile.closed && accepted.has("additionalProperties") && isPlain(additional))
      children.push([additional, level, "additionalProperties"]);
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
      report("type", `the root must be "type": "${OBJECT}", not ${describe(schema)}; put other values in a property`);
    else {
      visit(schema, 0, "type");
      if (profile.noRecursion) for (const at of cycles(schema)) report("$ref", RECURSION, ...at);
    }
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

const RECURSION =
  "a recursive schema (this definition leads back to itself through $refs) is not supported in Anthropic's " +
  "strict tool use; unroll it to a fixed depth";

/**
 * The definitions on a `$ref` cycle (`["$defs", name]`), and the root (`[]`) when a `$ref` leads back to it.
 * Reads every local `$ref` below each definition (and below the root, its definitions aside).
 */
function cycles(root: Plain): Segment[][] {
  const refs = new Map<string, string[]>();
  const targetOf = (ref: unknown): string | undefined => {
    const match = isString(ref) ? /^#(?:\/(\$defs|definitions)\/([^/]*))?$/.exec(ref) : null;
    return match === null ? undefined : match[1] === undefined ? "" : `${match[1]}/${match[2] ?? ""}`;
  };
  const scan = (key: string, schema: unknown): void => {
    const found: string[] = [];
    const stack = [schema];
    const seen = new Set<unknown>();
    while (stack.length > 0 && seen.size < MAX_NODES) {
      const node = stack.pop();
      if (typeof node !== "object" || node === null || seen.has(node)) continue;
      seen.add(node);
      const target = targetOf(own(node, "$ref"));
      if (target !== undefined) found.push(target);
      for (const [name, value] of Object.entries(node))
        if (key !== "" || (name !== "$defs" && name !== "definitions")) stack.push(value);
    }
    refs.set(key, found);
  };
  scan("", root);
  for (const keyword of ["$defs", "definitions"]) {
    const definitions = own(root, keyword);
    if (isPlain(definitions))
      for (const name of Object.keys(definitions)) scan(`${keyword}/${name}`, definitions[name]);
  }
  const leadsBack = (start: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(refs.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === start) return true;
      if (!seen.has(next)) stack.push(...(refs.get((seen.add(next), next)) ?? []));
    }
    return false;
  };
  return [...refs.keys()]
    .filter(leadsBack)
    .map((key) => (key === "" ? [] : [key.slice(0, key.indexOf("/")), key.slice(key.indexOf("/") + 1)]));
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
