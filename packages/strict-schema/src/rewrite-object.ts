// Objects and `required`, as the target writes them: OpenAI's strict mode
// closes every object (`additionalProperties: false`) and requires every
// property, making one the input did not require, and that did not already
// allow null, nullable with a null path; Anthropic closes every object and
// keeps optional properties optional; Gemini keeps what the input says, maps
// included; Gemini's OpenAPI form has no `additionalProperties` at all.
import { describe, hasOwnProperty, isPlain, type Plain, put } from "./plain-json";
import { encodeHint, refuseValue, type NodeKeywords } from "./read-keywords";
import { codePoints, countChars, refuse, refuseLimit, type RewriteContext } from "./rewrite-context";
import { type NodePlace, rewriteNode } from "./rewrite-node";
import type { MergedObject } from "./relax";

/** A property to rewrite: its name, its schema, and the schema path of the `allOf` part that declared it. */
type Declared = readonly [name: string, schema: unknown, prefix: readonly (string | number)[]];

/**
 * The rewritten `properties` and the names to list in `required`; and, where the target keeps maps, what
 * `additionalProperties` says (`rest`, rewritten when it is a schema).
 */
export interface RewrittenObject {
  readonly properties: Plain;
  readonly required: string[];
  readonly rest?: unknown;
}

/**
 * Rewrites an object node's properties. Refuses an object nested past `max_depth`, an open
 * map (`additionalProperties` other than `false`, or a nested object without `properties`) where the
 * target has no form for one, and malformed `properties` or `required`.
 */
// eslint-disable-next-line max-params -- a step of the walk: the shared context, then the node's own facts.
export function rewriteObject(
  context: RewriteContext,
  keywords: NodeKeywords,
  merged: MergedObject | undefined,
  place: NodePlace,
  top: boolean,
): RewrittenObject {
  const { properties, required, additionalProperties } = keywords;
  const { objects, optional } = context.target;
  if (place.level >= context.limits.maxDepth) refuseLimit(context, "max_depth");
  const open = additionalProperties !== undefined && additionalProperties !== false;
  if (open && objects !== "open") {
    refuse(
      context,
      "additionalProperties",
      `"additionalProperties" must be false, not ${describe(additionalProperties)}; ` +
        `list the properties, or take a JSON-encoded string${encodeHint(context)}`,
    );
  }
  if (properties !== undefined && !isPlain(properties)) refuseValue(context, "properties", "an object", properties);
  // Below the root, no properties (or `{}`) without `additionalProperties: false` means any keys;
  // the root is a tool without arguments.
  if (objects !== "open" && !top && merged === undefined && additionalProperties === undefined && isEmpty(properties)) {
    refuse(
      context,
      "additionalProperties",
      'an object without "properties" takes any keys (an open map); list the properties ' +
        '("additionalProperties": false for none), or take arbitrary keys as a JSON-encoded string' +
        encodeHint(context),
    );
  }
  const listed = readRequired(context, required);
  const declared = declaredProperties(properties, merged);
  refuseUndeclaredRequired(context, listed, declared);
  const out: Plain = {};
  const names: string[] = [];
  for (const [name, schema, prefix] of declared) {
    put(out, name, rewriteProperty(context, name, schema, prefix, !listed.has(name), place));
    names.push(name);
  }
  if (optional === "nullable") return { properties: out, required: sortNames(names) };
  // (the required names in the order the properties are declared)
  const requiredNames = names.filter((name) => listed.has(name));
  context.optional += names.length - requiredNames.length;
  if (objects === "none" && !top && names.length === 0) {
    // "parameters.properties: should be non-empty for OBJECT type", the Gemini API's answer to an empty OBJECT
    refuse(context, "properties", "an object without properties has no OpenAPI form Gemini takes; remove it");
  }
  if (objects !== "open" || additionalProperties === undefined) return { properties: out, required: requiredNames };
  return {
    properties: out,
    required: requiredNames,
    rest: open ? rewriteRest(context, additionalProperties, place) : false,
  };
}

/**
 * Writes an object's keywords where the target does not close every object: `properties` when there are some
 * (or the input wrote them), `required` when it lists some, and `additionalProperties` as the input said it.
 */
export function writeObject(out: Plain, { properties, required, rest }: RewrittenObject, top: boolean): void {
  if (Object.keys(properties).length > 0 || top) out.properties = properties;
  if (required.length > 0) out.required = required;
  if (rest !== undefined) out.additionalProperties = rest;
}

/**
 * A map's value schema, where the target keeps maps (`true` stays `true`). Nothing inside one can be restored
 * (an instance path has no "every value" step): a rewrite there that needs restoring is refused where it is made.
 */
function rewriteRest(context: RewriteContext, rest: unknown, place: NodePlace): unknown {
  if (rest === true) return true;
  context.path.push("additionalProperties");
  context.maps++;
  const out = rewriteNode(context, rest, { level: place.level + 1, depth: place.depth + 1, makeNull: false });
  context.maps--;
  context.path.pop();
  return out;
}

/**
 * `names` sorted in place by UTF-16 code units (Array#sort's default order). A short list, as most
 * objects have, is sorted by insertion: Array#sort costs ~150 ns even for five names, three times as much.
 */
function sortNames(names: string[]): string[] {
  if (names.length > 16) return names.sort();
  for (let index = 1; index < names.length; index++) {
    const name = names[index] as string;
    let at = index;
    for (; at > 0 && (names[at - 1] as string) > name; at--) names[at] = names[at - 1] as string;
    names[at] = name;
  }
  return names;
}

/** Whether `properties` declares none (a property whose schema is `undefined` is absent). */
function isEmpty(properties: Plain | undefined): boolean {
  if (properties === undefined) return true;
  for (const name in properties) {
    if (hasOwnProperty.call(properties, name) && properties[name] !== undefined) return false;
  }
  return true;
}

/** Refuses a `required` name that no property declares: the strict form would forbid what the tool requires. */
function refuseUndeclaredRequired(
  context: RewriteContext,
  listed: ReadonlySet<unknown>,
  declared: readonly Declared[],
): void {
  // (the common case, told without building a set: every listed name is declared)
  let found = 0;
  for (const [name] of declared) if (listed.has(name)) found++;
  if (found === listed.size) return;
  const names = new Set(declared.map(([name]) => name));
  for (const name of listed) {
    if (names.has(name as string)) continue;
    refuse(
      context,
      "required",
      `"required" lists ${describe(name)}, which "properties" does not declare, ` +
        'so no call could include it; declare it in "properties"',
    );
  }
}

/** The names `required` lists, as a set (a lookup per property: the list may be long). */
function readRequired(context: RewriteContext, required: unknown): Set<unknown> {
  const list = required ?? [];
  if (!Array.isArray(list) || !list.every((name) => typeof name === "string")) {
    return refuseValue(context, "required", "a list of names", required);
  }
  return new Set(list);
}

/** A property's own schema path prefix: none (shared, as most properties have it). */
const OWN: readonly string[] = [];

/**
 * The properties in input order, but those whose schema is `undefined` (absent): the node's own,
 * or those an `allOf` merged (each with its part's path).
 */
function declaredProperties(properties: Plain | undefined, merged: MergedObject | undefined): readonly Declared[] {
  if (merged !== undefined) return merged.properties.filter(([, schema]) => schema !== undefined);
  const declared: Declared[] = [];
  for (const name in properties) {
    if (!hasOwnProperty.call(properties, name)) continue;
    const schema = properties[name];
    if (schema !== undefined) declared.push([name, schema, OWN]);
  }
  return declared;
}

/**
 * One property, counted towards `max_properties` and `max_chars`. Where the target requires every property
 * (OpenAI), an optional one is made nullable (with a null path) unless it already allows null (then its null is
 * kept: a kept null, for encodeArguments).
 */
// eslint-disable-next-line max-params -- a step of the walk: the shared context, then the node's own facts.
function rewriteProperty(
  context: RewriteContext,
  name: string,
  schema: unknown,
  prefix: readonly (string | number)[],
  optional: boolean,
  place: NodePlace,
): Plain {
  const { path, instance } = context;
  if (++context.properties > context.limits.maxProperties) refuseLimit(context, "max_properties");
  countChars(context, codePoints(name));
  const depth = path.length;
  for (const segment of prefix) path.push(segment);
  path.push("properties", name);
  instance.push(name);
  let makeNull = false;
  if (optional && context.target.optional === "nullable") {
    makeNull = !context.nulls.allowsNull(schema);
    if (makeNull) context.unit.entries.push({ path: instance.slice() });
    else {
      context.unit.kept.push({ path: instance.slice() });
      context.fills++;
    }
  }
  const out = rewriteNode(context, schema, { level: place.level + 1, depth: place.depth + 1, makeNull });
  instance.pop();
  while (path.length > depth) path.pop(); // (setting an array's length is a call into the runtime; pop is not)
  return out;
}
