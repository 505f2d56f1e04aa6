// `pnpm --filter @x/playground serve`: the playground without building the page first.
import { readStartRequest, runPlayground } from "./run-playground";

await runPlayground(await readStartRequest());
