// What the stand-in refuses in a strict tool's `input_schema`, checked on its
// own (it shares no code with @x/anthropic's conversion, so each catches the
// other's mistakes), from Anthropic's list of what strict tool use supports
// (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations):
// every object `additionalProperties: false`; `minItems` 0 or 1 only; no
// numeric or length bounds, no `oneOf`/`not`/conditionals/tuples/open maps;
// no recursion; formats from the list. It also counts what a strict schema
// spends of the request's budget: optional properties and union-typed ones.
import type { Json } from "./openai-server";

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const ALLOWED = new Set([
  "type",
  "description",
  "title",
  "enum",
  "const",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "anyOf",
  "allOf",
  "$ref",
  "$defs",
  "definitions",
  "format",
  "pattern",
  "minItems",
  "default",
]);
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);

/** Why the API would refuse `schema` as a strict tool's input schema, or `undefined`. */
export function strictRefusal(schema: Json): string | undefined {
  const check = (node: Json, path: string, refs: readonly string[]): string | undefined => {
    if (!isObject(node)) return node === true ? undefined : `${path}: a schema must be an object`;
    for (const keyword of Object.keys(node)) {
      if (!ALLOWED.has(keyword)) return `${path}: '${keyword}' is not supported in strict mode`;
    }
    const isObjectType = node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));
    if ((isObjectType || isObject(node.properties)) && node.additionalProperties !== false)
      return `${path}: 'additionalProperties' must be set to false for every object`;
    if (node.minItems !== undefined && node.minItems !== 0 && node.minItems !== 1)
      return `${path}: 'minItems' values other than 0 or 1 are not supported`;
    if (node.format !== undefined && (typeof node.format !== "string" || !FORMATS.has(node.format)))
      return `${path}: format ${JSON.stringify(node.format)} is not supported`;
    if (typeof node.$ref === "string") {
      if (refs.includes(node.$ref)) return `${path}: recursive schemas are not supported`;
      const [, bag, name] = /^#\/(\$defs|definitions)\/(.+)$/.exec(node.$ref) ?? [];
      const defs = bag === undefined ? undefined : (schema as JsonObject)[bag];
      const target = isObject(defs) && name !== undefined ? defs[name] : undefined;
      if (target === undefined) return `${path}: unresolvable $ref ${node.$ref}`;
      const inner = check(target, `${path}.$ref`, [...refs, node.$ref]);
      if (inner !== undefined) return inner;
    }
    const children: [Json, string][] = [];
    for (const key of ["properties", "$defs", "definitions"]) {
      const bag = node[key];
      if (isObject(bag)) for (const [name, sub] of Object.entries(bag)) children.push([sub, `${path}.${key}.${name}`]);
    }
    if (node.items !== undefined) children.push([node.items, `${path}.items`]);
    for (const key of ["anyOf", "allOf"]) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((sub, i) => children.push([sub, `${path}.${key}.${i}`]));
    }
    for (const [child, at] of children) {
      const problem = check(child, at, refs);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
  return check(schema, "input_schema", []);
}

/** What a strict schema spends of the request's budget: its optional properties and its union-typed schemas. */
export function strictCost(schema: Json): { optional: number; unions: number } {
  let optional = 0;
  let unions = 0;
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      const required = Array.isArray(node.required) ? node.required : [];
      optional += Object.keys(node.properties).filter((name) => !required.includes(name)).length;
    }
    if (Array.isArray(node.anyOf) || (Array.isArray(node.type) && node.type.length > 1)) unions++;
    for (const [key, value] of Object.entries(node)) {
      if (key === "enum" || key === "const" || key === "required" || key === "default") continue;
      if (key === "properties" || key === "$defs" || key === "definitions") {
        if (isObject(value)) Object.values(value).forEach(visit);
      } else visit(value);
    }
  };
  visit(schema);
  return { optional, unions };
}
