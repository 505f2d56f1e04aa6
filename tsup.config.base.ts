import type { Options } from "tsup";

/**
 * How every @x package builds its library entry: ESM + CJS, each with its own
 * `.d.ts`, platform neutral (the packages run in Node and in browsers). Each
 * package's tsup.config.ts spreads this and says only what differs.
 */
export const libraryBuild: Options = {
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
};
