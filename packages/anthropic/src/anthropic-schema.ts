// The two schema conversions this package needs, in one place: a tool's
// strict form under Anthropic's strict tool use, with what it spends of the
// request's budget, and the root rules every `input_schema` must meet.
//
// Rules (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations,
// https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use):
// kept are the basic types, `enum` of primitives, `const`, `anyOf`, `allOf`,
// local `$ref` to `$defs`/`definitions`, `required` (optional properties stay
// optional), `additionalProperties: false` (added to every object), `minItems`
// 0 or 1, the listed `format`s and simple `pattern`s; numeric, length and
// larger array bounds are dropped (the server still checks them); an open map,
// `oneOf`, `not`, conditionals, tuples and recursion have no strict form.
//
// This is the one file that speaks to a schema converter: the rest of the
// package calls `anthropicStrictSchema` and `fitRoot` and reads their results.
import type { Plan, StrictError } from "@x/strict-schema";
import type { AnthropicInputSchema } from "./anthropic-types";

/** What a strict tool spends of the request's budget (summed over the strict tools of one request). */
export interface StrictCost {
  /** Properties not in their object's `required`. */
  readonly optionalParameters: number;
  /** Schemas with `anyOf` or a list of types. */
  readonly unionParameters: number;
}

/** A tool's strict form, or why it has none. */
export type AnthropicStrictResult =
  | { readonly ok: true; readonly schema: AnthropicInputSchema; readonly plan: Plan; readonly cost: StrictCost }
  | { readonly ok: false; readonly error: StrictError };

/** A schema that meets the root rules, or why it cannot. */
export type FitRootResult =
  | { readonly ok: true; readonly schema: AnthropicInputSchema; readonly plan: Plan }
  | { readonly ok: false; readonly error: StrictError };

type Schema = { [keyword: string]: unknown };
type Path = (string | number)[];

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const EMPTY_PLAN: Plan = { nullPaths: [], encodings: [] };

// Annotations a strict schema may carry as they are.
const KEPT = new Set(["type", "description", "title", "enum", "const", "required"]);
// Walked into.
const SUBSCHEMAS = new Set(["properties", "items", "anyOf", "allOf", "$defs", "definitions", "additionalProperties"]);
// Left out: constraints strict mode cannot compile (the server still validates) and notes for readers.
const DROPPED = new Set([
  "$schema",
  "$id",
  "$comment",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "contentEncoding",
  "contentMediaType",
]);
// The formats strict mode supports.
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);
// Lookaround, backreferences and word boundaries: patterns strict mode cannot compile.
const COMPLEX_PATTERN = /\(\?[=!<]|\\[1-9]|\\[bB]|\\k</;

class StrictWalk {
  optional = 0;
  unions = 0;
  private readonly visiting = new Set<string>();

  constructor(private readonly root: Schema) {}

  node(schema: unknown, path: Path): Schema {
    if (schema === true) return {};
    if (!isSchema(schema)) throw refusal(path, "type", "A schema must be an object.");
    const out: Schema = {};
    for (const [keyword, value] of Object.entries(schema)) {
      const at = [...path, keyword];
      if (KEPT.has(keyword)) out[keyword] = structuredClone(value);
      else if (DROPPED.has(keyword)) continue;
      else if (keyword === "format") {
        if (typeof value === "string" && FORMATS.has(value)) out.format = value;
      } else if (keyword === "pattern") {
        if (typeof value === "string" && !COMPLEX_PATTERN.test(value)) out.pattern = value;
      } else if (keyword === "minItems") {
        if (value === 0 || value === 1) out.minItems = value;
      } else if (keyword === "$ref") out.$ref = this.ref(value, at);
      else if (SUBSCHEMAS.has(keyword)) this.subschemas(keyword, value, at, out);
      else throw refusal(at, keyword, `Strict tool use does not support ${keyword}.`);
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes("object") || isSchema(schema.properties)) {
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
        throw refusal([...path, "additionalProperties"], "additionalProperties", "An open map has no strict form.");
      out.additionalProperties = false;
      const required = Array.isArray(schema.required) ? schema.required : [];
      this.optional += Object.keys(isSchema(schema.properties) ? schema.properties : {}).filter(
        (name) => !required.includes(name),
      ).length;
    }
    if (Array.isArray(schema.anyOf) || (Array.isArray(schema.type) && schema.type.length > 1)) this.unions++;
    return out;
  }

  private subschemas(keyword: string, value: unknown, at: Path, out: Schema): void {
    if (keyword === "additionalProperties") return; // decided with the object, above
    if (keyword === "items") {
      out.items = this.node(value, at);
    } else if (keyword === "anyOf" || keyword === "allOf") {
      if (!Array.isArray(value)) throw refusal(at, keyword, `${keyword} must be a list.`);
      if (keyword === "allOf" && value.some((branch) => isSchema(branch) && "$ref" in branch))
        throw refusal(at, keyword, "allOf around a $ref has no strict form.");
      out[keyword] = value.map((branch, i) => this.node(branch, [...at, i]));
    } else if (isSchema(value)) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, this.node(sub, [...at, name])]),
      );
    }
  }

  private ref(value: unknown, at: Path): string {
    const match = typeof value === "string" ? /^#\/(\$defs|definitions)\/([^/]+)$/.exec(value) : null;
    if (match === null) throw refusal(at, "$ref", "Only a local $ref to $defs or definitions has a strict form.");
    const name = match[2]!;
    const defs = this.root[match[1]!];
    const target = isSchema(defs) ? defs[name] : undefined;
    if (target === undefined) throw refusal(at, "$ref", `The $ref points to no definition (${String(value)}).`);
    if (this.visiting.has(name)) throw refusal(at, "$ref", "A recursive schema has no strict form.");
    // Walked again on this path only to see recursion: $defs is converted, and counted, once.
    const counted = [this.optional, this.unions] as const;
    this.visiting.add(name);
    try {
      this.node(target, at);
    } finally {
      this.visiting.delete(name);
      [this.optional, this.unions] = counted;
    }
    return value as string;
  }
}

/** Unwinds the walk at the first keyword without a strict form; caught in {@link anthropicStrictSchema}. */
class Refusal extends Error {
  constructor(readonly error: StrictError) {
    super(error.message);
  }
}

function refusal(path: Path, keyword: string, message: string): Refusal {
  return new Refusal({ path, keyword, message });
}

/**
 * The strict form of a tool's `inputSchema` under Anthropic's strict tool
 * use, and what it costs of the request's budget, or why it has none.
 *
 * @param schema - the tool's `inputSchema`
 * @returns `{ ok: true, schema, plan, cost }` or `{ ok: false, error }`
 */
export function anthropicStrictSchema(schema: unknown): AnthropicStrictResult {
  if (!isSchema(schema) || (schema.type !== undefined && schema.type !== "object"))
    return { ok: false, error: { path: ["type"], keyword: "type", message: "The root must be an object schema." } };
  const walk = new StrictWalk(schema);
  try {
    const out = walk.node({ ...schema, type: "object" }, []);
    return {
      ok: true,
      schema: out as AnthropicInputSchema,
      plan: EMPTY_PLAN,
      cost: { optionalParameters: walk.optional, unionParameters: walk.unions },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.error };
    // A schema too deep to walk (a hostile one): no strict form, never a throw.
    return { ok: false, error: { path: [], keyword: "max_depth", message: "The schema is nested too deep." } };
  }
}

/**
 * `schema` made to meet the root rules every `input_schema` must meet, strict
 * or not (https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools:
 * an object root, without `anyOf`, `oneOf` or `allOf` there): a missing root
 * `type` becomes `"object"`, and a root combinator whose branches are all
 * objects (or untyped) becomes one object with every branch's properties (required: those
 * every branch requires for `anyOf`/`oneOf`, any branch requires for `allOf`),
 * which takes the same arguments, so the plan is empty. Any other root cannot
 * be sent.
 *
 * @param schema - the tool's `inputSchema`
 * @returns `{ ok: true, schema, plan }` or `{ ok: false, error }`
 */
export function fitRoot(schema: unknown): FitRootResult {
  if (!isSchema(schema)) return rootError(["type"], "type", "The root must be an object schema.");
  const copy = structuredClone(schema);
  for (const keyword of ["anyOf", "oneOf", "allOf"] as const) {
    if (!(keyword in copy)) continue;
    const branches = copy[keyword];
    // A branch without a type constrains the object too (`{ required: ["a"] }`: "give a, or b").
    if (
      !Array.isArray(branches) ||
      !branches.every((b) => isSchema(b) && (b.type === undefined || b.type === "object"))
    )
      return rootError([keyword], keyword, `A root ${keyword} whose branches are not all objects cannot be sent.`);
    delete copy[keyword];
    merge(copy, branches, keyword === "allOf");
  }
  if (copy.type !== undefined && copy.type !== "object")
    return rootError(["type"], "type", "The root must be an object schema.");
  return { ok: true, schema: { ...copy, type: "object" }, plan: EMPTY_PLAN };
}

function merge(root: Schema, branches: readonly Schema[], all: boolean): void {
  const properties: Schema = isSchema(root.properties) ? { ...root.properties } : {};
  const requiredBy = branches.map((b) => (Array.isArray(b.required) ? (b.required as string[]) : []));
  for (const branch of branches) {
    for (const [name, sub] of Object.entries(isSchema(branch.properties) ? branch.properties : {})) {
      properties[name] ??= sub;
    }
  }
  const names = Object.keys(properties);
  const required = names.filter((name) =>
    all ? requiredBy.some((list) => list.includes(name)) : requiredBy.every((list) => list.includes(name)),
  );
  const own = Array.isArray(root.required) ? (root.required as string[]) : [];
  root.properties = properties;
  const merged = [...new Set([...own, ...required])];
  if (merged.length > 0) root.required = merged;
}

function rootError(path: Path, keyword: string, message: string): FitRootResult {
  return { ok: false, error: { path, keyword, message } };
}
