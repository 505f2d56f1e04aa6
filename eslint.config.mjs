// @ts-check
import { builtinModules } from "node:module";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { kebabCaseFileName } from "./scripts/eslint/kebab-case-file-name.mjs";

// Only @x/servers depends on the MCP SDK at run time: the others take any
// object with the SDK's callTool shape (their tests may use the SDK).
const mcpSdkAtRunTime = {
  regex: "^@modelcontextprotocol/",
  allowTypeImports: true,
  message: "Only @x/servers depends on the MCP SDK at run time; take the callTool shape instead.",
};

// Library code that runs in browsers too (@x/strict-schema, @x/toolset) uses
// none of Node's globals; the tests and the CLI may.
const browserGlobals = [
  "error",
  { name: "process", message: "Library code runs in browsers too." },
  { name: "Buffer", message: "Library code runs in browsers too." },
];

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "**/.turbo/**", "**/coverage/**", "corpus/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ["*.mjs", "*.ts", "scripts/*.mjs"],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { x: { rules: { "kebab-case-file-name": kebabCaseFileName } } },
    rules: {
      "x/kebab-case-file-name": ["error", { root: import.meta.dirname }],
      // STYLE.md: more than four positional parameters want one object (hooks take one event object).
      "max-params": ["error", 4],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/consistent-type-exports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportAllDeclaration",
          message: "Export each name explicitly: src/index.ts is the whole public surface.",
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "**/*.cjs"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // @x/strict-schema has no dependencies: its library code imports nothing
    // but its own files. The CLI alone may use Node's built-in modules.
    files: ["packages/strict-schema/src/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test-d.ts", "**/__fixtures__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\.{1,2}/)(?!node:)",
              message: "@x/strict-schema has no dependencies: import only its own files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/strict-schema/src/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test-d.ts", "**/__fixtures__/**", "packages/strict-schema/src/cli/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\.{1,2}/)",
              message: "@x/strict-schema has no dependencies and runs in browsers: import only its own files.",
            },
          ],
        },
      ],
      "no-restricted-globals": browserGlobals,
    },
  },
  {
    // A table's rows spread into one parameter per column (it.each).
    files: ["**/*.test.ts"],
    rules: { "max-params": "off" },
  },
  {
    // Only @x/servers depends on the MCP SDK at run time: the others take any
    // object with the SDK's callTool shape (their tests may use the SDK).
    files: [
      "packages/toolset/src/**/*.ts",
      "packages/openai-chat/src/**/*.ts",
      "packages/openai-responses/src/**/*.ts",
      "packages/anthropic/src/**/*.ts",
      "packages/gemini/src/**/*.ts",
      "packages/executor/src/**/*.ts",
    ],
    ignores: ["**/*.test.ts", "**/*.test-d.ts", "**/__fixtures__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [mcpSdkAtRunTime],
        },
      ],
    },
  },
  {
    // @x/toolset runs in browsers too: no Node module, no Node global, in its
    // library code (the built dist is checked by src/runs-in-browsers.test.ts).
    // After the block above: this rule's options replace its, so they repeat the MCP SDK pattern.
    files: ["packages/toolset/src/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test-d.ts", "**/__fixtures__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: builtinModules.map((name) => ({ name, message: "@x/toolset runs in browsers too: no Node module." })),
          patterns: [{ regex: "^node:", message: "@x/toolset runs in browsers too: no Node module." }, mcpSdkAtRunTime],
        },
      ],
      "no-restricted-globals": browserGlobals,
    },
  },
);
