import type { Options } from "tsup";

const config: Options = {
  // The OpenTelemetry bridge is its own entry, so that `@opentelemetry/api`
  // (an optional peer dependency) is loaded only by those who import it.
  entry: { index: "src/index.ts", otel: "src/otel/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
  external: ["@opentelemetry/api"],
};

export default config;
