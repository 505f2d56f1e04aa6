// `pnpm playground`: builds the page, then starts the server, in one Node
// process (no `vite build && node …` shell chain, no pnpm inside pnpm): Ctrl-C
// reaches this process, which exits with 0, and pnpm has nothing to report.
import { fileURLToPath } from "node:url";
import { build } from "vite";

// The usage text needs no page.
const help = process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h");
if (!help)
  await build({ configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)), logLevel: "warn" });
await import("./main");
