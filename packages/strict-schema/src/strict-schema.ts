// The strict-mode rewriter: one pass over the root schema, then over each
// definition a reachable `$ref` uses, building only what it outputs.
import { nullAnalysis } from "./allows-null";
import { FORMATS, SCALARS, UNSUPPORTED } from "./keywords";
import { readLimits } from "./limits";
import { localRef } from "./local-ref";
import { checkAnyOfNulls, expandNullPaths, type Site, type Unit } from "./null-paths";
import { describe, isPlain, own, type Plain, pointer, put } from "./plain-json";
import { disjointOneOf, type MergedObject, mergeAllOf } from "./relax";
import { ITEMS } from "./types";
import type { NullPath, NullPathSegment, Relaxation, SchemaPath, StrictError, StrictResult, StrictSchemaOptions } from "./types";

/** Subschemas (or `$ref`s) nested deeper than this fail with `max_depth` before the stack does. */
const NESTING = 512;
/** Subschemas visited in total (a shared object counts once per use) before giving up with `max_nodes`. */
const NODES = 100_000;
/** Null paths one unit may expand to through `$ref`s. */
const NULL_PATHS = 10_000;

const TYPE_NAMES = "string number integer boolean object array null".split(" ");
/** `[name]` for each type name, shared so that the common single `type` allocates nothing (never output as is). */
const SINGLE = new Map<unknown, readonly string[]>(TYPE_NAMES.map((name) => [name, [name]]));
const NO_PREFIX: readonly (string | number)[] = [];
const ROOT = 'the root must be "type": "object"';

/** Thrown to unwind the walk with the result's error; caught in strictSchema, never escapes. */
class Failure {
  constructor(readonly error: StrictError) {}
}

/** Sorts in place by UTF-16 code units; insertion sort beats Array#sort on the short lists objects have. */
const sortNames = (names: string[]): string[] => {
  if (names.length > 32) return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < names.length; i++) {
    const name = names[i] as string;
    let j = i;
    for (; j > 0 && (names[j - 1] as string) > name; j--) names[j] = names[j - 1] as string;
    names[j] = name;
  }
  return names;
};

const fits = (value: unknown, types: readonly string[]): boolean =>
  types.some((type) => (type === "null" ? value === null : type === "integer" ? Number.isInteger(value) : typeof value === type && type !== "object"));

/** Unicode code points of a string (how OpenAI counts characters). */
const codePoints = (text: string): number => {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
};

const isPrimitive = (value: unknown): boolean => value === null || typeof value === "string" || typeof value === "boolean" || Number.isFinite(value);

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
 * `type` excludes; keywords it refuses make the result `{ ok: false }` with
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
  try {
    return rewrite(schema, options, path);
  } catch (thrown) {
    if (thrown instanceof Failure) return { ok: false, error: thrown.error };
    // A stack overflow despite the nesting guards, or a throwing getter or Proxy.
    const deep = thrown instanceof RangeError;
    return {
      ok: false,
      error: { path: path.slice(), keyword: deep ? "max_depth" : "type", message: `At ${pointer(path)}: ${deep ? "nested too deep" : `unreadable (${String(thrown)})`}.` },
    };
  }
}

function rewrite(root: unknown, options: StrictSchemaOptions | undefined, path: (string | number)[]): StrictResult {
  const limits = readLimits(options);
  const relax = own(options, "relax");
  const relaxations: Relaxation[] = [];
  const instance: NullPathSegment[] = [];
  /** Input objects from the root to the current node, each followed by its path length. */
  const ancestors: unknown[] = [];
  const units = new Map<string, Unit & { out?: Plain }>();
  const queue: (Unit & { out?: Plain })[] = [];
  let unit: Unit;
  let properties = 0;
  let chars = 0;
  let enumValues = 0;
  let nodes = 0;
  /** `$ref`s and anyOf sites with null paths met: most schemas have neither, and skip their checks. */
  let refs = 0;
  let sites = 0;

  const fail = (keyword: string, what: string, at: SchemaPath = path): never => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel: no stack trace to capture
    throw new Failure({ path: at.slice(), keyword, message: `At ${pointer(at)}: ${what}.` });
  };
  /** A depth or size limit was hit: a cycle in the object graph is the better explanation when there is one. */
  const tooBig = (keyword: string, what: string): never => {
    for (let i = 0; i < ancestors.length; i += 2) {
      if (ancestors.indexOf(ancestors[i]) < i) fail("$ref", "a cycle; recurse with a $ref", path.slice(0, ancestors[i + 1] as number));
    }
    return fail(keyword, what);
  };
  const unsupported = (key: string): never => fail(key, `"${key}" is unsupported; ${UNSUPPORTED[key]}`);
  const limit = (keyword: string, what: string): never => fail(keyword, `over ${what} (OpenAI's limit); shorten the schema`);
  const count = (length: number): void => {
    chars += length;
    if (chars > limits.maxChars) limit("max_chars", `${limits.maxChars} characters of names, enums and consts`);
  };
  const analysis = nullAnalysis(root, NESTING, () => tooBig("max_depth", `nested over ${NESTING} deep`));
  const nullSchema = (): Plain => ({ type: "null" });
  /** Copies the kept `title` and `description` (bits 0 and 1 of `scalars`). */
  const annotate = (out: Plain, schema: Plain, scalars: number): Plain => {
    if (scalars & 1) out.title = schema.title;
    if (scalars & 2) out.description = schema.description;
    return out;
  };

  const walk = (node: unknown, level: number, depth: number, makeNull: boolean): Plain => {
    const top = depth === 0 && unit.path.length === 0;
    if (depth > NESTING) tooBig("max_depth", `nested over ${NESTING} deep`);
    if (++nodes > NODES) tooBig("max_nodes", `over ${NODES} subschemas`);
    if (!isPlain(node)) fail("type", `${describe(node)} is no schema object`);
    const schema = node as Plain;
    ancestors.push(schema, path.length);
    let type: unknown, values: unknown, constant: unknown, anyOf: unknown, oneOf: unknown, allOf: unknown, ref: unknown;
    let props: unknown, required: unknown, additional: unknown, items: unknown;
    let hasConst = false;
    /** Bit i: SCALARS[i] is kept (its value is read back from the input, which holds it verbatim). */
    let scalars = 0;
    for (const key of Object.keys(schema)) {
      const value = schema[key];
      if (value === undefined) continue; // as JSON.stringify would send it
      switch (key) {
        case "type": type = value; break;
        case "enum": values = value; break;
        case "const": constant = value; hasConst = true; break;
        case "anyOf": anyOf = value; break;
        case "oneOf": oneOf = value; break;
        case "allOf": allOf = value; break;
        case "$ref": ref = value; break;
        case "properties": props = value; break;
        case "required": required = value; break;
        case "additionalProperties": additional = value; break;
        case "items": items = value; break;
        default: {
          const index = SCALARS.indexOf(key);
          if (index >= 0) {
            // strings, then non-negative integers, then numbers, then a positive number
            if (index < 4 ? typeof value === "string" : index < 8 ? Number.isSafeInteger(value) && (value as number) >= 0 : Number.isFinite(value) && (index < 12 || (value as number) > 0)) {
              if (index !== 2 || FORMATS.has(value)) scalars |= 1 << index;
            } else if (typeof value !== "boolean" || (index !== 9 && index !== 11)) {
              // (a draft-04 boolean exclusiveMinimum/Maximum is dropped)
              fail(key, `"${key}" must be a ${index < 4 ? "string" : index < 8 ? "natural number" : "number"}`);
            }
          } else if (UNSUPPORTED[key] !== undefined) {
            unsupported(key);
          }
        }
      }
    }

    let merged: MergedObject | undefined;
    if (allOf !== undefined) {
      if (own(relax, "allOf") !== true) unsupported("allOf");
      const result = Array.isArray(allOf) ? mergeAllOf(schema, allOf) : "it is not a list";
      if (typeof result === "string") return fail("allOf", `cannot merge "allOf": ${result}`);
      merged = result;
      relaxations.push({ kind: "allOf-merged", path: path.slice() });
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
      relaxations.push({ kind: "oneOf-as-anyOf", path: path.slice() });
      anyOf = oneOf;
      combinator = "oneOf";
    }

    let out: Plain;
    if (anyOf !== undefined || ref !== undefined) {
      const keyword = ref === undefined ? combinator : "$ref";
      if (top) fail(keyword, ROOT);
      if (props !== undefined || required !== undefined || additional !== undefined || items !== undefined || (ref !== undefined && anyOf !== undefined)) {
        fail(keyword, `nothing may sit beside "${keyword}"; move it inside`);
      }
      if (ref !== undefined) {
        const target = localRef(ref, root);
        if (typeof target === "string") return fail("$ref", target);
        const key = target.path.join("/");
        let used = units.get(key);
        if (used === undefined) {
          units.set(key, (used = { path: target.path, schema: target.schema, entries: [], sites: [] }));
          queue.push(used);
        }
        unit.entries.push({ path: instance.slice(), unit: used, at: path.slice() });
        refs++;
        out = makeNull ? annotate({ anyOf: [{ $ref: ref }, nullSchema()] }, schema, scalars) : { $ref: ref };
      } else {
        if (!Array.isArray(anyOf) || anyOf.length === 0) return fail(combinator, `"${combinator}" must list schemas`);
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
        out = annotate({ anyOf: list }, schema, scalars);
      }
    } else {
      out = {};
      let types: readonly string[] | undefined;
      if (type !== undefined) {
        types = SINGLE.get(type);
        if (types === undefined && !(Array.isArray(type) && (types = [...new Set(type as unknown[])] as string[]).length > 0 && types.every((name) => SINGLE.has(name)))) {
          fail("type", `"type" must name JSON types, not ${describe(type)}`);
        }
        out.type = types;
      }
      if (top && types?.join() !== "object") fail("type", ROOT);
      if (type === undefined && values === undefined && !hasConst) fail("type", 'no "type", "enum", "const", "anyOf" or "$ref"; add a "type"');
      const addNull = makeNull && !hasConst;
      if (values !== undefined) {
        const badEnum = '"enum" must list strings, numbers, booleans or null';
        if (!Array.isArray(values) || values.length === 0) return fail("enum", badEnum);
        const kept: unknown[] = [];
        for (let index = 0; index < values.length; index++) {
          const value: unknown = values[index]; // (a hole of a sparse list reads as undefined)
          if (!isPrimitive(value)) fail("enum", badEnum);
          if (types === undefined || fits(value, types)) kept.push(value);
        }
        if (kept.length === 0) fail("enum", 'no "enum" value fits "type"');
        if (addNull && !kept.includes(null)) kept.push(null);
        enumValues += kept.length;
        if (enumValues > limits.maxEnumValues) limit("max_enum_values", `${limits.maxEnumValues} enum values`);
        let enumChars = 0;
        for (const value of kept) if (typeof value === "string") enumChars += codePoints(value);
        if (kept.length > limits.largeEnumSize && enumChars > limits.maxEnumChars) {
          limit("max_enum_chars", `${limits.maxEnumChars} characters in an enum of over ${limits.largeEnumSize} values`);
        }
        count(enumChars);
        out.enum = kept;
      }
      if (hasConst) {
        if (!isPrimitive(constant) || (types !== undefined && !fits(constant, types))) fail("const", '"const" must be a string, number, boolean or null that fits "type"');
        if (typeof constant === "string") count(codePoints(constant));
        out.const = constant;
      }
      if (types !== undefined) {
        if (addNull && !types.includes("null")) types = [...types, "null"];
        out.type = types.length === 1 ? types[0] : types.slice();
      }
      for (let index = 0; scalars >> index !== 0; index++) {
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
        if (level >= limits.maxDepth) tooBig("max_depth", `over ${limits.maxDepth} levels of objects (OpenAI's limit); flatten the schema`);
        if ((additional !== undefined && additional !== false) || (props === undefined && merged === undefined && !top && additional === undefined)) {
          fail("additionalProperties", "open maps are unsupported; list the properties");
        }
        if (props !== undefined && !isPlain(props)) fail("properties", '"properties" must be an object');
        if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === "string"))) fail("required", '"required" must list names');
        const list = (required ?? []) as string[];
        const listed = list.length > 16 ? new Set(list) : undefined; // (a Set pays off only for long lists)
        const outProps: Plain = {};
        const names: string[] = [];
        const declared = merged === undefined ? Object.keys(props ?? {}) : merged.properties.map((entry) => entry[0]);
        for (let index = 0; index < declared.length; index++) {
          const name = declared[index] as string;
          const sub = merged === undefined ? (props as Plain)[name] : merged.properties[index]?.[1];
          const prefix = merged?.properties[index]?.[2] ?? NO_PREFIX;
          if (sub === undefined) continue;
          if (++properties > limits.maxProperties) limit("max_properties", `${limits.maxProperties} properties`);
          count(codePoints(name));
          for (const segment of prefix) path.push(segment);
          path.push("properties", name);
          instance.push(name);
          const nullable = !(listed === undefined ? list.includes(name) : listed.has(name)) && !analysis.allowsNull(sub);
          if (nullable) unit.entries.push({ path: instance.slice() });
          put(outProps, name, walk(sub, level + 1, depth + 1, nullable));
          names.push(name);
          instance.pop();
          for (let steps = prefix.length + 2; steps > 0; steps--) path.pop();
        }
        out.properties = outProps;
        out.required = sortNames(names);
        out.additionalProperties = false;
      }
      if (makeNull && hasConst) {
        out = annotate({ anyOf: [out, nullSchema()] }, schema, scalars);
        delete (out.anyOf as Plain[])[0]?.title;
        delete (out.anyOf as Plain[])[0]?.description;
      }
    }
    ancestors.pop();
    ancestors.pop();
    return out;
  };

  if (!isPlain(root)) fail("type", ROOT);
  const top: Unit & { out?: Plain } = { path: [], schema: root, entries: [], sites: [] };
  units.set("", top);
  queue.push(top);
  for (const next of queue) {
    unit = next;
    for (const segment of unit.path) path.push(segment);
    if (unit.path.length > 0) count(codePoints(unit.path[1] as string));
    next.out = walk(unit.schema, 0, 0, false);
    path.length = 0;
  }
  const out = top.out as Plain;
  const all = [...units.values()];
  let nullPaths = top.entries.map((entry) => entry.path);
  let expanded = new Map<Unit, NullPath[]>();
  if (refs > 0) {
    // A definition that is only a $ref must lead to a schema, not back to itself.
    const reaches = new Set<Unit>();
    for (const start of queue) {
      const chain = new Set<Unit>();
      for (let at: (Unit & { out?: Plain }) | undefined = start; at?.out?.$ref !== undefined && !reaches.has(at); at = at.entries[0]?.unit) {
        if (chain.has(at)) fail("$ref", "a $ref loop", at.path);
        chain.add(at);
      }
      for (const each of chain) reaches.add(each);
    }
    expanded = expandNullPaths(all, NULL_PATHS, NESTING, fail);
    nullPaths = expanded.get(top) ?? [];
    for (const keyword of ["$defs", "definitions"]) {
      const kept: Plain = {};
      let any = false;
      for (const name of Object.keys(own(root, keyword) ?? {})) {
        const used = units.get(`${keyword}/${name}`);
        if (used?.out !== undefined) {
          put(kept, name, used.out);
          any = true;
        }
      }
      if (any) out[keyword] = kept;
    }
  }
  if (sites > 0) {
    checkAnyOfNulls(all, expanded, analysis.nullAt, fail);
    // Only branches of an anyOf can repeat a path.
    const seen = new Set<string>();
    nullPaths = nullPaths.filter((nullPath) => {
      const key = JSON.stringify(nullPath);
      return !seen.has(key) && !!seen.add(key);
    });
  }
  return { ok: true, schema: out, nullPaths, relaxations };
}
