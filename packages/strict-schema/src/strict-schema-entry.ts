// strictSchema as users call it: with `options.encode`, the encode pre-pass
// (encode-schema.ts) runs first and the rewrite (strict-schema.ts) works on its
// output; errors are reported at their paths in the caller's schema, and the
// result lists the encodings beside the null paths (the tool's plan).
import { encodeSchema } from "./encode-schema";
import { describe } from "./plain-json";
import { strictSchema as rewrite } from "./strict-schema";
import type { StrictResult, StrictSchemaOptions } from "./types";

/**
 * Rewrites `schema` into OpenAI's strict subset (see the README's rules).
 * With `options.encode`, open maps, free-form values and open rests are
 * encoded first (maps as key/value entries, free-form parts as JSON text, a rest
 * in one added property) and the result lists them in `encodings`: `{ nullPaths,
 * encodings }` is the plan `restoreArguments` undoes. Never throws.
 *
 * @param schema - The schema; its root must be `"type": "object"`.
 * @param options - `limits`, `relax.oneOf` / `relax.allOf`, and `encode`.
 * @returns `{ ok: true, schema, nullPaths, relaxations }` (and `encodings` with `encode`) or
 *   `{ ok: false, error: { path, keyword, message } }`.
 *
 * @example
 * ```ts
 * import { strictSchema } from "@x/strict-schema";
 *
 * const result = strictSchema(
 *   { type: "object", properties: { env: { type: "object", additionalProperties: { type: "string" } } } },
 *   { encode: true },
 * );
 * if (result.ok) {
 *   result.schema.properties; // { env: { type: ["array", "null"], items: { … key, value … } } }
 *   result.encodings; // [{ kind: "entries", path: ["env"] }]
 * }
 * ```
 */
export function strictSchema(schema: unknown, options?: StrictSchemaOptions): StrictResult {
  if (options?.encode !== true) return rewrite(schema, options);
  let encoded: ReturnType<typeof encodeSchema>;
  try {
    encoded = encodeSchema(schema);
  } catch (thrown) {
    // A throwing getter or Proxy: the rewrite says so in its own words.
    const result = rewrite(schema, options);
    return result.ok ? { ok: false, error: { path: [], keyword: "type", message: `At #: unreadable (${describe(thrown)}); pass plain JSON data.` } } : result;
  }
  if (!encoded.ok) return { ok: false, error: encoded.error };
  const result = rewrite(encoded.schema, options);
  if (!result.ok) return { ok: false, error: { ...result.error, path: encoded.sourcePath(result.error.path) } };
  return { ...result, encodings: encoded.encodings };
}
