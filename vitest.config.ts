import { fileURLToPath } from "node:url";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Tests run on sources: the "@x/source" export condition points each workspace
// package at its src/index.ts, so no build is needed before `pnpm test`.
const sourceConditions = ["@x/source"];

// (each root resolved against this file, not the working directory: a package's own
// `pnpm test` runs vitest from the package with --root ../..)
const project = (name: string, root: string) => ({
  extends: true as const,
  test: {
    name,
    root: fileURLToPath(new URL(`./${root}/`, import.meta.url)),
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});

export default defineConfig({
  resolve: { conditions: [...sourceConditions, ...defaultClientConditions] },
  // Vitest also hands the server conditions to its workers' Node (--conditions), so they
  // must not include "module": packages publish bundler-only ESM under it, which Node
  // cannot load (@opentelemetry/api's has extensionless imports).
  ssr: { resolve: { conditions: [...sourceConditions, ...defaultServerConditions.filter((c) => c !== "module")] } },
  test: {
    // CI sets X_TEST_REPORT to a path to also get vitest's JSON report there.
    reporters: process.env.X_TEST_REPORT
      ? ["default", ["json", { outputFile: process.env.X_TEST_REPORT }]]
      : ["default"],
    setupFiles: [new URL("./scripts/fail-on-console.ts", import.meta.url).pathname],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      project("@x/strict-schema", "packages/strict-schema"),
      project("@x/toolset", "packages/toolset"),
      project("@x/openai-chat", "packages/openai-chat"),
      project("@x/openai-responses", "packages/openai-responses"),
      project("@x/anthropic", "packages/anthropic"),
      project("@x/gemini", "packages/gemini"),
      project("@x/executor", "packages/executor"),
      project("@x/servers", "packages/servers"),
      project("@x/playground", "apps/playground"),
      // The repository's own scripts (the docs check): plain Node, nothing to typecheck here (the root tsc does).
      {
        extends: true as const,
        test: { name: "scripts", root: fileURLToPath(new URL("./scripts/", import.meta.url)), include: ["*.test.ts"] },
      },
    ],
  },
});
