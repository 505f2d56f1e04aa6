// Arguments to start the "you are the model" editor with: a sensible value
// for a tool's input schema as the server lists it (its required properties
// filled in). The Tools view turns it into what the model sends with
// `encodeArguments` and the tool's plan, so the same example serves a tool
// sent as listed and one made strict (nulls for the optional properties,
// entries for a map, JSON text for a free-form value).
import type { Json } from "../shared/api-types";

type Schema = { readonly [keyword: string]: unknown };

const MAX_DEPTH = 12;
/** The key of the one entry an example map gets (the form's "+ add an entry" starts with the same). */
const EXAMPLE_KEY = "key";

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

/** The schema a local `$ref` (`#/$defs/x`, `#/properties/a/items`, …) points to; `{}` when it points nowhere. */
function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  if (!ref.startsWith("#")) return {};
  let target: unknown = root;
  for (const part of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
    target = isSchema(target) && Object.hasOwn(target, key) ? target[key] : undefined;
  }
  return isSchema(target) ? target : {};
}

function clampNumber(schema: Schema, preferred: number): number {
  const min = typeof schema["minimum"] === "number" ? schema["minimum"] : -Infinity;
  const max = typeof schema["maximum"] === "number" ? schema["maximum"] : Infinity;
  return Math.min(max, Math.max(min, preferred));
}

/** A schema that says nothing about its value's type: any JSON value. */
function isFreeForm(schema: Schema): boolean {
  return ["type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "not", "properties", "items"].every(
    (keyword) => !(keyword in schema),
  );
}

function exampleValue(input: Schema, root: Schema, depth: number): Json {
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
      return isSchema(branch) ? exampleValue(branch, root, depth + 1) : null;
    }
  }
  // Any JSON value: an empty object says so best (and reads as JSON text, `"{}"`, once encoded).
  if (isFreeForm(schema)) return {};
  const typeList = types(schema).filter((type) => type !== "null");
  const type = typeList[0] ?? (isSchema(schema["properties"]) ? "object" : "unknown");
  switch (type) {
    case "object":
      return exampleObject(schema, root, depth);
    case "array": {
      const items = isSchema(schema["items"]) ? resolveRef(schema["items"], root) : {};
      const itemTypes = types(items);
      if (itemTypes.includes("number") || itemTypes.includes("integer")) return [3, 1, 4];
      return [exampleValue(items, root, depth + 1)];
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

/** Defines `key` even when it is `__proto__`: it is plain data here. */
function put(object: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function exampleObject(schema: Schema, root: Schema, depth: number): Json {
  const properties = isSchema(schema["properties"]) ? schema["properties"] : {};
  const required = Array.isArray(schema["required"]) ? schema["required"] : [];
  const result: { [key: string]: Json } = {};
  for (const [name, property] of Object.entries(properties)) {
    if (isSchema(property) && required.includes(name)) put(result, name, exampleValue(property, root, depth + 1));
  }
  // A map whose values have a schema (labels, headers): one entry shows its form (a list of entries, once encoded).
  const values = schema["additionalProperties"];
  if (Object.keys(properties).length === 0 && isSchema(values) && !isFreeForm(values))
    put(result, EXAMPLE_KEY, exampleValue(values, root, depth + 1));
  return result;
}

/**
 * Example arguments for a tool whose input schema (as the server lists it) is
 * `inputSchema`: its required properties filled in, recursively (a map gets
 * one entry, a free-form value `{}`). Pass it through `encodeArguments` with
 * the tool's plan to get what a model sends.
 *
 * @param inputSchema - the tool's `inputSchema`
 * @returns a value of that schema's shape
 * @example
 * ```ts
 * exampleArguments({
 *   type: "object",
 *   properties: {
 *     q: { type: "string" },
 *     n: { type: "integer" },
 *     labels: { type: "object", additionalProperties: { type: "string" } },
 *   },
 *   required: ["q", "labels"],
 * });
 * // { q: "", labels: { key: "" } }
 * ```
 */
export function exampleArguments(inputSchema: unknown): Json {
  return isSchema(inputSchema) ? exampleObject(inputSchema, inputSchema, 0) : {};
}
