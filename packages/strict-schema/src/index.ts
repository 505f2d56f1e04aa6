// The public surface of @x/strict-schema.
export { checkStrict } from "./check-strict";
export type { CheckStrictOptions } from "./check-strict";
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
