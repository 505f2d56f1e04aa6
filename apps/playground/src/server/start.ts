// `pnpm playground`: reads the command line, builds the page, then starts the
// server, in one Node process (no `vite build && node …` shell chain, no pnpm
// inside pnpm): a mistake on the command line is said at once, before the
// build; Ctrl-C and SIGTERM reach this process, which exits with 0, so pnpm
// has nothing to report.
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { readStartRequest, runPlayground } from "./run-playground";

const request = await readStartRequest();
// The usage text needs no page.
if (!request.help)
  await build({ configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)), logLevel: "warn" });
await runPlayground(request);
