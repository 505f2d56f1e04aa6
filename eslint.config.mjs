// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
    rules: {
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
      "no-restricted-globals": [
        "error",
        { name: "process", message: "Library code runs in browsers too." },
        { name: "Buffer", message: "Library code runs in browsers too." },
      ],
    },
  },
  {
    // Only @x/servers depends on the MCP SDK at run time: the others take any
    // object with the SDK's callTool shape (their tests may use the SDK).
    files: ["packages/toolset/src/**/*.ts", "packages/openai-chat/src/**/*.ts", "packages/openai-responses/src/**/*.ts", "packages/executor/src/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test-d.ts", "**/__fixtures__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@modelcontextprotocol/",
              allowTypeImports: true,
              message: "Only @x/servers depends on the MCP SDK at run time; take the callTool shape instead.",
            },
          ],
        },
      ],
    },
  },
);
