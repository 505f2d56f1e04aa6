// What the tests of encode (encoded-form, encoded-branches, rewrite-ref) share.
import { strictSchema } from "../strict-schema";
import type { StrictResult } from "../types";

/** `strictSchema` with `encode: true`. */
export const strictEncoded = (schema: unknown): StrictResult => strictSchema(schema, { encode: true });

/** A root object schema with `properties`, all of them required unless `required` says otherwise. */
export const root = (
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
): { type: "object"; properties: Record<string, unknown>; required: string[] } => ({
  type: "object",
  properties,
  required,
});
