// What an API's form of a tool's schema changed from the schema the server
// lists, as the Tools view shows it: each change at its place in the original
// (a schema path) with its kind and a few words. The adapters' reports say
// what they rewrote on purpose (properties made nullable, constraints written
// into descriptions, encodings, rewrites, relaxations); a walk over both
// schemas, side by side, finds the rest (keywords added or dropped).
import type { Described, Encoding, NullPath, Relaxation, Rewrite, SchemaPath } from "@x/strict-schema";
import type { SchemaChange } from "../shared/api-types";

/** What an adapter's report says about one tool, for one API. */
export interface ToolReport {
  readonly nullPaths?: readonly NullPath[] | undefined;
  readonly described?: readonly Described[] | undefined;
  readonly encoded?: readonly Encoding[] | undefined;
  readonly rewrites?: readonly Rewrite[] | undefined;
  readonly relaxed?: readonly Relaxation[] | undefined;
}

type Schema = { readonly [keyword: string]: unknown };

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords whose value is a map of schemas, a schema, or a list of schemas: the walk goes into them. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMAS = new Set([
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

const ENCODING_WORDS: { readonly [kind in Encoding["kind"]]: (encoding: Encoding) => string } = {
  entries: () => "an open map, sent as a list of { key, value } entries; the server gets the object back",
  "json-text": () => "sent as JSON text (a string); the server gets the value back",
  rest: (encoding) =>
    `its other properties, sent as { key, value } entries in “${"property" in encoding ? encoding.property : ""}”`,
  "enum-text": () => "its numbers and booleans sent as text; the server gets the values back",
  wrap: (encoding) => `wrapped in an object, as its property “${"property" in encoding ? encoding.property : ""}”`,
};

const REWRITE_WORDS: { readonly [kind in Rewrite["kind"]]: string } = {
  "ref-inlined": "the $ref spelled out in place (this API takes no $ref)",
  "recursion-cut": "recursion cut here: deeper levels are sent as JSON text",
  "enum-as-text": "its enum values sent as text",
};

const RELAXATION_WORDS: { readonly [kind in Relaxation["kind"]]: string } = {
  "oneOf-as-anyOf": "oneOf sent as anyOf (its branches cannot overlap)",
  "allOf-merged": "allOf merged into one schema",
};

const RELAXED_KEYWORD: { readonly [kind in Relaxation["kind"]]: string } = {
  "oneOf-as-anyOf": "oneOf",
  "allOf-merged": "allOf",
};

/** A value in a few characters. */
function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 48 ? text : `${text.slice(0, 45)}…`;
}

const samePath = (a: SchemaPath, b: SchemaPath): boolean =>
  a.length === b.length && a.every((segment, at) => segment === b[at]);

/**
 * The schema path, in the schema as the server lists it, of an instance
 * location (property names, and `null` for every array element).
 *
 * @example
 * ```ts
 * schemaPathOf(["attendees", null, "name"]); // ["properties", "attendees", "items", "properties", "name"]
 * ```
 */
export function schemaPathOf(path: NullPath): SchemaPath {
  return path.flatMap((segment) => (segment === null ? ["items"] : ["properties", segment]));
}

/** What the walk knows besides the two schemas: the report's places, and the changes found so far. */
interface Walk {
  readonly nullable: readonly SchemaPath[];
  readonly report: ToolReport;
  readonly changes: SchemaChange[];
}

/** The sent schema without the null strict mode allowed (`[t, "null"]`, `anyOf: [x, { type: "null" }]`), if any. */
function withoutNull(sent: Schema): Schema {
  const { type, anyOf } = sent;
  if (Array.isArray(type) && type.includes("null")) {
    const rest = type.filter((each) => each !== "null");
    return { ...sent, type: rest.length === 1 ? rest[0] : rest };
  }
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((branch) => isSchema(branch) && branch["type"] === "null");
    const other: unknown = anyOf[1 - nullAt];
    if (nullAt !== -1 && isSchema(other)) {
      const { anyOf: _wrapper, ...siblings } = sent;
      return { ...siblings, ...other };
    }
  }
  return sent;
}

/** `required` compared as sets: what the sent schema adds and drops. */
function requiredChange(before: unknown, after: unknown): string | undefined {
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((each): each is string => typeof each === "string") : [];
  const [was, now] = [list(before), list(after)];
  const added = now.filter((name) => !was.includes(name));
  const dropped = was.filter((name) => !now.includes(name));
  if (added.length === 0 && dropped.length === 0) return undefined;
  return [added.length === 0 ? null : `+ ${added.join(", ")}`, dropped.length === 0 ? null : `− ${dropped.join(", ")}`]
    .filter((part) => part !== null)
    .join("; ");
}

/** Walks the original and the sent schema side by side, from `path`, adding what differs. */
function compare(original: unknown, sent: unknown, path: SchemaPath, walk: Walk): void {
  const add = (change: Omit<SchemaChange, "path"> & { path?: SchemaPath }): void => {
    walk.changes.push({
      path: [...(change.path ?? path)],
      keyword: change.keyword,
      kind: change.kind,
      words: change.words,
    });
  };
  // A part the API gets in another form (an encoding, a rewrite): said once, not walked.
  const encoding = walk.report.encoded?.find((each) => samePath(schemaPathOf(each.path), path));
  if (encoding !== undefined)
    return add({ keyword: null, kind: "encoded", words: ENCODING_WORDS[encoding.kind](encoding) });
  const rewrite = walk.report.rewrites?.find((each) => samePath(each.path, path));
  if (rewrite !== undefined) return add({ keyword: null, kind: "rewritten", words: REWRITE_WORDS[rewrite.kind] });
  if (!isSchema(original) || !isSchema(sent)) {
    if (JSON.stringify(original) !== JSON.stringify(sent)) {
      add({ keyword: null, kind: "changed", words: `${brief(original)} → ${brief(sent)}` });
    }
    return;
  }
  let form = sent;
  if (walk.nullable.some((each) => samePath(each, path))) {
    add({ keyword: null, kind: "nullable", words: "optional, so it may be null: a null from the model is left out" });
    form = withoutNull(sent);
  }
  // (recorded at the keyword's own path, or at the node's)
  const described = (walk.report.described ?? []).filter(
    (each) => samePath(each.path, [...path, each.keyword]) || samePath(each.path, path),
  );
  for (const each of described) {
    add({
      keyword: each.keyword,
      kind: "described",
      words: `${each.keyword} written into the description: “${each.text}”`,
    });
  }
  // (recorded at the node, or at its keyword)
  const relaxation = walk.report.relaxed?.find(
    (each) => samePath(each.path, path) || samePath(each.path, [...path, RELAXED_KEYWORD[each.kind]]),
  );
  if (relaxation !== undefined) {
    add({ keyword: RELAXED_KEYWORD[relaxation.kind], kind: "relaxed", words: RELAXATION_WORDS[relaxation.kind] });
  }
  const explained = new Set(described.map((each) => each.keyword));
  if (described.length > 0) explained.add("description");
  for (const keyword of new Set([...Object.keys(original), ...Object.keys(form)])) {
    if (explained.has(keyword)) continue;
    const [before, after] = [original[keyword], form[keyword]];
    const inOriginal = Object.hasOwn(original, keyword);
    const inSent = Object.hasOwn(form, keyword);
    if (!inSent) {
      // A relaxed oneOf comes back as anyOf: walk its branches instead of saying it was dropped.
      if (relaxation?.kind === "oneOf-as-anyOf" && keyword === "oneOf")
        compareList(before, form["anyOf"], [...path, "anyOf"], walk);
      else add({ keyword, kind: "dropped", words: `${keyword}: ${brief(before)} dropped` });
      continue;
    }
    if (!inOriginal) {
      if (relaxation?.kind === "oneOf-as-anyOf" && keyword === "anyOf") continue;
      add({ keyword, kind: "added", words: `${keyword}: ${brief(after)} added` });
      continue;
    }
    if (SCHEMA_MAPS.has(keyword) && isSchema(before) && isSchema(after)) {
      for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const at = [...path, keyword, name];
        if (!Object.hasOwn(after, name)) add({ path: at, keyword: null, kind: "dropped", words: `“${name}” dropped` });
        else if (!Object.hasOwn(before, name))
          add({ path: at, keyword: null, kind: "added", words: `“${name}” added` });
        else compare(before[name], after[name], at, walk);
      }
    } else if (SCHEMAS.has(keyword) && isSchema(before) && isSchema(after)) {
      compare(before, after, [...path, keyword], walk);
    } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(before) && Array.isArray(after)) {
      compareList(before, after, [...path, keyword], walk);
    } else if (keyword === "required") {
      const words = requiredChange(before, after);
      if (words !== undefined) add({ keyword, kind: "changed", words: `required: ${words}` });
    } else if (JSON.stringify(before) !== JSON.stringify(after)) {
      add({ keyword, kind: "changed", words: `${keyword}: ${brief(before)} → ${brief(after)}` });
    }
  }
}

function compareList(before: unknown, after: unknown, path: SchemaPath, walk: Walk): void {
  const [was, now] = [Array.isArray(before) ? before : [], Array.isArray(after) ? after : []];
  for (let at = 0; at < Math.max(was.length, now.length); at++) {
    if (at >= now.length) walk.changes.push({ path: [...path, at], keyword: null, kind: "dropped", words: "dropped" });
    else if (at >= was.length) walk.changes.push({ path: [...path, at], keyword: null, kind: "added", words: "added" });
    else compare(was[at], now[at], [...path, at], walk);
  }
}

/**
 * What `sent` (an API's form of a tool's input schema) changed from
 * `original` (the schema as the server lists it): each change at its schema
 * path in the original, in the order a reader meets them. `report` is what the
 * adapter's report says about the tool for that API.
 *
 * @example
 * ```ts
 * schemaChanges({ type: "object", properties: { a: { type: "string" } } }, strictForm, { nullPaths: [["a"]] });
 * // [{ path: [], keyword: "additionalProperties", kind: "added", … },
 * //  { path: ["properties", "a"], keyword: null, kind: "nullable", … }, …]
 * ```
 */
export function schemaChanges(original: unknown, sent: unknown, report: ToolReport): SchemaChange[] {
  const walk: Walk = { nullable: (report.nullPaths ?? []).map(schemaPathOf), report, changes: [] };
  compare(original, sent, [], walk);
  return walk.changes;
}
