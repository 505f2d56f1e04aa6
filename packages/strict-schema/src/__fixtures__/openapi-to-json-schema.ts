// Gemini's OpenAPI form (gemini-openapi) read back as JSON Schema, so that ajv
// can validate values against it in the round-trip tests: upper-case types in
// lower case, `nullable: true` as "null" in the type (and the enum), or a null
// branch beside an anyOf.
type Node = { [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON Schema that accepts what the OpenAPI-style `schema` accepts. */
export function openApiToJsonSchema(schema: unknown): unknown {
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "nullable") continue;
    if (key === "type") out.type = typeof value === "string" ? value.toLowerCase() : value;
    else if (key === "properties" && isNode(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, each]) => [name, openApiToJsonSchema(each)]),
      );
    } else if (key === "items") out.items = openApiToJsonSchema(value);
    else if (key === "anyOf" && Array.isArray(value)) out.anyOf = value.map(openApiToJsonSchema);
    else out[key] = value;
  }
  if (schema.nullable !== true) return out;
  if (Array.isArray(out.anyOf)) return { ...out, anyOf: [...(out.anyOf as unknown[]), { type: "null" }] };
  if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  if (typeof out.type === "string") out.type = [out.type, "null"];
  return out;
}
