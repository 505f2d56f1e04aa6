// The public surface of @x/executor/otel: OpenTelemetry tracing for the executor's hooks.
export { otelHooks } from "./otel-hooks";
export type { OtelHooksOptions } from "./otel-hooks";
