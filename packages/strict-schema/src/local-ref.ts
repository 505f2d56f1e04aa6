// Reading a `$ref`: strict mode resolves only `#`, `#/$defs/<name>` and
// `#/definitions/<name>` against the root schema.
import { describe, isPlain, own } from "./plain-json";

/** Where a `$ref` points: `path` is `[]` for `#`, else `[$defs or definitions, name]`. */
export interface RefTarget {
  readonly path: readonly string[];
  readonly schema: unknown;
}

/**
 * Resolves a local `$ref` against `root`: the fragment is percent-decoded, then
 * read as a JSON Pointer (`~1` is `/`, `~0` is `~`). Returns the target, or
 * why strict mode cannot use it.
 */
export function localRef(ref: unknown, root: unknown): RefTarget | string {
  if (ref === "#") return { path: [], schema: root };
  let segments: string[] = [];
  try {
    segments = (ref as string).startsWith("#") ? decodeURIComponent((ref as string).slice(1)).split("/") : segments;
  } catch {
    // not a string, or malformed percent-encoding: unsupported below
  }
  const [empty, keyword = "", escaped = "", ...rest] = segments;
  const name = escaped.replaceAll("~1", "/").replaceAll("~0", "~");
  const definitions = own(root, keyword);
  return empty !== "" ||
    rest.length > 0 ||
    (keyword !== "$defs" && keyword !== "definitions") ||
    /~(?![01])/.test(escaped)
    ? `"$ref" must be "#", "#/$defs/<name>" or "#/definitions/<name>", not ${describe(ref)}`
    : isPlain(definitions) && Object.hasOwn(definitions, name)
      ? { path: [keyword, name], schema: definitions[name] }
      : `"$ref" ${describe(ref)} does not resolve; add the definition`;
}

/** The schema the `$ref` of `schema` points to, or `undefined` (no `$ref`, or one strict mode cannot use). */
export const refTarget = (schema: unknown, root: unknown): unknown => {
  const target = localRef(own(schema, "$ref"), root);
  return typeof target === "string" ? undefined : target.schema;
};
