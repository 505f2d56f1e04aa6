// One pass over a node's keys: the structural keywords each rule reads, the
// keywords whose values the target keeps or describes, and a refusal for a
// keyword it refuses or a value it cannot take.
import { type KeptKeyword, UNSUPPORTED } from "./keywords";
import { describe, hasOwnProperty, type Plain } from "./plain-json";
import { refuse, type RewriteContext } from "./rewrite-context";

/** A node's structural keywords (`undefined` when absent) and its kept keywords. */
export interface NodeKeywords {
  type: unknown;
  enum: unknown;
  const: unknown;
  anyOf: unknown;
  oneOf: unknown;
  allOf: unknown;
  $ref: unknown;
  properties: unknown;
  required: unknown;
  additionalProperties: unknown;
  items: unknown;
  /** A base URI: `$ref`s below it resolve against it (rewrite-ref.ts). */
  $id: unknown;
  /** OpenAPI 3.0's `nullable`: `true` beside a `type` adds "null" to it. */
  nullable: unknown;
  /** The rules of the kept keywords present with a value strict mode keeps, in input order (values stay put). */
  kept: KeptKeyword[] | undefined;
  /** The rules of the keywords present that the target describes (targets.ts), in input order. */
  described: KeptKeyword[] | undefined;
  /** Read leniently, the node has a keyword (or value) strict mode refuses: read it again to refuse it. */
  refusable: boolean;
}

/** Why a keyword the target does not support is refused, and what to do instead. */
export const unsupported = (context: RewriteContext, keyword: string): string =>
  `"${keyword}" is not supported in ${context.target.mode}; ${UNSUPPORTED.get(keyword)}` +
  (keyword === "propertyNames" ? encodeHint(context) : "");

/** The one-option fix for an open map, when encodings are off: `{ encode: true }` sends it as key/value entries. */
export const encodeHint = (context: RewriteContext): string =>
  context.encode || context.target.objects === "open"
    ? ""
    : ", or pass { encode: true } to send the map as key/value entries";

/** Refuses a keyword the target does not support, saying what to do instead. */
export function refuseUnsupported(context: RewriteContext, keyword: string): never {
  return refuse(context, keyword, unsupported(context, keyword));
}

/** Refuses a keyword whose value has the wrong shape. */
export function refuseValue(context: RewriteContext, keyword: string, expected: string, value: unknown): never {
  return refuse(context, keyword, `"${keyword}" must be ${expected}; found ${describe(value)}`);
}

/**
 * Reads `schema`'s keywords in its key order (so the first bad one is reported). A keyword
 * whose value is `undefined` is absent; one that is neither structural, kept nor refused is dropped.
 * `lenient` reads refuse nothing but note it in `refusable` (with encode, a node rewritten in its
 * encoded form is not refused for what its form replaces).
 */
export function readKeywords(context: RewriteContext, schema: Plain, lenient = false): NodeKeywords {
  const keywords: NodeKeywords = {
    type: undefined,
    enum: undefined,
    const: undefined,
    anyOf: undefined,
    oneOf: undefined,
    allOf: undefined,
    $ref: undefined,
    properties: undefined,
    required: undefined,
    additionalProperties: undefined,
    items: undefined,
    $id: undefined,
    nullable: undefined,
    kept: undefined,
    described: undefined,
    refusable: false,
  };
  const rules = context.target.byName;
  for (const key in schema) {
    if (!hasOwnProperty.call(schema, key)) continue;
    const value = schema[key];
    if (value === undefined) continue;
    switch (key) {
      case "type":
      case "enum":
      case "const":
      case "anyOf":
      case "oneOf":
      case "allOf":
      case "$ref":
      case "properties":
      case "required":
      case "additionalProperties":
      case "items":
      case "$id":
      case "nullable":
        keywords[key] = value;
        continue;
    }
    const rule = rules.get(key);
    const verdict = rule === undefined ? (UNSUPPORTED.has(key) ? "refuse" : "drop") : rule.verdict(value);
    if (verdict === "refuse") {
      keywords.refusable = true;
      if (lenient) continue;
      if (rule === undefined) refuseUnsupported(context, key);
      refuseValue(context, key, rule.expected, value);
    }
    if (verdict === "keep") (keywords.kept ??= []).push(rule as KeptKeyword);
    else if (verdict === "describe") (keywords.described ??= []).push(rule as KeptKeyword);
  }
  return keywords;
}
