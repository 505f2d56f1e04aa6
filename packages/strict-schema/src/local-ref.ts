// Reading a `$ref`: strict mode resolves only `#`, `#/$defs/<name>` and
// `#/definitions/<name>` against the root schema.
import { isPlain, own } from "./plain-json";

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
  const name = escaped.replaceAll(/~[01]/g, (escape) => (escape === "~1" ? "/" : "~"));
  const definitions = own(root, keyword);
  return empty !== "" || rest.length > 0 || (keyword !== "$defs" && keyword !== "definitions") || /~(?![01])/.test(escaped)
    ? '"$ref" must be "#", "#/$defs/<name>" or "#/definitions/<name>"'
    : isPlain(definitions) && Object.hasOwn(definitions, name)
      ? { path: [keyword, name], schema: definitions[name] }
      : `"$ref" ${ref as string} does not resolve; add the definition`;
}
