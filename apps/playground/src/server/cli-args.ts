// The playground's command line: which MCP servers to start, besides the built-in ones.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { splitCommandLine } from "./command-line";
import { ConfigError, readConfig } from "./config-file";
import { demoServerSpec, everythingServerSpec } from "./server-spec";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

/** The usage text printed by `--help`. */
export const USAGE = `Usage: pnpm playground [options]   (pnpm playground -- --help for this text)

Starts MCP servers, then serves the playground page on http://127.0.0.1:$PORT
(PORT unset: 5399, or a free port when 5399 is busy; 0: a free port). Servers
start only from here, never from the page.

Options:
  --config <file>          Read MCP servers from a file shaped like
                           { "mcpServers": { "name": { "command", "args", "env", "cwd" } | { "url", "headers" } } }
                           (default: ./playground.config.json when it exists)
  --stdio "name=command args…"
                           Start an MCP server over stdio (repeatable)
  --http name=url          Connect to an MCP server over Streamable HTTP (repeatable)
  --no-builtin             Do not start the built-in "demo" and "everything" servers
  --open                   Open the page in the default browser once it is up
  -h, --help               Show this text

Environment:
  PORT                     Port to listen on (127.0.0.1 only)
  OPENAI_API_KEY           Lets the conversation view talk to a real model (never sent to the page)
  OPENAI_BASE_URL          Any OpenAI-compatible server
  OPENAI_MODEL             The model the conversation view starts with
`;

/** What the command line asks for. */
export type CliRequest =
  | { readonly help: true }
  | { readonly help: false; readonly servers: readonly (ServerSpec | InvalidServerSpec)[]; readonly open: boolean };

function namedValue(option: string, value: string): [string, string] {
  const at = value.indexOf("=");
  if (at <= 0)
    throw new ConfigError(
      `${option} ${JSON.stringify(value)}: expected name=${option === "--http" ? "url" : "command args…"}`,
    );
  return [value.slice(0, at).trim(), value.slice(at + 1).trim()];
}

/**
 * Reads the command line and the config file into the list of servers to start.
 * Throws a {@link ConfigError} for anything the user must fix before starting
 * (unknown option, unreadable config file, a server name given twice).
 *
 * @param argv - the arguments after the script name
 * @param cwd - where relative paths are read from (the folder the user ran the command in)
 * @example
 * ```ts
 * const request = parseCliArgs(["--http", "docs=http://127.0.0.1:9000/mcp"], process.cwd());
 * ```
 */
export function parseCliArgs(argv: readonly string[], cwd: string): CliRequest {
  let parsed;
  try {
    parsed = parseArgs({
      // `pnpm playground -- --help` passes the "--" on: it separates nothing here.
      args: argv[0] === "--" ? argv.slice(1) : [...argv],
      options: {
        config: { type: "string" },
        stdio: { type: "string", multiple: true },
        http: { type: "string", multiple: true },
        "no-builtin": { type: "boolean" },
        open: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new ConfigError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  const { values } = parsed;
  if (values.help === true) return { help: true };

  const servers: (ServerSpec | InvalidServerSpec)[] =
    values["no-builtin"] === true ? [] : [demoServerSpec(), everythingServerSpec()];

  const explicitConfig = values.config !== undefined;
  const configFile = resolve(cwd, values.config ?? "playground.config.json");
  if (explicitConfig || existsSync(configFile)) {
    let text: string;
    try {
      text = readFileSync(configFile, "utf8");
    } catch (error) {
      throw new ConfigError(
        `cannot read the config file ${configFile}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ConfigError(`${configFile} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    servers.push(...readConfig(json, dirname(configFile), configFile));
  }

  for (const value of values.stdio ?? []) {
    const [name, commandLine] = namedValue("--stdio", value);
    const split = splitCommandLine(commandLine);
    const [command, ...args] = split.ok ? split.words : [];
    if (!split.ok || command === undefined) {
      servers.push({
        name,
        transport: "invalid",
        error: `--stdio ${name}: ${split.ok ? "no command given" : split.error}`,
        source: "flag",
      });
    } else {
      servers.push({ name, transport: "stdio", command, args, env: {}, cwd, source: "flag" });
    }
  }
  for (const value of values.http ?? []) {
    const [name, url] = namedValue("--http", value);
    const specs = readConfig({ mcpServers: { [name]: { url } } }, cwd, "--http");
    servers.push(...specs.map((spec) => ({ ...spec, source: "flag" as const })));
  }

  const seen = new Set<string>();
  for (const server of servers) {
    if (seen.has(server.name))
      throw new ConfigError(`two MCP servers are named "${server.name}": give each a different name`);
    seen.add(server.name);
  }
  return { help: false, servers, open: values.open === true };
}
