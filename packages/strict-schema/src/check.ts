// The public surface of @x/strict-schema/check: for developers and tools that
// ask why OpenAI's strict mode would refuse a schema (a 400 to understand, a
// CI check, the CLI). A runtime that converts tools needs only the main entry.
export { checkStrict } from "./check-strict";
export type { CheckStrictOptions } from "./check-strict";
export type { SchemaPath, StrictError, StrictLimits } from "./types";
