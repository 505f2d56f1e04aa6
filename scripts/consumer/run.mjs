// Loads every package at run time through both module systems.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const names = [
  "@x/strict-schema",
  "@x/strict-schema/check",
  "@x/strict-schema/encode",
  "@x/toolset",
  "@x/toolset/adapter",
  "@x/openai-chat",
  "@x/openai-responses",
  "@x/anthropic",
  "@x/gemini",
  "@x/executor",
  "@x/executor/otel",
  "@x/servers",
];
for (const name of names) {
  await import(name);
  require(name);
}

// The ESM and CJS copies are different classes: `instanceof` fails across
// them, the `Symbol.for` brand does not.
const esm = await import("@x/toolset");
const cjs = require("@x/toolset");
const error = new esm.ToolError("invalid-options", "a caller's mistake");
if (error instanceof cjs.ToolError) throw new Error("expected two copies of ToolError");
if (!cjs.isToolError(error) || !esm.isToolError(new cjs.ToolError("timeout", "slow"))) {
  throw new Error("isToolError does not recognise a ToolError of the other copy");
}
