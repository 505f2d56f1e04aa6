import type { Options } from "tsup";
import { libraryBuild } from "../../tsup.config.base";

const config: Options = {
  ...libraryBuild,
  // The OpenTelemetry bridge is its own entry, so that `@opentelemetry/api`
  // (an optional peer dependency) is loaded only by those who import it.
  entry: { index: "src/index.ts", otel: "src/otel/index.ts" },
  external: ["@opentelemetry/api"],
};

export default config;
