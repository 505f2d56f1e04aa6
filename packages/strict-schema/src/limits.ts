// OpenAI's strict-mode limits and how options override them.
import type { StrictLimits } from "./types";

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

/** The limits to apply: each override that is a number (not NaN) replaces OpenAI's, anything else is ignored. */
export function readLimits(given: unknown): StrictLimits {
  if (typeof given !== "object" || given === null) return DEFAULT_LIMITS;
  const limits: { -readonly [K in keyof StrictLimits]: number } = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(limits) as (keyof StrictLimits)[]) {
    const value: unknown = (given as Partial<StrictLimits>)[key];
    if (typeof value === "number" && !Number.isNaN(value)) limits[key] = value;
  }
  return limits;
}
