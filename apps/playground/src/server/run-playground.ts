// What `pnpm playground` does, in two steps: read the command line and the
// environment (a mistake there ends the process with 1 and a message, before
// anything is built or started), then start the MCP servers and the HTTP
// server and print the URL to open. Every way out ends the process itself
// with a code of its own (0 for Ctrl-C, SIGTERM and SIGHUP).
import { displayUrl } from "@x/servers";
import { choosePort } from "./choose-port";
import { parseCliArgs, USAGE } from "./cli-args";
import { ConfigError } from "./config-file";
import { consoleLogger } from "./logger";
import { openBrowser } from "./open-browser";
import type { ProviderSettings } from "./model-providers";
import { startPlayground } from "./playground-server";
import { connectionState } from "./toolbox";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

function fail(message: string): never {
  consoleLogger.error(`playground: ${message}`);
  process.exit(1);
}

/** What the command line and the environment ask for, once read. */
export type StartRequest =
  | { readonly help: true }
  | {
      readonly help: false;
      readonly port: number;
      /** Said in the terminal: why the port is not the one asked for. */
      readonly portNote: string | undefined;
      readonly servers: readonly (ServerSpec | InvalidServerSpec)[];
      readonly open: boolean;
    };

/**
 * Reads `PORT` and the command line. A mistake (a bad `PORT`, an unknown flag, a bad config file) is printed and
 * ends the process with exit code 1: nothing is built or started for a command that cannot run.
 *
 * @returns what to start, or `{ help: true }` for `--help`
 * @example
 * ```ts
 * const request = await readStartRequest();
 * await runPlayground(request);
 * ```
 */
export async function readStartRequest(): Promise<StartRequest> {
  const portChoice = await choosePort(process.env["PORT"]);
  if ("error" in portChoice) fail(portChoice.error);
  let cli;
  try {
    // pnpm runs the script in apps/playground; INIT_CWD is where the user typed the command.
    cli = parseCliArgs(process.argv.slice(2), process.env["INIT_CWD"] ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (cli.help) return cli;
  return { help: false, port: portChoice.port, portNote: portChoice.note, servers: cli.servers, open: cli.open };
}

/** What the terminal says about a provider's key: set (and where), or what works without it. */
function keyLine(name: string, variable: string, settings: ProviderSettings, without: string): string {
  const { apiKey, baseURL } = settings;
  if (apiKey === undefined) return `  ${name}: no ${variable} (${without})`;
  return `  ${name}: key set${baseURL === undefined ? "" : `, base URL ${displayUrl(baseURL)}`}`;
}

/**
 * Starts what `request` asks for (or prints the usage text and exits for `--help`), prints the URL, and ends the
 * process with 0 on Ctrl-C, SIGTERM and SIGHUP after stopping every MCP server.
 *
 * @example
 * ```ts
 * await runPlayground(await readStartRequest());
 * ```
 */
export async function runPlayground(request: StartRequest): Promise<void> {
  if (request.help) {
    consoleLogger.info(USAGE);
    process.exit(0);
  }
  // (an empty variable counts as unset)
  const setting = (name: string): string | undefined => process.env[name] || undefined;
  /** A provider's `<PREFIX>_API_KEY`, `_BASE_URL` and `_MODEL`. */
  const provider = (prefix: string): ProviderSettings => {
    const [apiKey, baseURL, model] = ["API_KEY", "BASE_URL", "MODEL"].map((name) => setting(`${prefix}_${name}`));
    return {
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(baseURL === undefined ? {} : { baseURL }),
      ...(model === undefined ? {} : { model }),
    };
  };
  const openai = provider("OPENAI");
  const anthropic = provider("ANTHROPIC");
  const gemini = provider("GEMINI");
  const playground = await startPlayground({
    servers: request.servers,
    port: request.port,
    openai,
    anthropic,
    gemini,
  }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

  const { specs } = playground.pool;
  // Set before the URL is printed: whoever reacts to the URL by stopping us gets a clean exit.
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void playground.close().finally(() => process.exit(0));
  };
  // SIGTERM also comes from pnpm, which passes it on to the script it runs (the root script execs node for that).
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, shutdown);
  // When pnpm is killed outright (SIGKILL), nothing is passed on, and this process is left without its parent:
  // stop then too, so no MCP server is left running.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown();
  }, 1_000).unref();

  const failed = specs.filter((spec) => connectionState(spec, playground.pool).status !== "ready").length;
  consoleLogger.info(
    [
      "",
      `  @x playground: ${specs.length - failed} of ${specs.length} MCP server(s) started` +
        (failed === 0 ? "" : ` (${failed} failed: the page says why)`),
      keyLine("OpenAI", "OPENAI_API_KEY", openai, "the Run view and the scripted model work without one"),
      keyLine("Anthropic", "ANTHROPIC_API_KEY", anthropic, "the scripted model speaks its API"),
      keyLine("Gemini", "GEMINI_API_KEY", gemini, "the scripted model speaks its API"),
      "",
      ...(request.portNote === undefined ? [] : [`  (${request.portNote})`]),
      `  Open ${playground.url}`,
      "",
    ].join("\n"),
  );
  if (request.open) openBrowser(playground.url, (message) => consoleLogger.error(`playground: ${message}`));
}
