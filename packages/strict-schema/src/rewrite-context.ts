// What one strictSchema call knows while it walks a schema: the input root,
// the target, the limits and relaxations asked for, where the walk is (schema
// path and instance path), what it has counted, and the units ($defs in use) it
// has met. Refusing ends the walk with a Refusal, which strictSchema turns into
// its result.
import { type NullAnalysis, nullAnalysis } from "./allows-null";
import { type EncodedForm, encodedForm, type FormKeywords, formKind, rootForm } from "./encoded-form";
import { overLimit, readLimits } from "./limits";
import { type RefReader, refReader } from "./local-ref";
import type { Fail, Unit } from "./null-paths";
import type { Encoding } from "./plan";
import { describe, isPlain, own, pointer } from "./plain-json";
import { type Target, targetOf } from "./targets";
import type {
  Described,
  LimitName,
  NullPathSegment,
  Relaxation,
  RelaxationKind,
  Rewrite,
  RewriteKind,
  SchemaPath,
  StrictError,
  StrictLimits,
  TargetName,
} from "./types";

/** Subschemas (or `$ref`s) nested deeper than this fail with `max_depth` before the stack does. */
export const NESTING = 512;
/** Subschemas visited in total (a shared object counts once per use) before giving up with `max_nodes`. */
export const NODES = 100_000;
/**
 * Null-path segments that expanding `$ref`s may produce (for the result and for the anyOf
 * rule), ten times the subschemas a walk may visit: `$ref`s multiply null paths (definitions
 * that each use the next twice make 2^n), and this bounds the work and memory (~tens of ms).
 */
export const SEGMENTS: number = 10 * NODES;

/** How many times a recursive `$ref` is spelled out along one path by default (options.recursionDepth). */
export const RECURSION_DEPTH = 3;

/** The walk of one `strictSchema` call. */
export interface RewriteContext {
  /** The input schema: `$ref`s resolve against it. */
  readonly root: unknown;
  /** The provider's rules (targets.ts). */
  readonly target: Target;
  readonly limits: StrictLimits;
  /** options.recursionDepth: how many times a recursive `$ref` is spelled out along one path. */
  readonly recursionDepth: number;
  readonly relaxOneOf: boolean;
  readonly relaxAllOf: boolean;
  /** options.encode: what strict mode cannot express is rewritten in its encoded form (encoded-form.ts). */
  readonly encode: boolean;
  /**
   * The encoded forms made so far, by input node: one object per node, so the walk and the analyses
   * agree (made at the first form: most schemas have none).
   */
  forms: Map<unknown, EncodedForm> | undefined;
  /**
   * Where the walk put what it did not find in the input (an encoded form, a hoisted `$ref` target): each
   * schema path prefix and the input path it comes from. Refusals are reported at input paths through it.
   */
  readonly moves: (readonly [SchemaPath, SchemaPath])[];
  /** The `$defs` name of each hoisted `$ref` target, by `$ref`, in the order they were met (made at the first). */
  hoisted: Map<string, string> | undefined;
  /** With encode, a `oneOf` refusal waits until the encodings are checked (relax.ts, strict-schema.ts). */
  deferred: Refusal | undefined;
  /** Reads the `$ref`s of the root, each once. */
  readonly refs: RefReader;
  /** The schema a `$ref` node points to (as the walk sees it), or `undefined`. */
  readonly pointsTo: (schema: unknown) => unknown;
  /** Whether an input subschema already allows null. */
  readonly nulls: NullAnalysis;
  /** The schema path (in the input) of the node being rewritten: where a refusal points. */
  readonly path: (string | number)[];
  /** The instance path of the node being rewritten: where its null paths start. */
  readonly instance: NullPathSegment[];
  /** Input objects from the unit's root to the current node: meeting one again is a cycle. */
  readonly ancestors: unknown[];
  /** The schema paths of the nodes above this one whose `$id` changes the base URI (innermost last). */
  readonly idScopes: SchemaPath[];
  /**
   * The units in use, by `$defs/<name>` (the root: ""); a Map iterates what is added while it
   * runs, so it is the queue too.
   */
  readonly units: Map<string, Unit>;
  /** The unit being rewritten. */
  unit: Unit;
  readonly relaxations: Relaxation[];
  /** Constraints written into descriptions, and the target's rewrites (types.ts). */
  readonly described: Described[];
  readonly rewrites: Rewrite[];
  /** The `$ref`s being spelled out, innermost last (a target that inlines them, or unrolls recursion). */
  readonly inlining: string[];
  /** Where `ancestors` starts for the cycle check: a `$ref` spelled out may meet its own target again. */
  ancestorsFrom: number;
  /** With recursion unrolled and `$ref`s kept: the definitions on a `$ref` cycle (made at the first `$ref`). */
  recursive: ReadonlySet<string> | undefined;
  /** Kept nulls and choices recorded (most schemas have none, and skip their expansion). */
  fills: number;
  /** Encodings recorded (most schemas have none, and skip their expansion and checks). */
  encoded: number;
  /** Maps' value schemas being rewritten (a target that keeps maps): nothing inside one can be restored. */
  maps: number;
  /** The budget (types.ts), counted on the output: optional properties, and subschemas with anyOf or type lists. */
  optional: number;
  unions: number;
  /** What the limits count, across the whole schema. */
  properties: number;
  chars: number;
  enumValues: number;
  /** Subschemas visited (the `max_nodes` guard). */
  nodes: number;
  /** anyOf sites with null paths met: most schemas have none, and skip the anyOf rule. */
  anyOfSites: number;
}

/**
 * Ends the walk: the schema has no strict form, at `path` (a schema path of the walk) because
 * `what` (the message, after "At <path>: "). Caught in strictSchema, never escapes it. Not an
 * Error: an Error records the stack where it is made, which no one reads here and which costs a
 * refused schema more than the walk that refused it.
 */
export class Refusal {
  readonly keyword: string;
  readonly what: string;
  readonly path: SchemaPath;
  constructor(keyword: string, what: string, path: SchemaPath) {
    this.keyword = keyword;
    this.what = what;
    this.path = path;
  }
}

/** Throws `refusal`. */
export function throwRefusal(refusal: Refusal): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a Refusal (see there), caught in strictSchema
  throw refusal;
}

/** The refusal of the schema at `at`. */
export const refusal = (keyword: string, what: string, at: SchemaPath): Refusal =>
  new Refusal(keyword, `${what}.`, at.slice());

/** Ends the rewrite with an error at `at` (the root by default), its message as given: a check after the walk. */
export const fail: Fail = (keyword, what, at = []) => throwRefusal(new Refusal(keyword, what, at.slice()));

/** Refuses the schema at `at` (by default, the node being rewritten). */
export function refuse(context: RewriteContext, keyword: string, what: string, at: SchemaPath = context.path): never {
  return throwRefusal(refusal(keyword, what, at));
}

/** Refuses with the message for an exceeded limit. */
export function refuseLimit(context: RewriteContext, name: LimitName): never {
  const whose = context.target.name === "openai" ? undefined : "the limit set in options.limits";
  return refuse(context, name, overLimit(name, context.limits, whose));
}

/** Refuses nesting past the {@link NESTING} guard. */
export function refuseTooDeep(context: RewriteContext, at?: SchemaPath): never {
  return refuse(context, "max_depth", `nested over ${NESTING} deep; flatten the schema`, at);
}

/** The target `options` name; an unknown name is refused (at the root) before anything is read. */
export function readTarget(options: unknown): Target {
  const name = own(options, "target");
  const target = targetOf(name);
  if (target === undefined) {
    const names = '"openai", "anthropic", "gemini" or "gemini-openapi"';
    throwRefusal(new Refusal("target", `options.target must be ${names}, not ${describe(name)}.`, []));
  }
  return target;
}

/** The context for rewriting `root` for `target` with `options`; reading `options` may throw (a hostile getter). */
export function createContext(root: unknown, target: Target, options: unknown, unit: Unit): RewriteContext {
  const limits = readLimits(options, target.limits);
  const depth = own(options, "recursionDepth");
  const relax = own(options, "relax");
  // (a target that keeps maps and free-form values has nothing to encode)
  const encode = own(options, "encode") === true && target.objects !== "open";
  const view = (schema: unknown): unknown => viewOf(context, schema);
  // (with encode, a `$ref` to a non-definition is hoisted: it points where its pointer does; most name a definition)
  const refs = refReader(root);
  const pointsTo = encode ? (schema: unknown) => view(refs.pointed(schema)) : refs.target;
  const context: RewriteContext = {
    root,
    target,
    limits,
    recursionDepth: typeof depth === "number" && depth >= 0 ? Math.floor(depth) : RECURSION_DEPTH,
    relaxOneOf: own(relax, "oneOf") === true,
    relaxAllOf: own(relax, "allOf") === true,
    encode,
    forms: undefined,
    moves: [],
    hoisted: undefined,
    deferred: undefined,
    refs,
    pointsTo,
    nulls: nullAnalysis(view, pointsTo, NESTING, () => refuseTooDeep(context)),
    path: [],
    instance: [],
    ancestors: [],
    idScopes: [],
    units: new Map([["", unit]]),
    unit,
    relaxations: [],
    described: [],
    rewrites: [],
    inlining: [],
    ancestorsFrom: 0,
    recursive: undefined,
    maps: 0,
    fills: 0,
    encoded: 0,
    optional: 0,
    unions: 0,
    properties: 0,
    chars: 0,
    enumValues: 0,
    nodes: 0,
    anyOfSites: 0,
  };
  return context;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Unicode code points of a string (how OpenAI counts characters; a lone surrogate counts as one). */
export function codePoints(text: string): number {
  // (most text has no surrogate: then it is its length, without walking it)
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Adds `length` characters of names, enum values or consts to the `max_chars` count. */
export function countChars(context: RewriteContext, length: number): void {
  context.chars += length;
  if (context.chars > context.limits.maxChars) refuseLimit(context, "max_chars");
}

/** Records a relaxation applied at the node being rewritten. */
export function recordRelaxation(context: RewriteContext, kind: RelaxationKind): void {
  context.relaxations.push({ kind, path: context.path.slice() });
}

/** Records one of the target's rewrites at the node being rewritten (at its input path). */
export function recordRewrite(context: RewriteContext, kind: RewriteKind): void {
  context.rewrites.push({ kind, path: sourcePath(context, context.path) });
}

/**
 * With encode, the encoded form of `schema` (the root's when it is the root), one object per node;
 * `asEntries` asks for a free-form map as entries (a new form each time: only an anyOf branch asks);
 * `keywords`, the node's keywords when the walk has read them.
 */
export function formOf(
  context: RewriteContext,
  schema: unknown,
  asEntries = false,
  keywords?: FormKeywords,
): EncodedForm | undefined {
  if (schema === context.root) {
    let form = context.forms?.get(schema);
    if (form === undefined && isPlain(schema)) {
      form = rootForm(schema);
      if (form !== undefined) (context.forms ??= new Map()).set(schema, form);
    }
    return form;
  }
  // (most nodes need no encoding, and are told without a lookup)
  const kind = formKind(schema, keywords);
  if (kind === undefined) return undefined;
  if (asEntries) return encodedForm(schema, kind, true);
  let form = context.forms?.get(schema);
  if (form === undefined) (context.forms ??= new Map()).set(schema, (form = encodedForm(schema, kind, false)));
  return form;
}

/** What the walk reads in place of `schema`: its encoded form, with encode (see {@link formOf}), else itself. */
export function viewOf(context: RewriteContext, schema: unknown, asEntries = false): unknown {
  return context.encode ? (formOf(context, schema, asEntries)?.schema ?? schema) : schema;
}

/** Records an encoding at the node being rewritten (its path is the node's instance path in the unit). */
export function recordEncoding(context: RewriteContext, encoding: Encoding): void {
  if (context.maps > 0) {
    const what = "this needs restoring, which nothing inside a map's values can be; give the map a fixed shape";
    refuse(context, "additionalProperties", what);
  }
  context.unit.encodings.push({ path: context.instance.slice(), encoding });
  context.encoded++;
}

/** The input path a schema path of the walk comes from (see {@link RewriteContext.moves}). */
export function sourcePath(context: RewriteContext, path: SchemaPath): SchemaPath {
  let from: readonly [SchemaPath, SchemaPath] | undefined;
  for (const move of context.moves) {
    const [prefix] = move;
    if (prefix.length > path.length || (from !== undefined && prefix.length <= from[0].length)) continue;
    if (prefix.every((segment, index) => segment === path[index])) from = move;
  }
  return from === undefined ? path.slice() : [...from[1], ...path.slice(from[0].length)];
}

/** The error `refusal` reports: at its input path (see {@link RewriteContext.moves}), which its message names. */
export function errorOf(
  context: RewriteContext | undefined,
  { keyword, what, path }: Refusal,
  target: TargetName,
): StrictError & { readonly target: TargetName } {
  const at = context === undefined ? path.slice() : sourcePath(context, path);
  return { path: at, keyword, message: `At ${pointer(at)}: ${what}`, target };
}
