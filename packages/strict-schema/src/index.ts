// The public surface of @x/strict-schema: what a runtime imports to convert MCP
// tools for a provider's schema subset (OpenAI's strict mode by default; the
// targets anthropic, gemini and gemini-openapi) and to undo what the conversion
// added to the arguments. The checker, for diagnosing refusals, is
// @x/strict-schema/check; encodeArguments, the form a model would send a value
// in, is @x/strict-schema/encode.
export { fitRoot } from "./fit-root";
export type { FitRootOptions, FitRootResult } from "./fit-root";
export { DEFAULT_LIMITS } from "./limits";
export type {
  Choice,
  ChoiceBranch,
  EntriesEncoding,
  Encoding,
  EncodingKind,
  EnumTextEncoding,
  JsonTextEncoding,
  Plan,
  RestEncoding,
  WrapEncoding,
} from "./plan";
export { restoreArguments } from "./restore-arguments";
export type { RestoreError, RestoreResult } from "./restore-arguments";
export { strictSchema } from "./strict-schema";
export { stripNulls } from "./strip-nulls";
export { ITEMS } from "./types";
export type {
  Budget,
  Described,
  JsonSchema,
  JsonSchemaObject,
  JsonSchemaTypeName,
  JsonValue,
  LimitName,
  NullPath,
  NullPathSegment,
  Relaxation,
  RelaxationKind,
  Rewrite,
  RewriteKind,
  SchemaPath,
  StrictError,
  StrictLimits,
  StrictResult,
  StrictSchemaOptions,
  TargetName,
} from "./types";
