// `pnpm playground`: reads the command line and the environment, starts the
// MCP servers and the HTTP server, and prints the URL to open.
import { parseCliArgs, USAGE } from "./cli-args";
import { ConfigError } from "./config-file";
import { consoleLogger } from "./logger";
import { startPlayground } from "./playground-server";
import { connectionState } from "./toolbox";
import { redactUrl } from "./redact-url";

function fail(message: string): never {
  consoleLogger.error(`playground: ${message}`);
  process.exit(2);
}

const portText = process.env["PORT"] ?? "";
const port = portText === "" ? 0 : Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT=${JSON.stringify(portText)} is not a port number (0–65535; 0 or unset picks a free one).`);

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
const failed = specs.filter((spec) => connectionState(spec, servers).status !== "ready").length;
consoleLogger.info(
  [
    "",
    `  @x playground: ${specs.length - failed} of ${specs.length} MCP server(s) started` +
      (failed === 0 ? "" : ` (${failed} failed: the page says why)`),
    `  OpenAI: ${apiKey === undefined || apiKey === "" ? "no OPENAI_API_KEY (the Run view works without one)" : `key set${baseURL === undefined ? "" : `, base URL ${redactUrl(baseURL)}`}`}`,
    "",
    `  Open ${playground.url}`,
    "",
  ].join("\n"),
);

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  void playground.close().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
