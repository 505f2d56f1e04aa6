// Reads the `mcpServers` config format that MCP clients share:
// { "mcpServers": { "name": { "command", "args", "env", "cwd" } | { "url", "headers" } } }
// Each entry is checked by @x/servers; one it refuses is shown as a server that failed.
import { checkServersConfig } from "@x/servers";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

/** A config file the playground cannot use at all (the message says why and where). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One entry, checked by @x/servers (the rules the connection follows), as the playground shows it. */
function readEntry(name: string, entry: unknown, baseDir: string): ServerSpec | undefined {
  const [checked] = checkServersConfig({ [name]: entry }, { cwd: baseDir });
  switch (checked?.kind) {
    case undefined:
      return undefined;
    case "stdio":
      return {
        name,
        transport: "stdio",
        command: checked.command,
        args: checked.args,
        env: checked.env,
        ...(checked.cwd === undefined ? {} : { cwd: checked.cwd }),
        source: "config",
      };
    case "http":
      return {
        name,
        transport: "http",
        url: checked.url,
        headers: checked.headers,
        httpTransport: checked.transport,
        source: "config",
      };
    case "client":
    case "in-process":
      // A JSON file holds neither: only plain objects come out of JSON.parse.
      throw new Error('an entry must be an object with a "command" or a "url"');
    default: {
      const _exhaustive: never = checked;
      return _exhaustive;
    }
  }
}

/**
 * The servers of a parsed config file. An entry that cannot be used becomes an
 * {@link InvalidServerSpec} (shown as a server that failed to start); a file
 * without an `mcpServers` object throws a {@link ConfigError}. Entries with
 * `"disabled": true` are left out.
 *
 * @param json - the parsed file
 * @param baseDir - the file's folder: a relative `cwd` is resolved from it
 * @param file - the file's path, for messages
 * @example
 * ```ts
 * const specs = readConfig(
 *   { mcpServers: { files: { command: "npx", args: ["-y", "some-mcp-server"] } } },
 *   "/home/me",
 *   "playground.config.json",
 * );
 * ```
 */
export function readConfig(json: unknown, baseDir: string, file: string): (ServerSpec | InvalidServerSpec)[] {
  if (!isRecord(json) || !isRecord(json["mcpServers"])) {
    throw new ConfigError(
      `${file}: expected an object with an "mcpServers" object, like { "mcpServers": { "name": { "command": "…" } } }`,
    );
  }
  const specs: (ServerSpec | InvalidServerSpec)[] = [];
  for (const [name, entry] of Object.entries(json["mcpServers"])) {
    try {
      const spec = readEntry(name, entry, baseDir);
      if (spec !== undefined) specs.push(spec);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // @x/servers names the entry itself (`bad: …`); the page says which file and key.
      const why = message.startsWith(`${name}: `) || message.startsWith(`${name}.`) ? message : `${name}: ${message}`;
      specs.push({ name, transport: "invalid", error: `${file}, mcpServers.${why}`, source: "config" });
    }
  }
  return specs;
}
