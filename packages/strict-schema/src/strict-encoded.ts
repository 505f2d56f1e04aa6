// TEMPORARY (until strictSchema takes options.encode): the encode pre-pass, then strictSchema.
import { encodeSchema } from "./encode-schema";
import type { Encoding } from "./plan";
import { strictSchema } from "./strict-schema";
import type { StrictResult, StrictSchemaOptions } from "./types";

export type EncodedResult = (StrictResult & { ok: false }) | (StrictResult & { ok: true; encodings: readonly Encoding[] });

export function strictEncoded(schema: unknown, options?: StrictSchemaOptions): EncodedResult {
  const encoded = encodeSchema(schema);
  if (!encoded.ok) return { ok: false, error: encoded.error };
  const result = strictSchema(encoded.schema, options);
  if (!result.ok) return { ok: false, error: { ...result.error, path: encoded.sourcePath(result.error.path) } };
  return { ...result, encodings: encoded.encodings };
}
