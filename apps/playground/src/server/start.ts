// `pnpm playground`: builds the page, then starts the server, in one Node
// process (no `vite build && node …` shell chain: a signal then reaches only
// this process, which exits with 0, and pnpm prints no failure).
import { fileURLToPath } from "node:url";
import { build } from "vite";

await build({ configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)), logLevel: "warn" });
await import("./main");
