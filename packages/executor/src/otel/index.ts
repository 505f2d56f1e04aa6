// @x/executor/otel: for those who trace with OpenTelemetry. Hooks that turn
// the executor's events into `execute_tool` spans (GenAI semantic
// conventions); it is the only entry that loads `@opentelemetry/api`.
export { otelHooks } from "./otel-hooks";
export type { OtelHooksOptions } from "./otel-hooks";
