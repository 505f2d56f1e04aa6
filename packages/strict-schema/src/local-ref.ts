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
 * The segments of a local JSON Pointer `#/…`: percent-decoded, then split at `/` and unescaped
 * (`~1` is `/`, `~0` is `~`); `undefined` for any other `$ref`, or one with a `~` that escapes nothing.
 */
function pointerSegments(ref: unknown): string[] | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/")) return undefined;
  let segments: string[];
  try {
    segments = decodeURIComponent(ref.slice(2)).split("/");
  } catch {
    return undefined; // malformed percent-encoding
  }
  if (segments.some((escaped) => /~(?![01])/.test(escaped))) return undefined;
  return segments.map((escaped) => escaped.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Resolves a local `$ref` against `root`. Returns the target, or why strict mode cannot use it. */
export function localRef(ref: unknown, root: unknown): RefTarget | string {
  if (ref === "#") return { path: [], schema: root };
  const segments = pointerSegments(ref);
  const [keyword = "", name = ""] = segments ?? [];
  if (segments?.length !== 2 || (keyword !== "$defs" && keyword !== "definitions")) {
    return `"$ref" must be "#", "#/$defs/<name>" or "#/definitions/<name>", not ${describe(ref)}`;
  }
  const definitions = own(root, keyword);
  return isPlain(definitions) && Object.hasOwn(definitions, name)
    ? { path: [keyword, name], schema: definitions[name] }
    : `"$ref" ${describe(ref)} does not resolve; add the definition`;
}

/** Where a JSON Pointer points: the path of the target in the root, and the target. */
export interface PointerTarget {
  readonly path: SchemaPath;
  readonly schema: unknown;
}

/**
 * Where any local JSON Pointer `#/…` points (options.encode hoists a `$ref` to a
 * non-definition into `$defs`): the path of the target and the target, or `undefined`.
 */
export function pointerTarget(ref: unknown, root: unknown): PointerTarget | undefined {
  const segments = pointerSegments(ref);
  if (segments === undefined) return undefined;
  const path: (string | number)[] = [];
  let schema = root;
  for (const segment of segments) {
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

/** {@link localRef} and {@link pointerTarget} against one root, each `$ref` read once. */
export interface RefReader {
  readonly local: (ref: unknown) => RefTarget | string;
  readonly pointer: (ref: unknown) => PointerTarget | undefined;
  /** The schema the `$ref` of `schema` points to, or `undefined` (no `$ref`, or one strict mode cannot use). */
  readonly target: (schema: unknown) => unknown;
  /** The same, or else where its `$ref` points as any local JSON Pointer (a target encode hoists). */
  readonly pointed: (schema: unknown) => unknown;
}

/**
 * A {@link RefReader} for one walk of `root`: a schema's walk, its null analysis and its
 * anyOf checks meet the same few `$ref`s many times, and decoding one each time cost a
 * $ref-heavy schema a third of its rewrite.
 */
export function refReader(root: unknown): RefReader {
  // (made at the first $ref: most schemas have none)
  let locals: Map<unknown, RefTarget | string> | undefined;
  let pointers: Map<unknown, PointerTarget | undefined> | undefined;
  const local = (ref: unknown): RefTarget | string => {
    let target = locals?.get(ref);
    if (target === undefined) (locals ??= new Map()).set(ref, (target = localRef(ref, root)));
    return target;
  };
  const pointer = (ref: unknown): PointerTarget | undefined => {
    pointers ??= new Map();
    if (!pointers.has(ref)) pointers.set(ref, pointerTarget(ref, root));
    return pointers.get(ref);
  };
  const target = (schema: unknown): unknown => {
    const found = local(own(schema, "$ref"));
    return typeof found === "string" ? undefined : found.schema;
  };
  return {
    local,
    pointer,
    target,
    pointed: (schema) => target(schema) ?? pointer(own(schema, "$ref"))?.schema,
  };
}
