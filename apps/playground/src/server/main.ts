// `pnpm playground`: reads the command line and the environment, starts the
// MCP servers and the HTTP server, and prints the URL to open. Every way out
// ends the process itself with a code of its own (0 for Ctrl-C and SIGTERM),
// so pnpm has no failure to report on top of what this prints.
import { choosePort } from "./choose-port";
import { parseCliArgs, USAGE } from "./cli-args";
import { ConfigError } from "./config-file";
import { consoleLogger } from "./logger";
import { openBrowser } from "./open-browser";
import { startPlayground } from "./playground-server";
import { connectionState } from "./toolbox";
import { redactUrl } from "./redact-url";

function fail(message: string): never {
  consoleLogger.error(`playground: ${message}`);
  process.exit(1);
}

const portChoice = await choosePort(process.env["PORT"]);
if ("error" in portChoice) fail(portChoice.error);
const { port } = portChoice;

let request;
try {
  // pnpm runs the script in apps/playground; INIT_CWD is where the user typed the command.
  request = parseCliArgs(process.argv.slice(2), process.env["INIT_CWD"] ?? process.cwd());
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (request.help) {
  consoleLogger.info(USAGE);
  process.exit(0);
}

const apiKey = process.env["OPENAI_API_KEY"];
const baseURL = process.env["OPENAI_BASE_URL"];
const model = process.env["OPENAI_MODEL"];
const playground = await startPlayground({
  servers: request.servers,
  port,
  openai: {
    ...(apiKey === undefined || apiKey === "" ? {} : { apiKey }),
    ...(baseURL === undefined || baseURL === "" ? {} : { baseURL }),
    ...(model === undefined || model === "" ? {} : { model }),
  },
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

const { specs, servers } = playground.pool;
// Set before the URL is printed: whoever reacts to the URL by stopping us gets a clean exit.
let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  void playground.close().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// pnpm runs this under a shell; when pnpm alone is stopped (kill <pid>), the shell dies and this
// process is left without its parent: stop then too, so no MCP server is left running.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) shutdown();
}, 1_000).unref();

const failed = specs.filter((spec) => connectionState(spec, servers).status !== "ready").length;
consoleLogger.info(
  [
    "",
    `  @x playground: ${specs.length - failed} of ${specs.length} MCP server(s) started` +
      (failed === 0 ? "" : ` (${failed} failed: the page says why)`),
    `  OpenAI: ${
      apiKey === undefined || apiKey === ""
        ? "no OPENAI_API_KEY (the Run view works without " + "one)"
        : `key set${baseURL === undefined ? "" : `, base URL ${redactUrl(baseURL)}`}`
    }`,
    "",
    ...(portChoice.note === undefined ? [] : [`  (${portChoice.note})`]),
    `  Open ${playground.url}`,
    "",
  ].join("\n"),
);
if (request.open) openBrowser(playground.url, (message) => consoleLogger.error(`playground: ${message}`));
