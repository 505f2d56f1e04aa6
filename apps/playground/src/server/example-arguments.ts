// Arguments to start the "you are the model" editor with: what a model could
// send for a tool's parameters. Under strict mode every property is required,
// and a property that may be null (strict mode's way of saying "optional") is
// filled with null; without strict mode only required properties are filled.
import type { Json } from "../shared/api-types";

type Schema = { readonly [keyword: string]: unknown };

const MAX_DEPTH = 12;

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function types(schema: Schema): string[] {
  const type = schema["type"];
  return typeof type === "string"
    ? [type]
    : Array.isArray(type)
      ? type.filter((t): t is string => typeof t === "string")
      : [];
}

function allowsNull(schema: Schema): boolean {
  if (types(schema).includes("null")) return true;
  const anyOf = schema["anyOf"];
  return (
    Array.isArray(anyOf) &&
    anyOf.some((branch) => isSchema(branch) && types(branch).includes("null") && types(branch).length === 1)
  );
}

function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  const defs = match === null ? undefined : root[match[1] as string];
  const target = isSchema(defs)
    ? defs[decodeURIComponent((match?.[2] ?? "").replace(/~1/g, "/").replace(/~0/g, "~"))]
    : undefined;
  return isSchema(target) ? target : {};
}

function clampNumber(schema: Schema, preferred: number): number {
  const min = typeof schema["minimum"] === "number" ? schema["minimum"] : -Infinity;
  const max = typeof schema["maximum"] === "number" ? schema["maximum"] : Infinity;
  return Math.min(max, Math.max(min, preferred));
}

function exampleValue(input: Schema, root: Schema, strict: boolean, depth: number): Json {
  const schema = resolveRef(input, root);
  if (depth > MAX_DEPTH) return null;
  if ("const" in schema) return schema["const"] as Json;
  const enumValues = schema["enum"];
  if (Array.isArray(enumValues)) return (enumValues.find((value) => value !== null) ?? null) as Json;
  for (const combinator of ["anyOf", "oneOf"] as const) {
    const branches: unknown = schema[combinator];
    if (Array.isArray(branches)) {
      const branch: unknown = (branches as unknown[]).find(
        (candidate) => isSchema(candidate) && !(types(candidate).length === 1 && types(candidate)[0] === "null"),
      );
      return isSchema(branch) ? exampleValue(branch, root, strict, depth + 1) : null;
    }
  }
  const typeList = types(schema).filter((type) => type !== "null");
  const type = typeList[0] ?? (isSchema(schema["properties"]) ? "object" : "unknown");
  switch (type) {
    case "object":
      return exampleObject(schema, root, strict, depth);
    case "array": {
      const items = isSchema(schema["items"]) ? resolveRef(schema["items"], root) : {};
      const itemTypes = types(items);
      if (itemTypes.includes("number") || itemTypes.includes("integer")) return [3, 1, 4];
      return [exampleValue(items, root, strict, depth + 1)];
    }
    case "string":
      return schema["format"] === "date"
        ? "2025-06-01"
        : schema["format"] === "date-time"
          ? "2025-06-01T09:00:00Z"
          : "";
    case "integer":
      return Math.ceil(clampNumber(schema, 8));
    case "number":
      return clampNumber(schema, 8);
    case "boolean":
      return false;
    default:
      return null;
  }
}

function exampleObject(schema: Schema, root: Schema, strict: boolean, depth: number): Json {
  const properties = isSchema(schema["properties"]) ? schema["properties"] : {};
  const required = Array.isArray(schema["required"]) ? schema["required"] : [];
  const result: { [key: string]: Json } = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isSchema(property)) continue;
    if (!strict && !required.includes(name)) continue;
    const resolved = resolveRef(property, root);
    // Define the key even when it is "__proto__": it is plain data here.
    Object.defineProperty(result, name, {
      value: strict && allowsNull(resolved) ? null : exampleValue(resolved, root, strict, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/**
 * Example arguments for a tool whose parameters are `parameters`.
 *
 * @param parameters - the `parameters` the model is given (the strict form, or the original schema)
 * @param strict - whether the tool is sent with `strict: true`
 * @example
 * ```ts
 * exampleArguments(
 *   { type: "object", properties: { q: { type: "string" }, n: { type: ["integer", "null"] } }, required: ["q", "n"] },
 *   true,
 * );
 * // { q: "", n: null }
 * ```
 */
export function exampleArguments(parameters: unknown, strict: boolean): Json {
  return isSchema(parameters) ? exampleObject(parameters, parameters, strict, 0) : {};
}
