// Strict mode in plain words: what each setting of the switch does, and why a
// tool's schema has no strict form, without the library's option names.
import type { Encoded, StrictProblem, StrictSetting, ToolView } from "../shared/api-types";
import { formatNullPath, formatSchemaPath } from "./format";

/** What each setting of the strict switch does, as its tooltip and the Tools view say. */
export const STRICT_MEANINGS: { readonly [setting in StrictSetting]: string } = {
  auto: "each tool is sent strict when its schema has a strict form, else as it is listed (a fallback)",
  true: "only tools with a strict form are sent; the others are left out, so the model cannot call them",
  false: "every tool is sent as it is listed; the model's arguments are not checked against the schema",
};

const OPEN_MAP = "an open map (any property names): strict mode needs every property named in advance";
const NOT_CHECKABLE = "a rule strict mode cannot check";

/** Why a keyword has no strict form, in plain words. */
const REASONS: { readonly [keyword: string]: string } = {
  additionalProperties: OPEN_MAP,
  patternProperties: OPEN_MAP,
  propertyNames: OPEN_MAP,
  unevaluatedProperties: OPEN_MAP,
  oneOf: "a choice of exactly one schema: strict mode only has “any of”, and these choices may overlap",
  allOf: "a combination of schemas that strict mode cannot merge",
  not: NOT_CHECKABLE,
  if: NOT_CHECKABLE,
  then: NOT_CHECKABLE,
  else: NOT_CHECKABLE,
  dependentRequired: NOT_CHECKABLE,
  dependentSchemas: NOT_CHECKABLE,
  dependencies: NOT_CHECKABLE,
  contains: NOT_CHECKABLE,
  minContains: NOT_CHECKABLE,
  maxContains: NOT_CHECKABLE,
  unevaluatedItems: NOT_CHECKABLE,
  prefixItems: "a list whose items each have their own schema: strict mode needs one schema for all items",
  $dynamicRef: "a kind of reference strict mode does not follow",
  $recursiveRef: "a kind of reference strict mode does not follow",
  max_properties: "more properties than OpenAI allows in one strict schema",
  max_depth: "objects nested deeper than OpenAI allows",
  max_chars: "more text in names and values than OpenAI allows",
  max_enum_values: "more allowed values than OpenAI allows",
  max_enum_chars: "allowed values longer in total than OpenAI allows",
};

/**
 * Why `problem` keeps the schema from being strict, in plain words only.
 *
 * @example
 * ```ts
 * reasonWords({ path: [], keyword: "oneOf", message: "…" }); // "a choice of exactly one schema: …"
 * ```
 */
export function reasonWords(problem: StrictProblem): string {
  return REASONS[problem.keyword] ?? "a schema strict mode does not accept";
}

/**
 * Why `problem` keeps the schema from being strict: plain words, then where
 * (the path, once) and the keyword.
 *
 * @example
 * ```ts
 * plainReason({ path: ["properties", "labels"], keyword: "additionalProperties", message: "…" });
 * // "an open map (any property names): … (additionalProperties at /properties/labels)"
 * ```
 */
export function plainReason(problem: StrictProblem): string {
  return `${reasonWords(problem)} (${problem.keyword} at ${formatSchemaPath(problem.path)})`;
}

/**
 * The library's message without the path it starts with (the page shows the
 * path already): "At #/properties/x: …" → "…".
 *
 * @example
 * ```ts
 * libraryDetail('At #/properties/shape: "oneOf" is not supported'); // '"oneOf" is not supported'
 * ```
 */
export function libraryDetail(message: string): string {
  return message.replace(/^At #[^:]*:\s*/, "");
}

/**
 * How `tool` is sent, in one sentence (the Run view's form).
 *
 * @example
 * ```ts
 * info.append(strictSummary(tool));
 * ```
 */
export function strictSummary(tool: ToolView): string {
  if (tool.excluded !== null)
    return `Left out: not sent to the model, because its schema has ${plainReason(tool.excluded)}.`;
  if (tool.fallback !== null) {
    return `Sent with strict: false (a fallback): its schema has ${plainReason(
      tool.fallback,
    )}, so the model's arguments are not checked against it.`;
  }
  if (tool.strict !== true)
    return "Sent with strict: false, as it is listed: the model's arguments are not checked against it.";
  return (
    "Sent with strict: true." +
    (tool.nullPaths.length > 0 ? " Optional arguments are pre-filled with null, as a strict model sends them." : "") +
    (tool.encoded.length > 0 ? ` Encoded: ${tool.encoded.map(encodingWords).join("; ")}.` : "")
  );
}

/**
 * What an encoding does to the arguments, in plain words.
 *
 * @example
 * ```ts
 * encodingWords({ kind: "entries", path: ["labels"] }); // "labels: sent as a list of { key, value } entries, …"
 * ```
 */
export function encodingWords(encoded: Encoded): string {
  const where = formatNullPath(encoded.path);
  switch (encoded.kind) {
    case "entries":
      return `${where}: an open map, sent as a list of { key, value } entries; the server gets the object back`;
    case "json-text":
      return `${where}: a free-form value, sent as JSON text; the server gets the value back`;
    case "rest":
      return `${where}: its other properties, sent as a list of { key, value } entries; the server gets them back`;
    default:
      return `${where}: encoded (${encoded.kind}); restored before the server gets it`;
  }
}
