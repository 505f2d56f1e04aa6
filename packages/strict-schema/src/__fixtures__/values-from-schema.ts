// A fast-check arbitrary of values a JSON Schema accepts, for round-trip tests.
// It aims at valid values (each test still validates them with ajv and skips the
// rest), covering what real tool schemas use: objects with optional properties,
// maps, free-form values, arrays, anyOf/oneOf, enums, consts, $refs, formats,
// patterns, and numeric and length bounds.
import fc from "fast-check";

type Node = { [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

/** JSON values as JSON.parse gives them (plain prototypes, no -0). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? "null");
const json = fc.jsonValue({ maxDepth: 2 }).map(viaJson);

const FORMATS: { [format: string]: fc.Arbitrary<string> } = {
  "date-time": fc.constantFrom("2026-12-01T10:00:00Z", "1999-01-31T23:59:59.5+02:00"),
  date: fc.constantFrom("2026-12-01", "2000-02-29"),
  time: fc.constantFrom("10:00:00Z", "23:59:59+01:00"),
  email: fc.constantFrom("a@example.com", "first.last@example.org"),
  uri: fc.constantFrom("https://example.com/a?b=c", "file:///tmp/x"),
  url: fc.constantFrom("https://example.com"),
  uuid: fc.uuid(),
  hostname: fc.constantFrom("example.com", "localhost"),
  ipv4: fc.constantFrom("127.0.0.1"),
  ipv6: fc.constantFrom("::1"),
};

const resolve = (ref: string, root: unknown): unknown => {
  if (ref === "#") return root;
  let node: unknown = root;
  for (const segment of decodeURIComponent(ref.slice(2)).split("/")) {
    const key = segment.replaceAll("~1", "/").replaceAll("~0", "~");
    node = Array.isArray(node) ? node[Number(key)] : isNode(node) ? node[key] : undefined;
  }
  return node;
};

/**
 * Values `schema` (inside `root`, for `$ref`s) accepts: optional properties present or not (those that take null
 * too), and any branch of an `anyOf` or `oneOf`.
 */
export function valuesFromSchema(schema: unknown, root: unknown = schema, depth = 0): fc.Arbitrary<unknown> {
  if (
    schema === true ||
    (isNode(schema) && Object.keys(schema).every((key) => /^(description|title|default|examples|\$comment)$/.test(key)))
  )
    return json;
  if (!isNode(schema) || depth > 12) return fc.constant(undefined);
  if (typeof schema.$ref === "string") return valuesFromSchema(resolve(schema.$ref, root), root, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum))
    return schema.enum.length > 0 ? fc.constantFrom(...(schema.enum as unknown[])) : fc.constant(undefined);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches !== undefined) {
    return branches.length === 0
      ? fc.constant(undefined)
      : fc.oneof(...branches.map((branch: unknown) => valuesFromSchema(branch, root, depth + 1)));
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === "string"
      ? [schema.type]
      : ["object", "array", "string", "number", "boolean", "null"];
  const inferred = schema.type === undefined && isNode(schema.properties) ? ["object"] : types;
  return fc.oneof(...inferred.map((type) => ofType(type, schema, root, depth)));
}

function ofType(type: string, schema: Node, root: unknown, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min =
        typeof schema.minimum === "number"
          ? Math.ceil(schema.minimum)
          : typeof schema.exclusiveMinimum === "number"
            ? Math.floor(schema.exclusiveMinimum) + 1
            : -1000;
      const max =
        typeof schema.maximum === "number"
          ? Math.floor(schema.maximum)
          : typeof schema.exclusiveMaximum === "number"
            ? Math.ceil(schema.exclusiveMaximum) - 1
            : 1000;
      const step = typeof schema.multipleOf === "number" ? schema.multipleOf : 1;
      const integers = fc
        .integer({ min: Math.ceil(min / step), max: Math.max(Math.ceil(min / step), Math.floor(max / step)) })
        .map((n) => (n * step === 0 ? 0 : n * step));
      return type === "number"
        ? fc.oneof(
            integers,
            integers.map((n) => (n + 0.5 <= max ? n + 0.5 : n)),
          )
        : integers;
    }
    case "string": {
      if (typeof schema.format === "string" && FORMATS[schema.format] !== undefined)
        return FORMATS[schema.format] as fc.Arbitrary<string>;
      if (typeof schema.pattern === "string") {
        try {
          return fc.stringMatching(new RegExp(schema.pattern, "u"), { maxLength: 12 });
        } catch {
          return fc.string();
        }
      }
      const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Math.max(minLength, 8);
      return fc.string({ minLength, maxLength });
    }
    case "array": {
      const items = schema.items === undefined ? json : valuesFromSchema(schema.items, root, depth + 1);
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      const maxLength = typeof schema.maxItems === "number" ? Math.min(schema.maxItems, minLength + 3) : minLength + 3;
      return fc.array(items, { minLength, maxLength });
    }
    case "object":
      return objects(schema, root, depth);
    default:
      return fc.constant(undefined);
  }
}

function objects(schema: Node, root: unknown, depth: number): fc.Arbitrary<unknown> {
  const properties = isNode(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const record: { [name: string]: fc.Arbitrary<unknown> } = {};
  const present: string[] = [];
  for (const name of names) {
    record[name] = valuesFromSchema(properties[name], root, depth + 1);
    if (required.has(name)) present.push(name);
  }
  const declared = fc.record(record, { requiredKeys: present });
  const additional = schema.additionalProperties;
  // (a root without properties is a tool without arguments: strict mode makes it an empty object)
  if (additional === false || (additional === undefined && (names.length > 0 || depth === 0)))
    return declared.map(viaJson);
  const keyNames = isNode(schema.propertyNames)
    ? valuesFromSchema({ type: "string", ...schema.propertyNames }, root, depth + 1)
    : fc.string({ maxLength: 6 });
  const keys = (keyNames as fc.Arbitrary<string>).filter(
    (key) => typeof key === "string" && !Object.hasOwn(properties, key),
  );
  const values = additional === undefined || additional === true ? json : valuesFromSchema(additional, root, depth + 1);
  const rest = fc.dictionary(keys, values, { maxKeys: 3 });
  return fc.tuple(declared, rest).map(([own, more]) => viaJson({ ...(more as object), ...(own as object) }));
}
