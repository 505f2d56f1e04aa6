// The small, local JSON Schema and result types of @x/strict-schema.
import type { Encoding, Plan } from "./plan";

/** Any value JSON can carry. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** The type names JSON Schema knows. */
export type JsonSchemaTypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/**
 * A JSON Schema object, as far as strict mode is concerned. Unknown keywords
 * are allowed (and are dropped or refused by {@link strictSchema}).
 */
export interface JsonSchemaObject {
  type?: JsonSchemaTypeName | JsonSchemaTypeName[];
  properties?: { [name: string]: JsonSchema };
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  enum?: JsonValue[];
  const?: JsonValue;
  anyOf?: JsonSchema[];
  $ref?: string;
  $defs?: { [name: string]: JsonSchema };
  definitions?: { [name: string]: JsonSchema };
  description?: string;
  title?: string;
  [keyword: string]: unknown;
}

/** A JSON Schema: an object, or `true` / `false`. */
export type JsonSchema = JsonSchemaObject | boolean;

/**
 * The segment of a {@link NullPath} that means "every element of an array".
 * It is `null`: property names are always strings, so it cannot be confused
 * with a property called `items`, `*` or `[]`, and it survives
 * `JSON.stringify` / `JSON.parse` unchanged.
 */
export const ITEMS: null = null;

/** One step of a {@link NullPath}: a property name, or {@link ITEMS}. */
export type NullPathSegment = string | typeof ITEMS;

/**
 * The instance location of a property that strict mode made nullable: the
 * property names leading to it, with {@link ITEMS} for "every array element".
 */
export type NullPath = readonly NullPathSegment[];

/** A location inside a schema: keywords, property names and array indexes. */
export type SchemaPath = readonly (string | number)[];

/** The names of the strict-mode limits, as reported in {@link StrictError.keyword}. */
export type LimitName = "max_properties" | "max_depth" | "max_chars" | "max_enum_values" | "max_enum_chars";

/**
 * The providers `strictSchema` and `checkStrict` know (targets.ts): OpenAI's strict mode, Anthropic's strict
 * tool use, Gemini's `parametersJsonSchema` and Gemini's (and Vertex AI's) OpenAPI-style `parameters`.
 */
export type TargetName = "openai" | "anthropic" | "gemini" | "gemini-openapi";

/** Why a schema has no strict form (or, from `checkStrict`, why the provider would refuse it). */
export interface StrictError {
  /** Where, in the input schema: keywords, property names and indexes. */
  readonly path: SchemaPath;
  /**
   * The offending keyword (`"oneOf"`, `"additionalProperties"`, …) or a {@link LimitName}; or
   * `"max_nodes"`, an internal guard against hostile input and not an OpenAI limit: more than
   * 100 000 subschemas visited by `strictSchema` (1 000 000 by `checkStrict`), a shared object
   * counting at each use. The other guards report OpenAI-style names: `"max_depth"` past 512
   * levels of subschemas or `$ref`s (1000 path segments for `checkStrict`), and `"$ref"` when
   * `$ref`s expand to null paths of over 1 000 000 segments. No real schema comes near them.
   */
  readonly keyword: string;
  /** What was wrong and what to do, in one sentence. */
  readonly message: string;
  /** The target that refuses it: always set by `strictSchema` and `fitRoot`, absent from `checkStrict`'s reasons. */
  readonly target?: TargetName;
}

/**
 * The limits strict mode enforces; each defaults to OpenAI's number. The keys are the names
 * `options.limits` takes; an exceeded limit is reported by its {@link LimitName} (`maxDepth` as `max_depth`).
 */
export interface StrictLimits {
  /** Properties across the whole schema, `$defs` included; reported as `max_properties`. */
  readonly maxProperties: number;
  /** Levels of object nesting; the root object is level 1; reported as `max_depth`. */
  readonly maxDepth: number;
  /** Characters across property names, definition names, enum values and string consts; reported as `max_chars`. */
  readonly maxChars: number;
  /** Enum values across the whole schema; reported as `max_enum_values`. */
  readonly maxEnumValues: number;
  /**
   * Characters of one string enum that has more than {@link StrictLimits.largeEnumSize} values; reported as
   * `max_enum_chars`.
   */
  readonly maxEnumChars: number;
  /** How many values make a string enum large enough for {@link StrictLimits.maxEnumChars} to apply. */
  readonly largeEnumSize: number;
}

/** A relaxation beyond what strict mode accepts, applied only when asked for. */
export type RelaxationKind = "oneOf-as-anyOf" | "allOf-merged";

/** Where a relaxation was applied. */
export interface Relaxation {
  readonly kind: RelaxationKind;
  readonly path: SchemaPath;
}

/** Options of {@link strictSchema}. */
export interface StrictSchemaOptions {
  /** The provider whose subset to rewrite into (targets.ts); `"openai"` by default. */
  readonly target?: TargetName;
  /** Overrides of the target's limits (OpenAI's numbers; the other targets document none per schema). */
  readonly limits?: Partial<StrictLimits>;
  /**
   * For targets that refuse recursion (`anthropic`, `gemini`, `gemini-openapi`): how many times a recursive
   * `$ref` is spelled out along one path before the rest is taken as JSON text (reported in `rewrites`). 3 by
   * default.
   */
  readonly recursionDepth?: number;
  /** Opt-in relaxations; every one is off by default. */
  readonly relax?: {
    /** Rewrite a `oneOf` whose branches are provably disjoint (a `const`/`enum` discriminator) as `anyOf`. */
    readonly oneOf?: boolean;
    /** Merge an `allOf` of object schemas when they do not conflict. */
    readonly allOf?: boolean;
  };
  /**
   * Encode what strict mode cannot express, reversibly: a map as a list of key/value entries,
   * a free-form map or value as JSON text, an open rest in one added property. The result
   * lists the encodings; `restoreArguments` undoes them. Off by default.
   */
  readonly encode?: boolean;
}

/** A constraint the target cannot express, dropped from the schema and written into its description. */
export interface Described {
  /** Where the keyword was, in the input schema. */
  readonly path: SchemaPath;
  readonly keyword: string;
  /** The words added to the description (`"at least 1"`). */
  readonly text: string;
}

/** The kinds of {@link Rewrite}. */
export type RewriteKind = "ref-inlined" | "recursion-cut" | "enum-as-text";

/**
 * A reversible rewrite a target needed (beside the encodings, which the plan lists): a `$ref` spelled out in
 * place, recursion cut into JSON text past `recursionDepth`, an enum or const of numbers or booleans sent as text.
 */
export interface Rewrite {
  readonly kind: RewriteKind;
  /** Where, in the input schema. */
  readonly path: SchemaPath;
}

/**
 * What a strict tool spends of Anthropic's per-request budget, counted on the output schema as Anthropic
 * counts: every property not listed in its object's `required`, and every subschema with an `anyOf` or a list of
 * types, at every level and in every definition
 * (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#schema-complexity-limits).
 */
export interface Budget {
  readonly optionalParameters: number;
  readonly unionParameters: number;
}

/** The result of {@link strictSchema}: never an exception. */
export type StrictResult =
  | {
      readonly ok: true;
      readonly schema: JsonSchemaObject;
      readonly nullPaths: readonly NullPath[];
      readonly relaxations: readonly Relaxation[];
      /** The encodings applied (with `options.encode`, and those a target needs: see {@link Rewrite}). */
      readonly encodings: readonly Encoding[];
      /** What `restoreArguments` undoes and `encodeArguments` applies: `{ nullPaths, encodings, … }`. */
      readonly plan: Plan;
      /** Constraints written into descriptions because the target cannot express them. */
      readonly described: readonly Described[];
      /** The target's reversible rewrites beside the encodings. */
      readonly rewrites: readonly Rewrite[];
      /** What the tool spends of a request's budget (Anthropic: optional and union-typed parameters). */
      readonly budget: Budget;
    }
  | { readonly ok: false; readonly error: StrictError & { readonly target: TargetName } };
