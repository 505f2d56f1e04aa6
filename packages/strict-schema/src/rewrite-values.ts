// `enum` and `const`: the values strict mode keeps, and what they count
// towards the limits.
import { enumWithNull } from "./nullable";
import { isPrimitive } from "./plain-json";
import { codePoints, countChars, refuse, refuseLimit, type RewriteContext } from "./rewrite-context";

/** Whether `value` is valid for one of `types` (objects and arrays never are: enum and const take primitives). */
export function fitsTypes(value: unknown, types: readonly string[]): boolean {
  return types.some((type) => {
    if (type === "null") return value === null;
    if (type === "integer") return Number.isInteger(value);
    return typeof value === type && type !== "object";
  });
}

const BAD_ENUM = '"enum" must list strings, numbers, booleans or null';

/**
 * The `enum` values that fit `types` (those it excludes could never be valid), with `null`
 * added when `addNull`. Refuses a list that is empty, holds a non-primitive, or keeps nothing;
 * counts the values towards `max_enum_values`, and string values towards `max_enum_chars` and `max_chars`.
 */
export function rewriteEnum(
  context: RewriteContext,
  values: unknown,
  types: readonly string[] | undefined,
  addNull: boolean,
): unknown[] {
  if (!Array.isArray(values) || values.length === 0) return refuse(context, "enum", BAD_ENUM);
  const kept: unknown[] = [];
  let chars = 0;
  // (an index loop: a hole of a sparse list reads as undefined, which is refused)
  for (let index = 0; index < values.length; index++) {
    const value: unknown = values[index];
    if (!isPrimitive(value)) refuse(context, "enum", BAD_ENUM);
    if (types !== undefined && !fitsTypes(value, types)) continue;
    kept.push(value);
    if (typeof value === "string") chars += codePoints(value);
  }
  if (kept.length === 0) refuse(context, "enum", 'no "enum" value fits "type"; remove "enum" or widen "type"');
  if (addNull) enumWithNull(kept);
  context.enumValues += kept.length;
  const { limits } = context;
  if (context.enumValues > limits.maxEnumValues) refuseLimit(context, "max_enum_values");
  if (kept.length > limits.largeEnumSize && chars > limits.maxEnumChars) refuseLimit(context, "max_enum_chars");
  countChars(context, chars);
  return kept;
}

/** The `const` value, refused unless it is a primitive that fits `types`; a string counts towards `max_chars`. */
export function rewriteConst(
  context: RewriteContext,
  constant: unknown,
  types: readonly string[] | undefined,
): unknown {
  if (!isPrimitive(constant) || (types !== undefined && !fitsTypes(constant, types))) {
    refuse(context, "const", '"const" must be a string, number, boolean or null that fits "type"');
  }
  if (typeof constant === "string") countChars(context, codePoints(constant));
  return constant;
}
