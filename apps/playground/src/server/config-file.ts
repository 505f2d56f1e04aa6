// Reads the `mcpServers` config format that MCP clients share:
// { "mcpServers": { "name": { "command", "args", "env", "cwd" } | { "url", "headers" } } }
import { isAbsolute, resolve } from "node:path";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

/** A config file the playground cannot use at all (the message says why and where). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringMap(value: unknown, what: string): { [name: string]: string } {
  if (value === undefined) return {};
  if (!isRecord(value) || !Object.values(value).every((item) => typeof item === "string")) {
    throw new Error(`"${what}" must be an object of strings`);
  }
  return Object.fromEntries(Object.entries(value as { [key: string]: string }));
}

function readEntry(name: string, entry: unknown, baseDir: string): ServerSpec {
  if (!isRecord(entry)) throw new Error("an entry must be an object with a \"command\" or a \"url\"");
  const type = entry["type"];
  if (typeof entry["url"] === "string") {
    if (type !== undefined && type !== "http" && type !== "streamable-http" && type !== "streamableHttp") {
      throw new Error(`"type": ${JSON.stringify(type)} is not supported: the playground speaks Streamable HTTP ("type": "http")`);
    }
    let url: URL;
    try {
      url = new URL(entry["url"]);
    } catch {
      // Not quoted: a URL that fails to parse may still carry a password or a token.
      throw new Error('"url" is not a URL: expected http(s)://host:port/path');
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`"url" must be http: or https:, not ${url.protocol}`);
    return { name, transport: "http", url: url.href, headers: stringMap(entry["headers"], "headers"), source: "config" };
  }
  if (typeof entry["command"] === "string" && entry["command"] !== "") {
    if (type !== undefined && type !== "stdio") throw new Error(`"type": ${JSON.stringify(type)} does not go with "command"`);
    const args = entry["args"] ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string")) throw new Error('"args" must be a list of strings');
    const cwd = entry["cwd"];
    if (cwd !== undefined && typeof cwd !== "string") throw new Error('"cwd" must be a string');
    return {
      name,
      transport: "stdio",
      command: entry["command"],
      args,
      env: stringMap(entry["env"], "env"),
      ...(cwd === undefined ? {} : { cwd: isAbsolute(cwd) ? cwd : resolve(baseDir, cwd) }),
      source: "config",
    };
  }
  throw new Error('an entry needs a "command" (stdio) or a "url" (Streamable HTTP)');
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
 * const specs = readConfig({ mcpServers: { files: { command: "npx", args: ["-y", "some-mcp-server"] } } }, "/home/me", "playground.config.json");
 * ```
 */
export function readConfig(json: unknown, baseDir: string, file: string): (ServerSpec | InvalidServerSpec)[] {
  if (!isRecord(json) || !isRecord(json["mcpServers"])) {
    throw new ConfigError(`${file}: expected an object with an "mcpServers" object, like { "mcpServers": { "name": { "command": "…" } } }`);
  }
  const specs: (ServerSpec | InvalidServerSpec)[] = [];
  for (const [name, entry] of Object.entries(json["mcpServers"])) {
    if (isRecord(entry) && entry["disabled"] === true) continue;
    try {
      specs.push(readEntry(name, entry, baseDir));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      specs.push({ name, transport: "invalid", error: `${file}, mcpServers.${name}: ${message}`, source: "config" });
    }
  }
  return specs;
}
