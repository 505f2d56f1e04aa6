// One node of the walk: the guards against hostile input, the encoded form
// (with encode), the relaxations, then the rule for what the node is: a `$ref`
// (kept, or spelled out where the target wants it), an `anyOf`, or a typed
// schema (type, enum, const, the kept keywords, array items, object
// properties); last, the constraints the target cannot express written into
// the description, and the node counted towards the budget.
import type { EncodedForm } from "./encoded-form";
import { type KeptKeyword, TYPE_NAMES } from "./keywords";
import { typesWithNull, wrapNullable } from "./nullable";
import { openApiType, openApiTyped } from "./openapi-form";
import { describe, isPlain, type Plain } from "./plain-json";
import { type NodeKeywords, readKeywords, refuseValue } from "./read-keywords";
import { applyAllOf, applyOneOf, type MergedObject } from "./relax";
import {
  formOf,
  NESTING,
  NODES,
  recordEncoding,
  recordRewrite,
  refuse,
  refuseTooDeep,
  type RewriteContext,
  sourcePath,
} from "./rewrite-context";
import { rewriteAnyOf } from "./rewrite-any-of";
import { rewriteObject, writeObject } from "./rewrite-object";
import { changesBase, inlineRef, inlines, rewriteRef } from "./rewrite-ref";
import { rewriteConst, rewriteEnum } from "./rewrite-values";
import { ITEMS } from "./types";

/** Where a node sits: its object nesting level, its depth in subschemas, and whether it must be made nullable. */
export interface NodePlace {
  readonly level: number;
  readonly depth: number;
  readonly makeNull: boolean;
}

/** The message for a root that is not an object schema. */
export const ROOT = 'the root must be "type": "object"; put other values in a property';

/** A free-form value, as a target that keeps one writes `true`. */
const ANY: Plain = {};

/**
 * Rewrites one subschema at `context.path` (and `context.instance`) into its strict form; with
 * encode, its encoded form if it has one (`asEntries`: a free-form map as entries, see encoded-branches.ts).
 */
export function rewriteNode(context: RewriteContext, input: unknown, place: NodePlace, asEntries = false): Plain {
  const top = place.depth === 0 && context.unit.path.length === 0 && context.inlining.length === 0;
  if (place.depth > NESTING) refuseTooDeep(context);
  if (++context.nodes > NODES) {
    const guard = "an internal guard, not an OpenAI limit; a shared one counts at each use";
    refuse(context, "max_nodes", `over ${NODES} subschemas (${guard}); shrink the schema`);
  }
  let form: EncodedForm | undefined;
  let read: NodeKeywords | undefined;
  if (context.encode) {
    // Only `true`, a node without a type or an object can have an encoded form: most nodes are told by
    // their keywords, read once (leniently: what a form replaces is not refused).
    read = isPlain(input) ? readKeywords(context, input, true) : undefined;
    form = read === undefined || mayBeEncoded(read.type) ? formOf(context, input, asEntries, read) : undefined;
  }
  const schema =
    form === undefined ? (input === true && context.target.freeForm ? ANY : input) : encodeHere(context, form);
  if (!isPlain(schema)) {
    return refuse(context, "type", `${describe(schema)} is not a schema object; write one with a "type"`);
  }
  const { ancestors } = context;
  if (ancestors.includes(schema, context.ancestorsFrom)) {
    refuse(context, "$ref", 'this object contains itself (a cycle); recurse with "$ref": "#/$defs/<name>"');
  }
  ancestors.push(schema);
  // (read again, strictly, to refuse in key order; and an encoded form's own keywords)
  const keywords = form === undefined && read?.refusable === false ? read : readKeywords(context, schema);
  const merged = applyAllOf(context, schema, keywords);
  const combinator = applyOneOf(context, keywords);
  const scoped = !top && changesBase(keywords.$id);
  if (scoped) context.idScopes.push(context.path.slice());
  let out: Plain;
  if (keywords.$ref !== undefined || keywords.anyOf !== undefined) {
    refuseShapingSiblings(context, keywords, keywords.$ref === undefined ? combinator : "$ref", top);
    if (keywords.$ref !== undefined && inlines(context, keywords.$ref)) {
      // (counted and described where the target is rewritten)
      out = withAnnotations(inlineRef(context, keywords.$ref, place), schema, keywords.kept);
      if (scoped) context.idScopes.pop();
      ancestors.pop();
      return out;
    }
    out =
      keywords.$ref !== undefined
        ? rewriteRef(context, keywords.$ref, place.makeNull)
        : rewriteAnyOf(context, keywords.anyOf, combinator, place);
  } else {
    out = rewriteTyped(context, schema, keywords, merged, place, top);
  }
  // Annotations stay on an anyOf, or on what an anyOf became (a bare $ref takes none: OpenAI refuses any
  // keyword beside it).
  if (out.anyOf !== undefined || keywords.anyOf !== undefined)
    copyKept(context, out, schema, keywords.kept, "annotations");
  if (keywords.described !== undefined && out.$ref === undefined) describeIn(context, out, schema, keywords.described);
  if (out.anyOf !== undefined || Array.isArray(out.type)) context.unions++;
  if (scoped) context.idScopes.pop();
  ancestors.pop();
  // (a rest's encoding comes after those of its properties: restoring undoes them first)
  if (form?.encoding.kind === "rest") recordEncoding(context, form.encoding);
  return out;
}

/** Whether a node of this `type` may have an encoded form: none, `"object"`, or a list with it. */
const mayBeEncoded = (type: unknown): boolean =>
  type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));

/**
 * Puts `form` in the node's place: records its encoding (a rest's, once its properties are
 * rewritten) and where its parts come from in the input, for refusals inside it.
 */
function encodeHere(context: RewriteContext, form: EncodedForm): Plain {
  const { path } = context;
  const { encoding } = form;
  if (encoding.kind === "json-text") recordEncoding(context, encoding);
  else {
    const source = sourcePath(context, path);
    if (encoding.kind === "rest") context.moves.push([[...path, "properties", encoding.property], source]);
    else {
      recordEncoding(context, encoding);
      context.moves.push(
        [
          [...path, "items", "properties", "value"],
          [...source, "additionalProperties"],
        ],
        [
          [...path, "items", "properties", "key"],
          [...source, "propertyNames"],
        ],
        [path.slice(), source],
      );
    }
  }
  return form.schema;
}

/** A `$ref` or `anyOf` takes no root place, and nothing beside it that shapes values (move it inside). */
function refuseShapingSiblings(context: RewriteContext, keywords: NodeKeywords, keyword: string, top: boolean): void {
  if (top) refuse(context, keyword, ROOT);
  const { properties, required, additionalProperties, items, $ref, anyOf } = keywords;
  const shaping =
    properties !== undefined || required !== undefined || additionalProperties !== undefined || items !== undefined;
  if (shaping || ($ref !== undefined && anyOf !== undefined)) {
    refuse(context, keyword, `"${keyword}" cannot have sibling keywords that shape values; move them inside`);
  }
}

/**
 * Copies the kept keywords of `schema` (all, only the annotations, or all but them; and of those, the ones `only`
 * accepts) to `out`, in the order of the target's table (the output order).
 */
// eslint-disable-next-line max-params -- the context, the node and its kept keywords, then which of them.
function copyKept(
  context: RewriteContext,
  out: Plain,
  schema: Plain,
  kept: readonly KeptKeyword[] | undefined,
  which: "all" | "annotations" | "all but annotations",
  only?: (rule: KeptKeyword) => boolean,
): void {
  if (kept === undefined) return;
  // (most nodes keep one keyword, a description; more are put in output order)
  for (const rule of kept.length === 1 ? kept : context.target.keywords.filter((each) => kept.includes(each))) {
    if ((which === "annotations" && !rule.annotation) || (which === "all but annotations" && rule.annotation)) continue;
    if (only === undefined || only(rule)) out[rule.name] = schema[rule.name];
  }
}

/** A spelled-out `$ref`'s target with the `$ref`'s own title and description, which speak for this place. */
function withAnnotations(out: Plain, schema: Plain, kept: readonly KeptKeyword[] | undefined): Plain {
  if (kept === undefined) return out;
  for (const rule of kept) if (rule.annotation) out[rule.name] = schema[rule.name];
  return out;
}

/**
 * Writes the constraints the target cannot express into `out`'s description, in plain words after what it says
 * ("Page size. At least 1, at most 100."), and lists each in the result.
 */
function describeIn(context: RewriteContext, out: Plain, schema: Plain, described: readonly KeptKeyword[]): void {
  const at = sourcePath(context, context.path);
  const words = described.map((rule) => {
    const text = rule.words(schema[rule.name]);
    context.described.push({ path: [...at, rule.name], keyword: rule.name, text });
    return text;
  });
  const sentence = words.join(", ");
  const capitalised = `${sentence[0]?.toUpperCase() ?? ""}${sentence.slice(1)}.`;
  const before = typeof out.description === "string" ? out.description.trim() : "";
  out.description = before === "" ? capitalised : `${before}${/[.!?]$/.test(before) ? "" : "."} ${capitalised}`;
}

/** Each known type name as a one-name list, shared by every node of that type (the walk never changes one). */
const TYPE_LISTS: ReadonlyMap<string, readonly string[]> = new Map(TYPE_NAMES.map((name) => [name, [name]]));

/** `type` as a list of known names without repeats, or `undefined`; refused when it is anything else. */
function readTypes(context: RewriteContext, type: unknown): readonly string[] | undefined {
  if (type === undefined) return undefined;
  if (typeof type === "string" && TYPE_LISTS.has(type)) return TYPE_LISTS.get(type); // (the common case, at once)
  const types = Array.isArray(type) ? [...new Set<unknown>(type)] : [type];
  if (types.length === 0 || !types.every((name) => TYPE_NAMES.includes(name as string))) {
    refuseValue(context, "type", `one of ${TYPE_NAMES.join(", ")} or a list of them`, type);
  }
  return types as string[];
}

/** A schema with a `type`, an `enum` or a `const` (or, where the target keeps one, none: a free-form value). */
// eslint-disable-next-line max-params -- a step of the walk: the shared context, then the node's own facts.
function rewriteTyped(
  context: RewriteContext,
  schema: Plain,
  keywords: NodeKeywords,
  merged: MergedObject | undefined,
  place: NodePlace,
  top: boolean,
): Plain {
  const { target } = context;
  const written = readTypes(context, keywords.type);
  if (top && written?.join() !== "object") refuse(context, "type", ROOT);
  // OpenAPI 3.0: `nullable: true` beside a `type` is that type or null (at the root, arguments are an object).
  const types = written !== undefined && keywords.nullable === true && !top ? typesWithNull(written) : written;
  if (types === undefined && keywords.enum === undefined && keywords.const === undefined) {
    if (!target.freeForm) refuse(context, "type", 'no "type", "enum", "const", "anyOf" or "$ref"; add a "type"');
    const free: Plain = {};
    copyKept(context, free, schema, keywords.kept, "all");
    return free;
  }
  if (target.enums === "strings" && (keywords.enum !== undefined || keywords.const !== undefined)) {
    return rewriteTextEnum(context, schema, keywords, types);
  }
  // A const cannot take null beside it: a nullable one is wrapped in an anyOf (which carries its annotations).
  const wrap = place.makeNull && keywords.const !== undefined;
  const addNull = place.makeNull && !wrap;
  const out: Plain = {};
  if (types !== undefined) {
    const widened = addNull ? typesWithNull(types) : types;
    out.type = widened.length === 1 ? widened[0] : widened;
  }
  if (keywords.enum !== undefined) out.enum = rewriteEnum(context, keywords.enum, types, addNull);
  if (keywords.const !== undefined) {
    const constant = rewriteConst(context, keywords.const, types);
    // (a target without `const` reads it as a one-value enum)
    if (target.consts === "const") out.const = constant;
    else out.enum = [constant];
  }
  copyKept(context, out, schema, keywords.kept, wrap ? "all but annotations" : "all");
  // (an array without items stays one where the target keeps free-form values)
  if (types?.includes("array") === true && (keywords.items !== undefined || !target.freeForm)) {
    out.items = rewriteItems(context, keywords.items, place);
  }
  if (types?.includes("object") === true) {
    const object = rewriteObject(context, keywords, merged, place, top);
    if (target.objects === "closed") {
      out.properties = object.properties;
      out.required = object.required;
      out.additionalProperties = false;
    } else writeObject(out, object, top);
  }
  if (wrap) return wrapNullable(out);
  return target.types === "openapi" ? openApiTyped(out, target.byName) : out;
}

/**
 * An `enum` or `const` where the target takes only strings (`gemini-openapi`): the values as text, `null` as
 * `nullable: true`; numbers and booleans are recorded (an `enum-text` encoding), for restoreArguments to give back.
 */
function rewriteTextEnum(
  context: RewriteContext,
  schema: Plain,
  keywords: NodeKeywords,
  types: readonly string[] | undefined,
): Plain {
  const values =
    keywords.enum !== undefined
      ? rewriteEnum(context, keywords.enum, types, false)
      : [rewriteConst(context, keywords.const, types)];
  const kept = values.filter((value) => value !== null);
  const texts = kept.map((value) => (typeof value === "string" ? value : JSON.stringify(value)));
  const keyword = keywords.enum !== undefined ? "enum" : "const";
  if (new Set(texts).size < texts.length) {
    refuse(context, keyword, `"${keyword}" holds a string and a number or boolean of the same text; remove one`);
  }
  const out: Plain = { type: openApiType(kept.length === 0 ? "null" : "string") };
  if (kept.length > 0) out.enum = texts;
  copyKept(
    context,
    out,
    schema,
    keywords.kept,
    "all",
    (rule) => rule.types === undefined || rule.types.includes("string"),
  );
  if (kept.length < values.length || types?.includes("null") === true) out.nullable = true;
  const others = kept.filter((value) => typeof value !== "string") as (number | boolean)[];
  if (others.length > 0) {
    recordEncoding(context, { kind: "enum-text", path: [], values: others });
    recordRewrite(context, "enum-as-text");
  }
  return out;
}

/** An array's one `items` schema (a tuple form or none is refused). */
function rewriteItems(context: RewriteContext, items: unknown, place: NodePlace): Plain {
  if (items === undefined || Array.isArray(items)) refuse(context, "items", 'an array needs one "items" schema');
  context.path.push("items");
  context.instance.push(ITEMS);
  const out = rewriteNode(context, items, { level: place.level, depth: place.depth + 1, makeNull: false });
  context.instance.pop();
  context.path.pop();
  return out;
}
