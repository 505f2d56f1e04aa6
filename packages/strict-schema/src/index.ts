// The public surface of @x/strict-schema: what a runtime imports to convert MCP
// tools for OpenAI's strict mode and to undo what strict mode added to the
// arguments. The checker, for diagnosing refusals, is @x/strict-schema/check;
// encodeArguments, the form a model would send a value in, is @x/strict-schema/encode.
export { DEFAULT_LIMITS } from "./limits";
export type { EntriesEncoding, Encoding, EncodingKind, JsonTextEncoding, Plan, RestEncoding } from "./plan";
export { restoreArguments } from "./restore-arguments";
export type { RestoreError, RestoreResult } from "./restore-arguments";
export { strictSchema } from "./strict-schema";
export { stripNulls } from "./strip-nulls";
export { ITEMS } from "./types";
export type {
  JsonSchema,
  JsonSchemaObject,
  JsonSchemaTypeName,
  JsonValue,
  LimitName,
  NullPath,
  NullPathSegment,
  Relaxation,
  RelaxationKind,
  SchemaPath,
  StrictError,
  StrictLimits,
  StrictResult,
  StrictSchemaOptions,
} from "./types";
