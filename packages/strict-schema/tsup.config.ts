import type { Options } from "tsup";
import { libraryBuild } from "../../tsup.config.base";

// Two builds: the library (ESM + CJS + .d.ts, platform neutral: it runs in
// browsers) and the `x-strict-schema` bin (ESM for Node, its own bundle, so the
// library entry never carries CLI code and no chunk is shared between them).
// tsup runs both at once: only the library cleans dist/, and it spares the bin.
const config: Options[] = [
  // Three library entries: the runtime (strictSchema, stripNulls, restoreArguments), the checker
  // (./check) and encodeArguments (./encode).
  {
    ...libraryBuild,
    entry: { index: "src/index.ts", check: "src/check.ts", encode: "src/encode.ts" },
    clean: ["!cli.js"],
  },
  {
    entry: { cli: "src/cli/index.ts" },
    format: ["esm"],
    dts: false,
    clean: false,
    target: "node20",
    platform: "node",
  },
];

export default config;
