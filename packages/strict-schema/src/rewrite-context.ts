// What one strictSchema call knows while it walks a schema: the input root,
// the limits and relaxations asked for, where the walk is (schema path and
// instance path), what it has counted, and the units ($defs in use) it has met.
// Refusing ends the walk with a Refusal, which strictSchema turns into its result.
import { type NullAnalysis, nullAnalysis } from "./allows-null";
import { overLimit, readLimits } from "./limits";
import type { Unit } from "./null-paths";
import { own, pointer } from "./plain-json";
import type {
  LimitName,
  NullPathSegment,
  Relaxation,
  RelaxationKind,
  SchemaPath,
  StrictError,
  StrictLimits,
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

/** The walk of one `strictSchema` call. */
export interface RewriteContext {
  /** The input schema: `$ref`s resolve against it. */
  readonly root: unknown;
  readonly limits: StrictLimits;
  readonly relaxOneOf: boolean;
  readonly relaxAllOf: boolean;
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
  /** What the limits count, across the whole schema. */
  properties: number;
  chars: number;
  enumValues: number;
  /** Subschemas visited (the `max_nodes` guard). */
  nodes: number;
  /** anyOf sites with null paths met: most schemas have none, and skip the anyOf rule. */
  anyOfSites: number;
}

/** Ends the walk: the schema has no strict form. Caught in strictSchema, never escapes it. */
export class Refusal extends Error {
  readonly error: StrictError;
  constructor(error: StrictError) {
    super(error.message);
    this.error = error;
  }
}

/** Refuses the schema at `at` (by default, the node being rewritten). */
export function refuse(context: RewriteContext, keyword: string, what: string, at: SchemaPath = context.path): never {
  throw new Refusal({ path: at.slice(), keyword, message: `At ${pointer(at)}: ${what}.` });
}

/** Refuses with the message for an exceeded limit. */
export function refuseLimit(context: RewriteContext, name: LimitName): never {
  return refuse(context, name, overLimit(name, context.limits));
}

/** Refuses nesting past the {@link NESTING} guard. */
export function refuseTooDeep(context: RewriteContext, at?: SchemaPath): never {
  return refuse(context, "max_depth", `nested over ${NESTING} deep; flatten the schema`, at);
}

/** The context for rewriting `root` with `options`; reading `options` may throw (a hostile getter), as the walk may. */
export function createContext(root: unknown, options: unknown, unit: Unit): RewriteContext {
  const limits = readLimits(options);
  const relax = own(options, "relax");
  const context: RewriteContext = {
    root,
    limits,
    relaxOneOf: own(relax, "oneOf") === true,
    relaxAllOf: own(relax, "allOf") === true,
    nulls: nullAnalysis(root, NESTING, () => refuseTooDeep(context)),
    path: [],
    instance: [],
    ancestors: [],
    idScopes: [],
    units: new Map([["", unit]]),
    unit,
    relaxations: [],
    properties: 0,
    chars: 0,
    enumValues: 0,
    nodes: 0,
    anyOfSites: 0,
  };
  return context;
}

/** Unicode code points of a string (how OpenAI counts characters; a lone surrogate counts as one). */
export function codePoints(text: string): number {
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
