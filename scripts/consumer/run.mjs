// Loads every package at run time through both module systems.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const names = ["@x/strict-schema", "@x/strict-schema/check", "@x/toolset", "@x/openai-chat", "@x/openai-responses", "@x/executor", "@x/executor/otel", "@x/servers"];
for (const name of names) {
  await import(name);
  require(name);
}
