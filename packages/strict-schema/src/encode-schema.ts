// options.encode: before the strict rewrite, the parts strict mode cannot
// express are rewritten into forms it can, each recorded as an encoding that
// restoreArguments undoes:
//   a map with a value schema          -> an array of { key, value } entries
//   a free-form map or free-form value -> a string of JSON text
//   declared properties + an open rest -> the declared properties plus one
//                                          added property that carries the rest
//   a local $ref to a non-definition   -> the target hoisted into $defs
// Encoding paths are instance paths in the encoded form (the form the model
// sends), expanded through $refs like null paths. Anything else is left for the
// rewriter, which keeps or refuses it as before.
import type { Encoding } from "./plan";
import { isPlain, own, type Plain, pointer, put } from "./plain-json";
import { ITEMS, type NullPath, type SchemaPath, type StrictError } from "./types";

/** What {@link encodeSchema} gives the rewriter. */
export type EncodedSchema =
  | {
      readonly ok: true;
      /** The schema with every encoding applied (sharing unchanged parts with the input). */
      readonly schema: unknown;
      readonly encodings: readonly Encoding[];
      /** Maps a path in `schema` back to the path in the input it came from. */
      readonly sourcePath: (path: SchemaPath) => SchemaPath;
    }
  | { readonly ok: false; readonly error: StrictError };

/** Keywords that only annotate: a node with nothing else (but vendor `x-` keywords) is free-form. */
const ANNOTATIONS = /* @__PURE__ */ new Set(
  "title description default examples $comment deprecated readOnly writeOnly".split(" "),
);

/** The name of the property that carries an open rest, when no declared property has it. */
const REST = "additional_properties";

/** The walk's guards: past them the node is left as it is, and the rewriter reports it. */
const MAX_DEPTH = 512;
const MAX_NODES = 100_000;
/** Encoding-path segments expanded through $refs (as for null paths). */
const MAX_SEGMENTS = 1_000_000;

type JsonType = "object" | "array" | "string";

/** A definition (or hoisted target) as encoded once, with its encodings relative to where it is used. */
interface Unit {
  readonly key: string;
  schema: unknown;
  encodings: Encoding[];
  done: boolean;
  /** The path of a $ref that reached this unit while it was being encoded (a cycle). */
  looped: SchemaPath | undefined;
}

/** Everything the walk shares: the input root, the units, the output's new definitions and the path map. */
interface Encoding_ {
  readonly root: unknown;
  readonly units: Map<string, Unit>;
  /** Each `$ref` resolved once. */
  readonly targets: Map<string, Target | undefined>;
  readonly active: Unit[];
  /** Hoisted targets: the $defs name for each pointer. */
  readonly hoisted: Map<string, string>;
  /** Definitions whose encoded form differs, and hoisted targets: where each goes in the output. */
  readonly newDefs: [keyword: "$defs" | "definitions", name: string, schema: unknown][];
  /** Output path prefix and the input path it comes from, for each node the encoding created or moved. */
  readonly moved: (readonly [SchemaPath, SchemaPath])[];
  nodes: number;
  segments: number;
  /** The path of a `$ref: "#"` (a recursion through the root), if any. */
  rootLooped: SchemaPath | undefined;
  error: StrictError | undefined;
}

/** A path as a chain of segments, the last one first: extended per node for free, made a list only when needed. */
type Chain<T> = { readonly parent: Chain<T>; readonly segment: T; readonly length: number } | undefined;

const extend = <T>(chain: Chain<T>, ...segments: readonly T[]): Chain<T> => {
  let next = chain;
  for (const segment of segments) next = { parent: next, segment, length: (next?.length ?? 0) + 1 };
  return next;
};

const list = <T>(chain: Chain<T>): T[] => {
  const path: T[] = new Array<T>(chain?.length ?? 0);
  for (let link = chain; link !== undefined; link = link.parent) path[link.length - 1] = link.segment;
  return path;
};

/** Where the walk is: the output schema path, the input schema path, and the instance path (encoded form). */
interface At {
  readonly out: Chain<string | number>;
  readonly source: Chain<string | number>;
  readonly instance: Chain<string | null>;
  readonly depth: number;
  /** Inside an anyOf branch whose siblings may take a string: a free-form map goes to entries, not JSON text. */
  readonly stringTaken: () => boolean;
}

const NEVER = (): boolean => false;

const fail = (context: Encoding_, keyword: string, message: string, path: SchemaPath): undefined => {
  context.error ??= { path, keyword, message: `At ${pointer(path)}: ${message}` };
  return undefined;
};

const withDescription = (node: Plain, addition: string): Plain => {
  const copy: Plain = {};
  const description =
    typeof node.description === "string" && node.description.trim() !== "" ? `${node.description.trim()} ` : "";
  if (typeof node.title === "string") copy.title = node.title;
  copy.description = `${description}${addition}`;
  return copy;
};

/** `"object"` as the only type, or beside `"null"`; `undefined` when the node is not such an object. */
const objectType = (type: unknown): "object" | "object-or-null" | undefined => {
  if (type === "object") return "object";
  if (!Array.isArray(type) || !type.includes("object")) return undefined;
  const others = type.filter((name) => name !== "object");
  if (others.length === 0) return "object";
  return others.length === 1 && others[0] === "null" ? "object-or-null" : undefined;
};

const isFreeForm = (schema: unknown): boolean => {
  if (schema === true) return true;
  // (a schema with a type, the most common kind, is told at once)
  if (!isPlain(schema) || schema.type !== undefined) return false;
  for (const key of Object.keys(schema)) if (!ANNOTATIONS.has(key) && !key.startsWith("x-")) return false;
  return true;
};

const hasProperties = (node: Plain): boolean => isPlain(node.properties) && Object.keys(node.properties).length > 0;

const isClosed = (node: Plain): boolean => node.additionalProperties === false;

const openRest = (node: Plain): unknown =>
  node.additionalProperties === false ? undefined : node.additionalProperties;

/**
 * Encodes `schema` for the rewriter. Fails only on what cannot be encoded
 * unambiguously (an encoding inside an `anyOf` that a sibling branch could be
 * mistaken for, a recursive `$ref` through an encoding); everything else it
 * cannot encode is left for the rewriter to keep or refuse.
 */
export function encodeSchema(schema: unknown): EncodedSchema {
  if (!hasEncodable(schema, 0, { root: schema, seen: new Set(), nodes: 0 }))
    return { ok: true, schema, encodings: [], sourcePath: (path) => path };
  const context: Encoding_ = {
    root: schema,
    units: new Map(),
    targets: new Map(),
    active: [],
    hoisted: new Map(),
    newDefs: [],
    moved: [],
    nodes: 0,
    segments: 0,
    rootLooped: undefined,
    error: undefined,
  };
  const encodings: Encoding[] = [];
  const at: At = { out: undefined, source: undefined, instance: undefined, depth: 0, stringTaken: NEVER };
  let out =
    isPlain(schema) && isRootMap(schema)
      ? encodeRootMap(schema, context, at, encodings)
      : walk(schema, context, at, encodings);
  if (context.rootLooped !== undefined && encodings.length > 0) {
    fail(
      context,
      "$ref",
      "a recursive $ref through an encoded map or free-form value (its paths would be unbounded); give the map a " +
        "fixed shape",
      context.rootLooped,
    );
  }
  if (context.error !== undefined) return { ok: false, error: context.error };
  out = withDefinitions(out, context);
  const moved = context.moved.sort((a, b) => b[0].length - a[0].length);
  const sourcePath = (path: SchemaPath): SchemaPath => {
    for (const [prefix, source] of moved) {
      if (prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]))
        return [...source, ...path.slice(prefix.length)];
    }
    return path;
  };
  return { ok: true, schema: out, encodings, sourcePath };
}

const DEFINITION_REF = /^#\/(\$defs|definitions)\/([^/]*)$/;

/** What {@link hasEncodable} carries along: the root (for `$ref`s), the definitions looked at, a node count. */
interface Look {
  readonly root: unknown;
  readonly seen: Set<unknown>;
  nodes: number;
}

/**
 * Whether anything in `schema` or a definition it uses could be encoded (an open
 * map, a free-form value, an open rest, a `$ref` to hoist): a quick look with no
 * paths built, so that the many schemas with nothing to encode skip the walk.
 * It may say yes where the walk then encodes nothing; past the guards it says yes.
 */
function hasEncodable(schema: unknown, depth: number, look: Look): boolean {
  if (depth > MAX_DEPTH || ++look.nodes > MAX_NODES) return true;
  if (depth > 0 && isFreeForm(schema)) return true;
  if (!isPlain(schema)) return false;
  const { properties, items, anyOf, oneOf, $ref } = schema;
  const open = openRest(schema) !== undefined || (depth > 0 && !hasProperties(schema) && !isClosed(schema));
  if (objectType(schema.type) !== undefined && open) return true;
  if (typeof $ref === "string" && $ref !== "#") {
    const [, keyword = "", name = ""] = DEFINITION_REF.exec($ref) ?? [];
    // (a $ref to hoist says yes; an escaped or percent-encoded name is left to the walk)
    if (keyword === "" || /[~%]/.test(name)) return true;
    const target = own(own(look.root, keyword), name);
    if (!look.seen.has(target)) {
      look.seen.add(target);
      if (hasEncodable(target, depth + 1, look)) return true;
    }
  }
  if (isPlain(properties)) {
    for (const name of Object.keys(properties)) if (hasEncodable(properties[name], depth + 1, look)) return true;
  }
  if (items !== undefined && !Array.isArray(items) && hasEncodable(items, depth + 1, look)) return true;
  return anyEncodable(anyOf, depth, look) || anyEncodable(oneOf, depth, look);
}

const anyEncodable = (branches: unknown, depth: number, look: Look): boolean =>
  Array.isArray(branches) && branches.some((branch) => hasEncodable(branch, depth + 1, look));

/** A root that is a map: an object without declared properties whose additionalProperties is given and open. */
const isRootMap = (root: Plain): boolean =>
  objectType(root.type) === "object" &&
  !hasProperties(root) &&
  root.additionalProperties !== undefined &&
  root.additionalProperties !== false;

/** A root map keeps the root an object: its entries go into the added rest property, as for an open rest. */
function encodeRootMap(root: Plain, context: Encoding_, at: At, encodings: Encoding[]): unknown {
  return encodeOpenRest({ ...root, properties: {} }, context, at, encodings);
}

/** Walks one subschema. A cycle in the object graph ends at the depth guard (the rewriter then reports it). */
function walk(schema: unknown, context: Encoding_, at: At, encodings: Encoding[]): unknown {
  if (context.error !== undefined || at.depth > MAX_DEPTH || ++context.nodes > MAX_NODES) return schema;
  if (isFreeForm(schema)) return encodeFreeForm(isPlain(schema) ? schema : {}, context, at, encodings);
  return isPlain(schema) ? walkObject(schema, context, at, encodings) : schema;
}

function walkObject(node: Plain, context: Encoding_, at: At, encodings: Encoding[]): unknown {
  const type = objectType(node.type);
  if (
    type !== undefined &&
    node.allOf === undefined &&
    node.anyOf === undefined &&
    node.oneOf === undefined &&
    node.$ref === undefined
  ) {
    const rest = openRest(node);
    // (an object closed with additionalProperties: false and no properties is the empty object: nothing to encode)
    if (!hasProperties(node) && !isClosed(node) && (rest === undefined || isFreeForm(rest)) && at.depth > 0) {
      return at.stringTaken()
        ? encodeMap(node, {}, context, at, encodings)
        : encodeFreeFormMap(node, type, context, at, encodings);
    }
    if (!hasProperties(node) && rest !== undefined && at.depth > 0)
      return encodeMap(node, rest, context, at, encodings);
    if (rest !== undefined && hasProperties(node)) return encodeOpenRest(node, context, at, encodings);
  }
  return walkChildren(node, context, at, encodings);
}

const child = (
  at: At,
  keyword: string,
  key: string | number | undefined,
  instance: Chain<string | null>,
  stringTaken = NEVER,
  // eslint-disable-next-line max-params -- where a child sits, said by its parent's place and the child's own keys.
): At => {
  const out = extend(at.out, keyword);
  const source = extend(at.source, keyword);
  return {
    out: key === undefined ? out : extend(out, key),
    source: key === undefined ? source : extend(source, key),
    instance,
    depth: at.depth + 1,
    stringTaken,
  };
};

/** Walks the subschemas of a node that is not encoded itself: properties, items, anyOf/oneOf branches, a $ref. */
function walkChildren(node: Plain, context: Encoding_, at: At, encodings: Encoding[]): unknown {
  // (copied only when a child changed: most subschemas have nothing to encode)
  let copy: Plain | undefined;
  const { properties, items, anyOf, oneOf, $ref } = node;
  if (isPlain(properties)) {
    let changed: Plain | undefined;
    for (const name in properties) {
      const value = walk(
        properties[name],
        context,
        child(at, "properties", name, extend(at.instance, name)),
        encodings,
      );
      if (value !== properties[name]) put((changed ??= { ...properties }), name, value);
    }
    if (changed !== undefined) (copy ??= { ...node }).properties = changed;
  }
  if (items !== undefined && !Array.isArray(items)) {
    const value = walk(
      items,
      context,
      child(at, "items", undefined, extend<string | null>(at.instance, ITEMS)),
      encodings,
    );
    if (value !== items) (copy ??= { ...node }).items = value;
  }
  if (Array.isArray(anyOf)) {
    const value = walkBranches(anyOf, "anyOf", context, at, encodings);
    if (value !== anyOf) (copy ??= { ...node }).anyOf = value;
  }
  if (Array.isArray(oneOf)) {
    const value = walkBranches(oneOf, "oneOf", context, at, encodings);
    if (value !== oneOf) (copy ??= { ...node }).oneOf = value;
  }
  if (typeof $ref === "string") {
    const value = walkRef($ref, context, at, encodings);
    if (value !== $ref) (copy ??= { ...node }).$ref = value;
  }
  return copy ?? node;
}

/**
 * Walks the branches of an `anyOf` (or a `oneOf`, which relax.oneOf may make one)
 * and refuses an encoding that another branch could be mistaken for: the value
 * is restored by its form alone (entries are an array, JSON text a string).
 */
/* eslint-disable-next-line max-params -- a step of the walk: the node's own facts, then the shared context, place and
   output. */
function walkBranches(
  branches: readonly unknown[],
  keyword: string,
  context: Encoding_,
  at: At,
  encodings: Encoding[],
): unknown[] {
  // (the types are worked out only for a site that encodes something: most have nothing to encode)
  let original: Set<JsonType>[] | undefined;
  const originalTypes = (): Set<JsonType>[] =>
    (original ??= branches.map((branch) => types(branch, context, false, 0)));
  const encoded: unknown[] = [];
  const found: Encoding[][] = [];
  branches.forEach((branch, index) => {
    const stringTaken = (): boolean => originalTypes().some((taken, other) => other !== index && taken.has("string"));
    const own: Encoding[] = [];
    encoded.push(walk(branch, context, child(at, keyword, index, at.instance, stringTaken), own));
    found.push(own);
  });
  if (found.every((own) => own.length === 0))
    return encoded.every((branch, index) => branch === branches[index]) ? (branches as unknown[]) : encoded;
  const forms = encoded.map((branch) => types(branch, context, true, 0));
  found.forEach((own, index) => {
    const others = (form: readonly Set<JsonType>[], type: JsonType): boolean =>
      form.some((taken, other) => other !== index && taken.has(type));
    for (const encoding of own) {
      const relative = encoding.path.slice(at.instance?.length ?? 0);
      const why = ambiguity(
        encoding,
        relative,
        (type) => others(forms, type),
        (type) => others(originalTypes(), type),
        own,
      );
      if (why !== undefined)
        fail(
          context,
          keyword,
          `branch ${index} ${why}; make the branches distinct by type`,
          list(extend(at.source, keyword, index)),
        );
    }
    encodings.push(...own);
  });
  return encoded.every((branch, index) => branch === branches[index]) ? (branches as unknown[]) : encoded;
}

/** Why an encoding inside an anyOf branch would be ambiguous, or `undefined`. */
/* eslint-disable-next-line max-params -- one encoding against its siblings: each argument is one side of the
   comparison. */
function ambiguity(
  encoding: Encoding,
  relative: NullPath,
  otherForm: (type: JsonType) => boolean,
  otherOriginal: (type: JsonType) => boolean,
  own: readonly Encoding[],
): string | undefined {
  if (relative.length > 0) {
    const container: JsonType = relative[0] === ITEMS ? "array" : "object";
    return otherForm(container)
      ? `encodes a part of ${container === "array" ? "an array" : "an object"} another branch may also be`
      : undefined;
  }
  if (encoding.kind === "json-text")
    return otherForm("string") ? "is sent as JSON text where another branch takes a string" : undefined;
  if (encoding.kind === "rest")
    return otherForm("object") || otherOriginal("object")
      ? "has an open rest where another branch takes an object"
      : undefined;
  if (otherForm("array")) return "is sent as key/value entries where another branch takes an array";
  const freeValues = own.some(
    (inner) => inner.kind === "json-text" && inner.parsesTo === "any" && inner.path.length === encoding.path.length + 2,
  );
  return otherOriginal("object") && !freeValues ? "is a map where another branch takes an object" : undefined;
}

/** The JSON types (of those encodings care about) a schema may take; all of them when unsure. */
function types(schema: unknown, context: Encoding_, encoded: boolean, hops: number): Set<JsonType> {
  const all = new Set<JsonType>(["object", "array", "string"]);
  if (!isPlain(schema) || hops > 32) return schema === false ? new Set() : all;
  if (typeof schema.$ref === "string") {
    const target = resolve(schema.$ref, context);
    const unit = target && context.units.get(target.key);
    if (target === undefined) return all;
    return types(encoded && unit?.done === true ? unit.schema : target.schema, context, encoded, hops + 1);
  }
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches !== undefined)
    return new Set(branches.flatMap((branch) => [...types(branch, context, encoded, hops + 1)]));
  const named = (value: unknown): JsonType[] =>
    (Array.isArray(value) ? value : [value]).filter((name): name is JsonType => all.has(name as JsonType));
  if (schema.type !== undefined) return new Set(named(schema.type));
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values !== undefined)
    return new Set(
      values.flatMap((value) => named(Array.isArray(value) ? "array" : value === null ? "null" : typeof value)),
    );
  return all;
}

function encodeFreeForm(node: Plain, context: Encoding_, at: At, encodings: Encoding[]): unknown {
  if (at.depth === 0) return node; // the root must stay an object: the rewriter says so
  encodings.push({ kind: "json-text", path: list(at.instance), parsesTo: "any" });
  return { type: "string", ...withDescription(node, "Any JSON value, as JSON text.") };
}

/* eslint-disable-next-line max-params -- a step of the walk: the node's own facts, then the shared context, place and
   output. */
function encodeFreeFormMap(
  node: Plain,
  type: "object" | "object-or-null",
  context: Encoding_,
  at: At,
  encodings: Encoding[],
): unknown {
  encodings.push({ kind: "json-text", path: list(at.instance), parsesTo: "object" });
  return {
    type: type === "object" ? "string" : ["string", "null"],
    ...withDescription(node, "A JSON object, as JSON text."),
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

/* eslint-disable-next-line max-params -- a step of the walk: the node's own facts, then the shared context, place and
   output. */
function encodeMap(node: Plain, values: unknown, context: Encoding_, at: At, encodings: Encoding[]): unknown {
  encodings.push({ kind: "entries", path: list(at.instance) });
  const valueAt: At = {
    out: extend(at.out, "items", "properties", "value"),
    source: extend(at.source, "additionalProperties"),
    instance: extend<string | null>(at.instance, ITEMS, "value"),
    depth: at.depth + 1,
    stringTaken: NEVER,
  };
  context.moved.push([list(valueAt.out), list(valueAt.source)]);
  context.moved.push([list(extend(at.out, "items", "properties", "key")), list(extend(at.source, "propertyNames"))]);
  context.moved.push([list(at.out), list(at.source)]);
  const value = walk(values, context, valueAt, encodings);
  const array: Plain = {
    type: objectType(node.type) === "object" ? "array" : ["array", "null"],
    ...withDescription(node, "A list of key/value entries, each key once."),
  };
  if (typeof node.minProperties === "number") array.minItems = node.minProperties;
  if (typeof node.maxProperties === "number") array.maxItems = node.maxProperties;
  array.items = {
    type: "object",
    properties: { key: keySchema(node.propertyNames), value },
    required: ["key", "value"],
    additionalProperties: false,
  };
  return array;
}

function encodeOpenRest(node: Plain, context: Encoding_, at: At, encodings: Encoding[]): unknown {
  const declared = Object.keys(isPlain(node.properties) ? node.properties : {});
  let property = REST;
  while (declared.includes(property)) property = `${property}_`;
  const others = declared.map((name) => JSON.stringify(name)).join(", ");
  const rest: Plain = {
    type: "object",
    description: declared.length === 0 ? "The properties, by name." : `Properties other than ${others}, by name.`,
    additionalProperties: openRest(node) ?? true,
  };
  if (node.propertyNames !== undefined) rest.propertyNames = node.propertyNames;
  const closed: Plain = { ...node, additionalProperties: false };
  delete closed.propertyNames;
  const walked = walkChildren(closed, context, at, encodings) as Plain;
  // The rest's source is the object itself: its additionalProperties is the input's.
  const restOut = extend(at.out, "properties", property);
  context.moved.push([list(restOut), list(at.source)]);
  const restAt: At = {
    out: restOut,
    source: at.source,
    instance: extend(at.instance, property),
    depth: at.depth + 1,
    stringTaken: NEVER,
  };
  const properties: Plain = { ...(isPlain(walked.properties) ? walked.properties : {}) };
  put(properties, property, walk(rest, context, restAt, encodings));
  encodings.push({ kind: "rest", path: list(at.instance), property, declared });
  return { ...walked, properties };
}

/** A $ref target: where it is in the input, where it goes in the output, and the $ref that points there. */
interface Target {
  readonly key: string;
  readonly schema: unknown;
  readonly out: SchemaPath;
  readonly source: SchemaPath;
  readonly ref: string;
}

/**
 * Resolves a local `$ref`: `#` (the root, `undefined` here: it is not a unit), a definition, or
 * any other pointer into the schema, which is hoisted into `$defs` under a name no definition
 * has. Returns `undefined` for anything else (the rewriter refuses it).
 */
function resolve(ref: string, context: Encoding_): Target | undefined {
  if (context.targets.has(ref)) return context.targets.get(ref);
  const target = findTarget(ref, context);
  context.targets.set(ref, target);
  return target;
}

function findTarget(ref: string, context: Encoding_): Target | undefined {
  if (!ref.startsWith("#/")) return undefined;
  let segments: string[];
  try {
    segments = decodeURIComponent(ref.slice(2))
      .split("/")
      .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
  } catch {
    return undefined;
  }
  let schema: unknown = context.root;
  for (const segment of segments) {
    if (Array.isArray(schema) && /^(0|[1-9][0-9]*)$/.test(segment)) schema = schema[Number(segment)];
    else if (isPlain(schema) && Object.hasOwn(schema, segment)) schema = schema[segment];
    else return undefined;
  }
  const [keyword = ""] = segments;
  if (segments.length === 2 && (keyword === "$defs" || keyword === "definitions")) {
    return { key: ref, schema, out: segments, source: segments, ref };
  }
  const source = segments.map((segment, index) =>
    Array.isArray(own(context.root, segments[index - 1] ?? "")) ? Number(segment) : segment,
  );
  let hoisted = context.hoisted.get(ref);
  if (hoisted === undefined) {
    const taken = (candidate: string): boolean =>
      Object.hasOwn(isPlain(own(context.root, "$defs")) ? (own(context.root, "$defs") as Plain) : {}, candidate) ||
      [...context.hoisted.values()].includes(candidate);
    const base = segments.join("_").replace(/[^A-Za-z0-9_-]/g, "_") || "hoisted";
    hoisted = base;
    for (let suffix = 2; taken(hoisted); suffix += 1) hoisted = `${base}_${suffix}`;
    context.hoisted.set(ref, hoisted);
  }
  return { key: ref, schema, out: ["$defs", hoisted], source, ref: `#/$defs/${hoisted.replaceAll("~", "~0")}` };
}

function walkRef(ref: string, context: Encoding_, at: At, encodings: Encoding[]): string {
  if (ref === "#") {
    context.rootLooped ??= list(at.source);
    return ref;
  }
  const target = resolve(ref, context);
  if (target === undefined) return ref;
  let unit = context.units.get(target.key);
  if (unit === undefined) {
    unit = { key: target.key, schema: target.schema, encodings: [], done: false, looped: undefined };
    context.units.set(target.key, unit);
  }
  if (context.active.includes(unit)) {
    unit.looped ??= list(at.source);
    return target.ref;
  }
  if (!unit.done) {
    if (target.out !== target.source) context.moved.push([target.out, target.source]);
    context.active.push(unit);
    const own: Encoding[] = [];
    const unitAt: At = {
      out: extend(undefined, ...target.out),
      source: extend(undefined, ...target.source),
      instance: undefined,
      depth: at.depth + 1,
      stringTaken: NEVER,
    };
    unit.schema = walk(target.schema, context, unitAt, own);
    context.active.pop();
    unit.encodings = own;
    unit.done = true;
    if (unit.schema !== target.schema || target.out !== target.source) {
      context.newDefs.push([target.out[0] as "$defs" | "definitions", target.out[1] as string, unit.schema]);
    }
  }
  if (unit.looped !== undefined && unit.encodings.length > 0) {
    fail(
      context,
      "$ref",
      "a recursive $ref through an encoded map or free-form value (its paths would be unbounded); give the map a " +
        "fixed shape",
      unit.looped,
    );
  }
  const prefix = unit.encodings.length > 0 ? list(at.instance) : [];
  for (const encoding of unit.encodings) {
    const path = [...prefix, ...encoding.path];
    context.segments += path.length;
    if (context.segments > MAX_SEGMENTS) {
      fail(
        context,
        "$ref",
        `$refs expand to encoding paths of over ${MAX_SEGMENTS} segments (an internal guard, not an OpenAI limit)`,
        [],
      );
      break;
    }
    encodings.push({ ...encoding, path });
  }
  return target.ref;
}

/** The output root with every changed definition and hoisted target in place. */
function withDefinitions(out: unknown, context: Encoding_): unknown {
  if (!isPlain(out) || context.newDefs.length === 0) return out;
  const root: Plain = { ...out };
  for (const [keyword, name, schema] of context.newDefs) {
    if (root[keyword] === out[keyword]) root[keyword] = { ...(isPlain(out[keyword]) ? out[keyword] : {}) };
    put(root[keyword] as Plain, name, schema);
  }
  return root;
}
