// The strict-mode rewriter: one pass over the root schema, then over each
// definition a reachable `$ref` uses, building only what it outputs.
import { nullAnalysis } from "./allows-null";
import { FORMATS, SCALARS, UNSUPPORTED } from "./keywords";
import { overLimit, readLimits } from "./limits";
import { localRef } from "./local-ref";
import { checkAnyOfNulls, expandNullPaths, type Site, type Unit } from "./null-paths";
import { describe, isPlain, own, type Plain, pointer, put } from "./plain-json";
import { disjointOneOf, type MergedObject, mergeAllOf } from "./relax";
import { ITEMS } from "./types";
import type { LimitName, NullPath, NullPathSegment, RelaxationKind, Relaxation, SchemaPath, StrictError, StrictResult, StrictSchemaOptions } from "./types";

/** Subschemas (or `$ref`s) nested deeper than this fail with `max_depth` before the stack does. */
const NESTING = 512;
/** Subschemas visited in total (a shared object counts once per use) before giving up with `max_nodes`. */
const NODES = 100_000;
/**
 * Null-path segments that expanding `$ref`s may produce (for the result and for the anyOf
 * rule), ten times the subschemas a walk may visit: `$ref`s multiply null paths (definitions
 * that each use the next twice make 2^n), and this bounds the work and memory (~tens of ms).
 */
const SEGMENTS = 10 * NODES;

const TYPE_NAMES = /* @__PURE__ */ "string number integer boolean object array null".split(" ");
const ROOT = 'the root must be "type": "object"; put other values in a property';

/** Thrown to unwind the walk, holding the result's error; caught in strictSchema, never escapes. */
interface Failure {
  error?: StrictError;
}

/** Unicode code points of a string (how OpenAI counts characters). */
const codePoints = (text: string): number => {
  let count = 0;
  // (a string iterates by code point; a lone surrogate counts as one)
  for (const _ of text) count++;
  return count;
};

const isPrimitive = (value: unknown): boolean => value === null || typeof value === "string" || typeof value === "boolean" || Number.isFinite(value);

const fits = (value: unknown, types: readonly string[]): boolean =>
  types.some((type) => (type === "null" ? value === null : type === "integer" ? Number.isInteger(value) : typeof value === type && type !== "object"));

const nullSchema = (): Plain => ({ type: "null" });

/**
 * Rewrites a JSON Schema (an MCP tool's `inputSchema`) into the subset OpenAI
 * accepts with `"strict": true`. Never throws, whatever `schema` is.
 *
 * Every object gets `additionalProperties: false` and all its properties in
 * `required` (sorted); an optional property that did not allow `null` is made
 * nullable (`null` added to its `type` and `enum`, or `anyOf: [schema, null]`
 * around a `$ref` or `const`, a null branch added to an `anyOf`) and its
 * instance path is returned in `nullPaths`, for {@link stripNulls} to remove
 * the `null` the model must now send. Unused `$defs` are dropped, used ones
 * rewritten in place (a `$ref` is never inlined; keywords beside it are
 * dropped, as OpenAI refuses them, or refused when they add structure).
 * Keywords strict mode does not know are dropped, and `enum` values the
 * `type` excludes, and a `title` or `description` that is not a string (it
 * only informs the model; `checkStrict` still names one); keywords it refuses make the result `{ ok: false }` with
 * the schema path (in the input) and the keyword or limit name. Characters
 * are counted in code points.
 *
 * Output keys come in a fixed order: `$ref`; or `anyOf`, `title`,
 * `description`; or `type`, `enum`, `const`, `title`, `description`, `format`,
 * `pattern`, `minLength`, `maxLength`, `minItems`, `maxItems`, `minimum`,
 * `exclusiveMinimum`, `maximum`, `exclusiveMaximum`, `multipleOf`, `items`,
 * `properties`, `required`, `additionalProperties`; then `$defs` and
 * `definitions` at the root. Properties and definitions keep their input order.
 *
 * @param schema - The schema; its root must be `"type": "object"`.
 * @param options - `limits` overrides OpenAI's numbers; `relax.oneOf` / `relax.allOf` opt into the relaxations.
 * @returns `{ ok: true, schema, nullPaths, relaxations }` or `{ ok: false, error: { path, keyword, message } }`.
 *
 * @example
 * ```ts
 * import { strictSchema } from "@x/strict-schema";
 *
 * const result = strictSchema({
 *   type: "object",
 *   properties: { q: { type: "string" }, limit: { type: "integer" } },
 *   required: ["q"],
 * });
 * if (result.ok) {
 *   result.schema.properties; // { q: { type: "string" }, limit: { type: ["integer", "null"] } }
 *   result.nullPaths; // [["limit"]]
 * } else {
 *   result.error; // { path, keyword, message }
 * }
 * ```
 */
export function strictSchema(schema: unknown, options?: StrictSchemaOptions): StrictResult {
  const path: (string | number)[] = [];
  const failure: Failure = {};
  try {
    return rewrite(schema, options, path, failure);
  } catch (thrown) {
    // The failure, else a stack overflow despite the nesting guards, or a throwing getter or Proxy.
    const deep = thrown instanceof RangeError;
    return {
      ok: false,
      error:
        thrown === failure
          ? (failure.error as StrictError)
          : { path, keyword: deep ? "max_depth" : "type", message: `At ${pointer(path)}: ${deep ? "nested too deep; flatten the schema" : `unreadable (${thrown instanceof Error ? thrown.message : describe(thrown)}); pass plain JSON data, as JSON.parse returns`}.` },
    };
  }
}

function rewrite(root: unknown, options: StrictSchemaOptions | undefined, path: (string | number)[], failure: Failure): StrictResult {
  const limits = readLimits(options);
  const relax = own(options, "relax");
  const relaxations: Relaxation[] = [];
  const instance: NullPathSegment[] = [];
  /** Input objects from the root to the current node: meeting one again is a cycle. */
  const ancestors: unknown[] = [];
  /** The units in use, by `$defs/<name>` (the root: ""); a Map iterates what is added while it runs, so it is the queue too. */
  const units = new Map<string, Unit>();
  let unit: Unit;
  let properties = 0;
  let chars = 0;
  let enumValues = 0;
  let nodes = 0;
  /** anyOf sites with null paths met: most schemas have none, and skip their check. */
  let sites = 0;

  const fail = (keyword: string, what: string, at: SchemaPath = path): never => {
    failure.error = { path: at.slice(), keyword, message: `At ${pointer(at)}: ${what}.` };
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel: no stack trace to capture
    throw failure;
  };
  const limit = (name: LimitName): never => fail(name, overLimit(name, limits));
  const unsupported = (key: string): never => fail(key, `"${key}" is not supported in strict mode; ${UNSUPPORTED.get(key)}`);
  const mustBe = (key: string, expected: string, value: unknown): never => fail(key, `"${key}" must be ${expected}; found ${describe(value)}`);
  const count = (length: number): void => {
    chars += length;
    if (chars > limits.maxChars) limit("max_chars");
  };
  const relaxed = (kind: RelaxationKind): number => relaxations.push({ kind, path: path.slice() });
  const analysis = nullAnalysis(root, NESTING, () => fail("max_depth", `nested over ${NESTING} deep; flatten the schema`));

  const walk = (schema: unknown, level: number, depth: number, makeNull: boolean): Plain => {
    const top = depth === 0 && unit.path.length === 0;
    if (depth > NESTING) fail("max_depth", `nested over ${NESTING} deep; flatten the schema`);
    if (++nodes > NODES) fail("max_nodes", `over ${NODES} subschemas (an internal guard, not an OpenAI limit; a shared one counts at each use); shrink the schema`);
    if (!isPlain(schema)) return fail("type", `${describe(schema)} is not a schema object; write one with a "type"`);
    if (ancestors.includes(schema)) fail("$ref", 'this object contains itself (a cycle); recurse with "$ref": "#/$defs/<name>"');
    ancestors.push(schema);
    /** Bit i: SCALARS[i] is kept (its value is read back from the input, which holds it verbatim). */
    let scalars = 0;
    // One pass over the keys with a switch: reading the eleven structural keywords with
    // own() instead is ~30 bytes smaller but makes the corpus rewrite ~20% slower.
    let type: unknown, anyOf: unknown, required: unknown, additional: unknown, values: unknown, constant: unknown, oneOf: unknown, allOf: unknown, ref: unknown, props: unknown, items: unknown;
    for (const key of Object.keys(schema)) {
      const value = schema[key];
      if (value === undefined) continue;
      switch (key) {
        case "type": type = value; continue;
        case "enum": values = value; continue;
        case "const": constant = value; continue;
        case "anyOf": anyOf = value; continue;
        case "oneOf": oneOf = value; continue;
        case "allOf": allOf = value; continue;
        case "$ref": ref = value; continue;
        case "properties": props = value; continue;
        case "required": required = value; continue;
        case "additionalProperties": additional = value; continue;
        case "items": items = value; continue;
      }
      const index = SCALARS.indexOf(key);
      if (index < 0) {
        if (UNSUPPORTED.has(key)) unsupported(key);
      } else if (index < 4 ? typeof value === "string" : index < 8 ? Number.isSafeInteger(value) && (value as number) >= 0 : Number.isFinite(value) && (index < 12 || (value as number) > 0)) {
        if (index !== 2 || FORMATS.has(value)) scalars |= 1 << index;
      } else if (index > 1 && (typeof value !== "boolean" || (index !== 9 && index !== 11))) {
        // (an ill-typed title or description, which only informs the model, is dropped, and so
        // is a draft-04 boolean exclusiveMinimum/Maximum)
        mustBe(key, index < 4 ? "a string" : index < 8 ? "a non-negative integer" : index < 12 ? "a number" : "a number above 0", value);
      }
    }

    let merged: MergedObject | undefined;
    if (allOf !== undefined) {
      if (own(relax, "allOf") !== true) unsupported("allOf");
      const result = Array.isArray(allOf) ? mergeAllOf(schema, allOf) : "it is not a list";
      if (typeof result === "string") return fail("allOf", `cannot merge "allOf": ${result}`);
      merged = result;
      relaxed("allOf-merged");
      type = "object";
      required = merged.required;
      additional = undefined;
    }
    let combinator = "anyOf";
    if (oneOf !== undefined) {
      if (own(relax, "oneOf") !== true) unsupported("oneOf");
      if (anyOf !== undefined || (Array.isArray(oneOf) && !disjointOneOf(oneOf, root))) {
        fail("oneOf", `"oneOf" ${anyOf === undefined ? "branches may overlap" : 'beside "anyOf"'}; use "anyOf"`);
      }
      relaxed("oneOf-as-anyOf");
      anyOf = oneOf;
      combinator = "oneOf";
    }

    let out: Plain;
    if (anyOf !== undefined || ref !== undefined) {
      const keyword = ref === undefined ? combinator : "$ref";
      if (top) fail(keyword, ROOT);
      if (props !== undefined || required !== undefined || additional !== undefined || items !== undefined || (ref !== undefined && anyOf !== undefined)) {
        fail(keyword, `"${keyword}" cannot have sibling keywords that shape values; move them inside`);
      }
      if (ref !== undefined) {
        const target = localRef(ref, root);
        if (typeof target === "string") return fail("$ref", target);
        const key = target.path.join("/");
        let used = units.get(key);
        if (used === undefined) units.set(key, (used = { ...target, entries: [], sites: [] }));
        unit.entries.push({ path: instance.slice(), unit: used, at: path.slice() });
        out = { $ref: ref };
        if (makeNull) out = { anyOf: [out, nullSchema()] };
      } else {
        if (!Array.isArray(anyOf) || anyOf.length === 0) return mustBe(combinator, "a non-empty list", anyOf);
        const site: Site = { depth: instance.length, at: path.slice(), keyword: combinator, branches: [] };
        // (Array.from visits the holes of a sparse list, as undefined)
        const list = Array.from(anyOf, (branch: unknown, index) => {
          const from = unit.entries.length;
          path.push(combinator, index);
          const rewritten = walk(branch, level, depth + 1, false);
          path.pop();
          path.pop();
          site.branches.push({ schema: branch, from, to: unit.entries.length });
          return rewritten;
        });
        if (site.branches.some((branch) => branch.to > branch.from)) sites = unit.sites.push(site);
        if (makeNull) list.push(nullSchema());
        out = { anyOf: list };
      }
    } else {
      let types: string[] | undefined;
      if (type !== undefined) {
        types = Array.isArray(type) ? [...new Set(type as string[])] : [type as string];
        if (types.length === 0 || !types.every((name) => TYPE_NAMES.includes(name))) mustBe("type", `one of ${TYPE_NAMES.join(", ")} or a list of them`, type);
      }
      if (top && types?.join() !== "object") fail("type", ROOT);
      if (type === undefined && values === undefined && constant === undefined) fail("type", 'no "type", "enum", "const", "anyOf" or "$ref"; add a "type"');
      const wrap = makeNull && constant !== undefined;
      out = types === undefined ? {} : { type: types }; // (its place in the key order; set below)
      if (values !== undefined) {
        const badEnum = '"enum" must list strings, numbers, booleans or null';
        if (!Array.isArray(values) || values.length === 0) return fail("enum", badEnum);
        const kept: unknown[] = [];
        let enumChars = 0;
        for (let index = 0; index < values.length; index++) {
          const value: unknown = values[index]; // (a hole of a sparse list reads as undefined)
          if (!isPrimitive(value)) fail("enum", badEnum);
          if (types === undefined || fits(value, types)) {
            kept.push(value);
            if (typeof value === "string") enumChars += codePoints(value);
          }
        }
        if (kept.length === 0) fail("enum", 'no "enum" value fits "type"; remove "enum" or widen "type"');
        if (makeNull && !wrap && !kept.includes(null)) kept.push(null);
        enumValues += kept.length;
        if (enumValues > limits.maxEnumValues) limit("max_enum_values");
        if (kept.length > limits.largeEnumSize && enumChars > limits.maxEnumChars) limit("max_enum_chars");
        count(enumChars);
        out.enum = kept;
      }
      if (constant !== undefined) {
        if (!isPrimitive(constant) || (types !== undefined && !fits(constant, types))) fail("const", '"const" must be a string, number, boolean or null that fits "type"');
        if (typeof constant === "string") count(codePoints(constant));
        out.const = constant;
      }
      if (types !== undefined) {
        if (makeNull && !wrap && !types.includes("null")) types.push("null");
        out.type = types.length === 1 ? types[0] : types;
      }
      // A wrapped const carries its title and description outside, on the anyOf.
      for (let index = wrap ? 2 : 0; scalars >> index !== 0; index++) {
        if ((scalars >> index) & 1) out[SCALARS[index] as string] = schema[SCALARS[index] as string];
      }

      if (types?.includes("array") === true) {
        if (items === undefined || Array.isArray(items)) fail("items", 'an array needs one "items" schema');
        path.push("items");
        instance.push(ITEMS);
        out.items = walk(items, level, depth + 1, false);
        instance.pop();
        path.pop();
      }
      if (types?.includes("object") === true) {
        if (level >= limits.maxDepth) limit("max_depth");
        if (additional !== undefined && additional !== false) {
          fail("additionalProperties", `"additionalProperties" must be false, not ${describe(additional)}; list the properties, or take a JSON-encoded string`);
        }
        if (props === undefined && merged === undefined && !top && additional === undefined) {
          fail("additionalProperties", 'an object needs "properties" ({} for none); take arbitrary keys as a JSON-encoded string');
        }
        if (props !== undefined && !isPlain(props)) mustBe("properties", "an object", props);
        const list = (required ?? []) as unknown[];
        if (!Array.isArray(list) || !list.every((name) => typeof name === "string")) mustBe("required", "a list of names", required);
        const listed = new Set(list); // (a lookup per property: the list may be long)
        const outProps: Plain = {};
        const names: string[] = [];
        // (each merged property comes with the schema path of the allOf part that declared it)
        for (const entry of merged?.properties ?? Object.keys(props ?? {})) {
          const [name, sub, prefix] = typeof entry === "string" ? [entry, (props as Plain)[entry], []] : entry;
          if (sub === undefined) continue;
          if (++properties > limits.maxProperties) limit("max_properties");
          count(codePoints(name));
          for (const segment of prefix) path.push(segment);
          path.push("properties", name);
          instance.push(name);
          const nullable = !listed.has(name) && !analysis.allowsNull(sub);
          if (nullable) unit.entries.push({ path: instance.slice() });
          put(outProps, name, walk(sub, level + 1, depth + 1, nullable));
          names.push(name);
          instance.pop();
          for (let steps = prefix.length + 2; steps > 0; steps--) path.pop();
        }
        out.properties = outProps;
        out.required = names.sort((a, b) => (a < b ? -1 : 1)); // (by UTF-16 code units)
        out.additionalProperties = false;
      }
      if (wrap) out = { anyOf: [out, nullSchema()] };
    }
    // Annotations stay on an anyOf (a bare $ref takes none: OpenAI refuses any keyword beside it).
    if (out.anyOf !== undefined) {
      if (scalars & 1) out.title = schema.title;
      if (scalars & 2) out.description = schema.description;
    }
    ancestors.pop();
    return out;
  };

  if (!isPlain(root)) fail("type", ROOT);
  const top: Unit = { path: [], schema: root, entries: [], sites: [] };
  units.set("", top);
  for (const next of units.values()) {
    unit = next;
    path.push(...unit.path);
    if (unit.path.length > 0) count(codePoints(unit.path[1] as string));
    unit.out = walk(unit.schema, 0, 0, false);
    path.length = 0;
  }
  const out = top.out as Plain;
  const emit = expandNullPaths(units.values(), NESTING, SEGMENTS, fail);
  let nullPaths: NullPath[] = [];
  emit(top.entries, [], (nullPath) => nullPaths.push(nullPath));
  for (const keyword of ["$defs", "definitions"]) {
    const kept: Plain = {};
    for (const name of Object.keys(own(root, keyword) ?? {})) {
      const used = units.get(`${keyword}/${name}`);
      if (used !== undefined) put(kept, name, used.out);
    }
    if (Object.keys(kept).length > 0) out[keyword] = kept;
  }
  if (sites > 0) {
    checkAnyOfNulls(units.values(), emit, analysis.nullsAt, fail);
    // Only branches of an anyOf can repeat a path.
    const seen = new Set<string>();
    nullPaths = nullPaths.filter((nullPath) => {
      const key = JSON.stringify(nullPath);
      return !seen.has(key) && !!seen.add(key);
    });
  }
  return { ok: true, schema: out, nullPaths, relaxations };
}
