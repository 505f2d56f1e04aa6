// OpenAI's strict-mode limits, how options override them, and how a message
// names one that was exceeded. Shared by the rewriter and the checker: the
// numbers and the wording, never the counting.
import { own } from "./plain-json";
import type { LimitName, StrictLimits } from "./types";

/**
 * OpenAI's strict-mode limits: 5000 properties, 10 levels of object nesting,
 * 120 000 characters of names, enum values and string consts, 1000 enum
 * values, and 15 000 characters for one string enum of more than 250 values.
 *
 * @example
 * ```ts
 * import { DEFAULT_LIMITS, strictSchema } from "@x/strict-schema";
 *
 * strictSchema({ type: "object" }, { limits: { maxDepth: DEFAULT_LIMITS.maxDepth - 2 } });
 * ```
 */
export const DEFAULT_LIMITS: StrictLimits = Object.freeze({
  maxProperties: 5000,
  maxDepth: 10,
  maxChars: 120_000,
  maxEnumValues: 1000,
  maxEnumChars: 15_000,
  largeEnumSize: 250,
});

/** No limit at all: the targets whose providers document none per schema. */
export const NO_LIMITS: StrictLimits = Object.freeze({
  maxProperties: Infinity,
  maxDepth: Infinity,
  maxChars: Infinity,
  maxEnumValues: Infinity,
  maxEnumChars: Infinity,
  largeEnumSize: Infinity,
});

/**
 * The limits to apply: each override in `options.limits` that is a number ≥ 0 replaces the target's (`defaults`,
 * OpenAI's by default); anything else is ignored.
 */
export function readLimits(options: unknown, defaults: StrictLimits = DEFAULT_LIMITS): StrictLimits {
  const given = own(options, "limits");
  if (given === undefined) return defaults;
  const limits: { [key: string]: unknown } = { ...defaults };
  for (const key of Object.keys(limits)) {
    const value = own(given, key);
    if (typeof value === "number" && value >= 0) limits[key] = value;
  }
  return limits as unknown as StrictLimits;
}

/** The message for an exceeded limit: what it allows, whose it is, and what to do. */
export function overLimit(name: LimitName, limits: StrictLimits, whose = "OpenAI's limit"): string {
  const what = {
    max_properties: `${limits.maxProperties} properties`,
    max_depth: `${limits.maxDepth} levels of objects`,
    max_chars: `${limits.maxChars} characters of names, enums and consts`,
    max_enum_values: `${limits.maxEnumValues} enum values`,
    max_enum_chars: `${limits.maxEnumChars} characters in an enum of over ${limits.largeEnumSize} values`,
  }[name];
  return `over ${what} (${whose}); shorten the schema`;
}
