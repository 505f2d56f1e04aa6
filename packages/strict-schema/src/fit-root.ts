// The root rules alone, for a tool sent without strict mode: the provider still
// wants its arguments described by an object schema, and Anthropic refuses a
// root anyOf, oneOf or allOf even then ("input_schema does not support oneOf,
// allOf, or anyOf at the top level", the API's answer). Everything below the
// root is left as the tool wrote it.
import type { Plan } from "./plan";
import { describe, isPlain, type Plain } from "./plain-json";
import { mergeAllOf } from "./relax";
import { targetOf } from "./targets";
import type { JsonSchemaObject, StrictError, TargetName } from "./types";

/** Options of {@link fitRoot}. */
export interface FitRootOptions {
  /** The provider whose root rules to meet; `"openai"` by default. */
  readonly target?: TargetName;
}

/** The result of {@link fitRoot}: never an exception. */
export type FitRootResult =
  | { readonly ok: true; readonly schema: JsonSchemaObject; readonly plan: Plan }
  | { readonly ok: false; readonly error: StrictError & { readonly target: TargetName } };

/** The property a wrapped root is sent in. */
const VALUE = "value";

/** Keywords that stay at the root when it is wrapped: they speak of the document, not of the value. */
const DOCUMENT = ["$schema", "$id", "$defs", "definitions", "$comment"];

/**
 * Makes a tool's schema meet the provider's rules for the root and nothing else, for a tool sent without strict
 * mode: a root `allOf` of objects that is not an object itself (or that Anthropic refuses at the top) is merged
 * into one object where its parts agree, and any other root that is not an object (or that Anthropic refuses: an
 * `anyOf`, `oneOf` or `allOf` at the top) is wrapped as the one required property `value` of an object. Never
 * throws; the output shares no objects with the input.
 *
 * @param schema - The tool's `inputSchema`.
 * @param options - `target`: the provider (`"openai"` by default).
 * @returns `{ ok: true, schema, plan }`, where `restoreArguments(args, plan)` unwraps what the model sent, or
 *   `{ ok: false, error: { path, keyword, message, target } }` for a schema that is not JSON, or a root that cannot
 *   be wrapped (a `$ref` points into it).
 *
 * @example
 * ```ts
 * import { fitRoot, restoreArguments } from "@x/strict-schema";
 *
 * const fitted = fitRoot({ anyOf: [{ type: "string" }, { type: "number" }] }, { target: "anthropic" });
 * if (fitted.ok) {
 *   fitted.schema; // { type: "object", properties: { value: { anyOf: [...] } }, required: ["value"] }
 *   restoreArguments({ value: 3 }, fitted.plan); // { ok: true, value: 3 }
 * }
 * ```
 */
export function fitRoot(schema: unknown, options?: FitRootOptions): FitRootResult {
  const rules = targetOf(isPlain(options) ? options.target : undefined);
  if (rules === undefined) {
    const given = describe(isPlain(options) ? options.target : undefined);
    return failure(
      "openai",
      "target",
      `options.target must be "openai", "anthropic", "gemini" or "gemini-openapi", not ${given}`,
    );
  }
  const target = rules.name;
  let root: unknown;
  try {
    root = JSON.parse(JSON.stringify(schema) ?? "null");
  } catch (error) {
    const why = error instanceof Error ? error.message : describe(error);
    return failure(target, "type", `unreadable (${why}); pass plain JSON data, as JSON.parse returns`);
  }
  const plan: Plan = { nullPaths: [], encodings: [] };
  if (root === true || (isPlain(root) && Object.keys(root).length === 0)) {
    return { ok: true, schema: { type: "object" }, plan };
  }
  if (!isPlain(root)) return wrap(target, {}, root);
  const combinators = rules.rootCombinators.filter((keyword) => root[keyword] !== undefined);
  if (combinators.length === 0 && isObject(root)) {
    return { ok: true, schema: { ...root, type: "object" }, plan };
  }
  // (an allOf alone is merged where its parts agree; anything else is wrapped)
  const merged = root.anyOf === undefined && root.oneOf === undefined ? merge(root) : undefined;
  return merged === undefined ? wrap(target, root, root) : { ok: true, schema: merged, plan };
}

/** Whether the root describes an object: `"type": "object"` (or a list with it), or no type but `properties`. */
function isObject(root: Plain): boolean {
  const { type } = root;
  if (type === undefined) return isPlain(root.properties);
  return type === "object" || (Array.isArray(type) && type.includes("object"));
}

/** A root `allOf` of objects as one object, or `undefined` when its parts conflict. */
function merge(root: Plain): JsonSchemaObject | undefined {
  const { allOf, ...rest } = root;
  const merged = Array.isArray(allOf) ? mergeAllOf(rest, allOf) : undefined;
  if (merged === undefined || typeof merged === "string") return undefined;
  const properties: Plain = {};
  for (const [name, property] of merged.properties) properties[name] = property;
  return { ...rest, type: "object", properties, required: [...merged.required] } as JsonSchemaObject;
}

/** `value` (the root, or what is not a schema object) as the one required property of an object. */
function wrap(target: TargetName, root: Plain, value: unknown): FitRootResult {
  const pointer = refIntoRoot(value);
  if (pointer !== undefined) {
    const what = `"$ref" ${describe(pointer)} points into the root, which must be wrapped in an object`;
    return failure(target, "$ref", `${what}; point it at a definition in "$defs" instead`);
  }
  const document: Plain = {};
  const inner: Plain = {};
  if (isPlain(value)) {
    for (const key of Object.keys(root)) (DOCUMENT.includes(key) ? document : inner)[key] = root[key];
  }
  const wrapped = {
    type: "object",
    properties: { [VALUE]: isPlain(value) ? inner : value },
    required: [VALUE],
    ...document,
  } as JsonSchemaObject;
  return {
    ok: true,
    schema: wrapped,
    plan: { nullPaths: [], encodings: [{ kind: "wrap", path: [], property: VALUE }] },
  };
}

/** The first `$ref` below `value` that points into the root itself (`#`, `#/properties/…`), or `undefined`. */
function refIntoRoot(value: unknown): string | undefined {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (isPlain(node)) {
      const { $ref } = node;
      if (typeof $ref === "string" && $ref.startsWith("#") && !/^#\/(\$defs|definitions)\//.test($ref)) return $ref;
      stack.push(...Object.values(node));
    }
  }
  return undefined;
}

function failure(target: TargetName, keyword: string, what: string): FitRootResult {
  return { ok: false, error: { path: [], keyword, message: `At #: ${what}.`, target } };
}
