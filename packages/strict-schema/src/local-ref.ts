// Reading a `$ref`: strict mode resolves only `#`, `#/$defs/<name>` and
// `#/definitions/<name>` against the root schema.
import { describe, isPlain, own } from "./plain-json";
import type { SchemaPath } from "./types";

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

/**
 * Where any local JSON Pointer `#/…` points (options.encode hoists a `$ref` to a
 * non-definition into `$defs`): the path of the target and the target, or `undefined`.
 */
export function pointerTarget(ref: unknown, root: unknown): { path: SchemaPath; schema: unknown } | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/")) return undefined;
  let segments: string[];
  try {
    segments = decodeURIComponent(ref.slice(2)).split("/");
  } catch {
    return undefined;
  }
  const path: (string | number)[] = [];
  let schema = root;
  for (const escaped of segments) {
    const segment = escaped.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(schema) && /^(0|[1-9][0-9]*)$/.test(segment)) {
      schema = schema[Number(segment)];
      path.push(Number(segment));
    } else if (isPlain(schema) && Object.hasOwn(schema, segment)) {
      schema = schema[segment];
      path.push(segment);
    } else return undefined;
  }
  return { path, schema };
}
