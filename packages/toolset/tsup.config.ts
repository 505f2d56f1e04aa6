import type { Options } from "tsup";
import { libraryBuild } from "../../tsup.config.base";

const config: Options = {
  ...libraryBuild,
  // Adapter authors' pieces are their own entry (`@x/toolset/adapter`).
  entry: { index: "src/index.ts", adapter: "src/adapter/index.ts" },
};

export default config;
