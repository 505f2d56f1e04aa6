// The public surface of @x/strict-schema/check: for developers and tools that
// ask why a provider (OpenAI's strict mode, Anthropic's strict tool use, Gemini's
// parameters) would refuse a schema (a 400 to understand, a CI check, the CLI). A
// runtime that converts tools needs only the main entry.
export { checkStrict } from "./check-strict";
export type { CheckStrictOptions } from "./check-strict";
