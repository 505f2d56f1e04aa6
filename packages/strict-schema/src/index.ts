// The public surface of @x/strict-schema.
export { checkStrict } from "./check-strict";
export type { CheckStrictOptions } from "./check-strict";
export { encodeArguments } from "./encode-arguments";
export { DEFAULT_LIMITS } from "./limits";
export type { EntriesEncoding, Encoding, EncodingKind, JsonTextEncoding, Plan, RestEncoding } from "./plan";
export { restoreArguments } from "./restore-arguments";
export type { RestoreError, RestoreResult } from "./restore-arguments";
export { strictSchema } from "./strict-schema-entry";
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
