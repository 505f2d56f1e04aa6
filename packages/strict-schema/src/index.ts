// The public surface of @x/strict-schema.
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
