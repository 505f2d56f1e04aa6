// options.encode: the form a node takes when strict mode cannot express it but
// can encode it reversibly. The rewriter rewrites the form in the node's place
// (so every rule, limit and null path applies to it as to any schema) and
// records the encoding, which restoreArguments undoes:
//   a map with a value schema          -> an array of { key, value } entries
//   a free-form map or free-form value -> a string of JSON text
//   declared properties + an open rest -> the declared properties plus one
//                                          added property that carries the rest
// (A local $ref to a non-definition is hoisted into $defs: rewrite-ref.ts.)
import type { Encoding } from "./plan";
import { hasOwnProperty, isPlain, type Plain, put } from "./plain-json";

/** What a node becomes: the schema rewritten in its place, and its encoding (the path is set where it is used). */
export interface EncodedForm {
  readonly schema: Plain;
  readonly encoding: Encoding;
}

/** Keywords that only annotate: a node with nothing else (but vendor `x-` keywords) is free-form. */
const ANNOTATIONS = /* @__PURE__ */ new Set(
  "title description default examples $comment deprecated readOnly writeOnly".split(" "),
);

/** The name of the property that carries an open rest, when no declared property has it. */
const REST = "additional_properties";

/** A node that takes any JSON value: `true`, or one with no keyword but annotations. */
const isFreeForm = (schema: unknown): boolean => {
  if (schema === true) return true;
  // (a schema with a type, the most common kind, is told at once)
  if (!isPlain(schema) || schema.type !== undefined) return false;
  for (const key in schema) {
    if (hasOwnProperty.call(schema, key) && !ANNOTATIONS.has(key) && !key.startsWith("x-")) return false;
  }
  return true;
};

/** `"object"` as the only type, or beside `"null"`; `undefined` when the node is not such an object. */
const objectType = (type: unknown): "object" | "object-or-null" | undefined => {
  if (type === "object") return "object";
  if (!Array.isArray(type) || !type.includes("object")) return undefined;
  const others = type.filter((name) => name !== "object");
  if (others.length === 0) return "object";
  return others.length === 1 && others[0] === "null" ? "object-or-null" : undefined;
};

/** The keywords a node's form is told by: its own, or the walk's reading of them (NodeKeywords, read once). */
export interface FormKeywords {
  readonly type?: unknown;
  readonly properties?: unknown;
  readonly additionalProperties?: unknown;
  readonly allOf?: unknown;
  readonly anyOf?: unknown;
  readonly oneOf?: unknown;
  readonly $ref?: unknown;
}

const hasProperties = (node: FormKeywords): boolean => {
  const { properties } = node;
  if (!isPlain(properties)) return false;
  for (const name in properties) if (hasOwnProperty.call(properties, name)) return true;
  return false;
};

const openRest = (node: FormKeywords): unknown =>
  node.additionalProperties === false ? undefined : node.additionalProperties;

/** Whether a combinator or `$ref` beside the object decides its shape (then it is not encoded itself). */
const combined = (node: FormKeywords): boolean =>
  node.allOf !== undefined || node.anyOf !== undefined || node.oneOf !== undefined || node.$ref !== undefined;

/** The encodings a node below the root may take (see {@link formKind}). */
export type FormKind = "any" | "free-map" | "map" | "rest";

/**
 * What a node below the root is encoded as: any JSON value, a free-form map (both JSON text),
 * a map with a value schema (entries), or declared properties with an open rest; `undefined`
 * when it needs no encoding. The walk asks it of every node that has no type or is an object,
 * passing the `keywords` it has read.
 */
export function formKind(schema: unknown, keywords?: FormKeywords): FormKind | undefined {
  if (schema === true) return "any";
  if (!isPlain(schema)) return undefined;
  const node = keywords ?? schema;
  const { type } = node;
  if (type === undefined) return isFreeForm(schema) ? "any" : undefined;
  if (objectType(type) === undefined) return undefined;
  const rest = openRest(node);
  const declared = hasProperties(node);
  // (the common object, its properties listed and its rest closed, is told first)
  if ((declared && rest === undefined) || combined(node)) return undefined;
  if (declared) return "rest";
  if (node.additionalProperties === false) return undefined;
  return rest === undefined || isFreeForm(rest) ? "free-map" : "map";
}

/**
 * The encoded form of a node of `kind`. A free-form map becomes JSON text, or entries of JSON
 * text when `asEntries` (beside an `anyOf` branch that may be a string, where JSON text would be ambiguous).
 */
export function encodedForm(schema: unknown, kind: FormKind, asEntries: boolean): EncodedForm {
  const node = isPlain(schema) ? schema : {};
  switch (kind) {
    case "any":
      return jsonText(node, "any");
    case "free-map":
      return asEntries ? entries(node, {}) : jsonText(node, "object");
    case "map":
      return entries(node, openRest(node));
    case "rest":
      return restForm(node);
  }
}

/**
 * The encoded form of the root, which stays an object: a map (no declared properties, an open
 * `additionalProperties`) or an open rest goes into the added property. `{ "type": "object" }`
 * alone is a tool without arguments, and needs none.
 */
export function rootForm(root: Plain): EncodedForm | undefined {
  const rest = openRest(root);
  if (rest === undefined) return undefined;
  if (!hasProperties(root))
    return objectType(root.type) === "object" ? restForm({ ...root, properties: {} }) : undefined;
  return objectType(root.type) !== undefined && !combined(root) ? restForm(root) : undefined;
}

/** The node's title, and its description with `addition` appended. */
const described = (node: Plain, addition: string): Plain => {
  const copy: Plain = {};
  const description =
    typeof node.description === "string" && node.description.trim() !== "" ? `${node.description.trim()} ` : "";
  if (typeof node.title === "string") copy.title = node.title;
  copy.description = `${description}${addition}`;
  return copy;
};

/** `"string"` for an object, `["string", "null"]` for an object or null (and likewise for `"array"`). */
const sameNullability = (node: Plain, type: string): unknown =>
  objectType(node.type) === "object" ? type : [type, "null"];

function jsonText(node: Plain, parsesTo: "object" | "any"): EncodedForm {
  const what = parsesTo === "any" ? "Any JSON value" : "A JSON object";
  return {
    schema: {
      type: parsesTo === "any" ? "string" : sameNullability(node, "string"),
      ...described(node, `${what}, as JSON text.`),
    },
    encoding: { kind: "json-text", path: [], parsesTo },
  };
}

/** The kept constraints of `propertyNames` on the entries' `key`. */
const keySchema = (names: unknown): Plain => {
  const key: Plain = { type: "string" };
  if (!isPlain(names)) return key;
  for (const keyword of ["enum", "const", "description", "format", "pattern", "minLength", "maxLength"]) {
    if (names[keyword] !== undefined) put(key, keyword, names[keyword]);
  }
  return key;
};

function entries(node: Plain, values: unknown): EncodedForm {
  const array: Plain = {
    type: sameNullability(node, "array"),
    ...described(node, "A list of key/value entries, each key once."),
  };
  if (typeof node.minProperties === "number") array.minItems = node.minProperties;
  if (typeof node.maxProperties === "number") array.maxItems = node.maxProperties;
  array.items = {
    type: "object",
    properties: { key: keySchema(node.propertyNames), value: values },
    required: ["key", "value"],
    additionalProperties: false,
  };
  return { schema: array, encoding: { kind: "entries", path: [] } };
}

function restForm(node: Plain): EncodedForm {
  const declared = Object.keys(isPlain(node.properties) ? node.properties : {});
  let property = REST;
  while (declared.includes(property)) property = `${property}_`;
  const others = declared.map((name) => JSON.stringify(name)).join(", ");
  const rest: Plain = {
    type: "object",
    description: declared.length === 0 ? "The properties, by name." : `Properties other than ${others}, by name.`,
    additionalProperties: openRest(node),
  };
  if (node.propertyNames !== undefined) rest.propertyNames = node.propertyNames;
  // (copied without propertyNames: a `delete` would make a slow dictionary of the object the walk reads next)
  const closed: Plain = {};
  for (const key of Object.keys(node)) if (key !== "propertyNames") put(closed, key, node[key]);
  closed.additionalProperties = false;
  const properties: Plain = { ...(isPlain(node.properties) ? node.properties : {}) };
  put(properties, property, rest);
  closed.properties = properties;
  return { schema: closed, encoding: { kind: "rest", path: [], property, declared } };
}
