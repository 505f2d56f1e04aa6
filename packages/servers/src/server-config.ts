// The config formats MCP clients write, checked and read into one spec per
// server before anything starts: `mcpServers` (Claude Desktop, Cursor, Claude
// Code) and VS Code's mcp.json, whose servers sit under `servers`
// (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration).
import { isAbsolute, resolve } from "node:path";
import type { Transport } from "@modelcontextprotocol/client";
import type { McpTool } from "@x/toolset";
import { ToolError } from "@x/toolset";
import { closestWord } from "./did-you-mean";

/** Which tools of a server join the toolset: tool names, or a predicate over the listed tool. */
export type ToolFilter = readonly string[] | ((tool: McpTool) => boolean);

/** Keys every config entry may have besides its transport's. */
interface CommonServerConfig {
  /** Only these tools (names or a predicate), applied before naming. */
  readonly allowTools?: ToolFilter;
  /** Not these tools (names or a predicate), applied after `allowTools`. */
  readonly denyTools?: ToolFilter;
  /** `true` leaves the entry out, as the other MCP clients do. */
  readonly disabled?: boolean;
}

/** A server started as a child process, spoken to over stdio. */
export interface StdioServerConfig extends CommonServerConfig {
  readonly type?: "stdio";
  readonly command: string;
  readonly args?: readonly string[];
  /** Added to a small default environment (PATH, HOME, …): this process's own environment is not passed on. */
  readonly env?: { readonly [name: string]: string };
  /** The child's working directory; a relative one is read from `options.cwd`. */
  readonly cwd?: string;
}

/**
 * A server reached over HTTP: Streamable HTTP, falling back to the older
 * HTTP+SSE transport when the server does not speak it. `"type": "http"`
 * (or `"streamable-http"`) allows only Streamable HTTP, `"sse"` only HTTP+SSE.
 */
export interface UrlServerConfig extends CommonServerConfig {
  readonly type?: "http" | "streamable-http" | "streamableHttp" | "sse";
  readonly url: string;
  readonly headers?: { readonly [name: string]: string };
}

/**
 * An MCP client that is already connected, of either SDK generation: a `Client` of `@modelcontextprotocol/client`
 * (v2) or of `@modelcontextprotocol/sdk` (v1). Only what this package calls on it is named here.
 */
export interface ConnectedClient {
  callTool(params: { name: string; arguments?: { [key: string]: unknown } }): Promise<unknown>;
  listTools(params?: { cursor?: string }): Promise<{ tools: unknown[]; nextCursor?: string | undefined }>;
  removeNotificationHandler(method: string): void;
}

/**
 * An MCP server object to serve in-process, of either SDK generation: an `McpServer` of
 * `@modelcontextprotocol/server` (v2) or of `@modelcontextprotocol/sdk` (v1).
 */
export interface InProcessServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
  registerTool(...args: never[]): unknown;
}

/**
 * One entry of the config: how to reach a server, an already-connected SDK
 * `Client`, or an SDK `McpServer` to serve in-process over the in-memory
 * transport (its tools registered with `registerTool` join the same toolset).
 * Clients and servers of both SDK generations are taken.
 */
export type ServerEntry = StdioServerConfig | UrlServerConfig | ConnectedClient | InProcessServer;

/**
 * `{ mcpServers: { name: entry } }` as Claude Desktop and Cursor write it, `{ servers: { name: entry } }` as VS Code
 * writes its mcp.json, or the same object without the wrapper.
 */
export type ServersConfig =
  | { readonly mcpServers: { readonly [name: string]: ServerEntry } }
  | { readonly servers: { readonly [name: string]: ServerEntry }; readonly inputs?: readonly unknown[] }
  | { readonly [name: string]: ServerEntry };

/** How `tools/list` of an HTTP server is reached. */
export type HttpTransportKind = "auto" | "streamable-http" | "sse";

/** One server of the config, checked: how `connectServers` reaches it. */
export type CheckedServer =
  | {
      readonly kind: "stdio";
      readonly name: string;
      readonly command: string;
      readonly args: readonly string[];
      readonly env: { readonly [name: string]: string };
      readonly cwd: string | undefined;
      readonly filter: ToolFilters;
    }
  | {
      readonly kind: "http";
      readonly name: string;
      readonly url: string;
      readonly headers: { readonly [name: string]: string };
      readonly transport: HttpTransportKind;
      readonly filter: ToolFilters;
    }
  | { readonly kind: "client"; readonly name: string; readonly client: ConnectedClient; readonly filter: ToolFilters }
  | {
      readonly kind: "in-process";
      readonly name: string;
      readonly server: InProcessServer;
      readonly filter: ToolFilters;
    };

/** A server's `allowTools` and `denyTools`, checked. */
export interface ToolFilters {
  readonly allowTools: ToolFilter | undefined;
  readonly denyTools: ToolFilter | undefined;
}

const COMMON_KEYS = ["type", "allowTools", "denyTools", "disabled"] as const;
// "dev" is VS Code's (watching and debugging a server under development): read by VS Code alone, left alone here.
const STDIO_KEYS = ["command", "args", "env", "cwd", "dev", ...COMMON_KEYS] as const;
const URL_KEYS = ["url", "headers", ...COMMON_KEYS] as const;
const ALL_KEYS: readonly string[] = [...new Set<string>([...STDIO_KEYS, ...URL_KEYS])];
const URL_TYPES: { readonly [type: string]: HttpTransportKind } = {
  http: "streamable-http",
  "streamable-http": "streamable-http",
  streamableHttp: "streamable-http",
  sse: "sse",
};

type Entry = { readonly [key: string]: unknown };

function isRecord(value: unknown): value is Entry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What a value is, for a message, without its content (it may be a secret). */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isSdkMcpServer(value: Entry): value is Entry & InProcessServer {
  return typeof value["registerTool"] === "function" && typeof value["connect"] === "function";
}

function isSdkClient(value: Entry): value is Entry & ConnectedClient {
  return typeof value["callTool"] === "function" && typeof value["listTools"] === "function";
}

/** Reads one entry; `where` is its path in the config, for messages (`mcpServers.files`). */
class EntryReader {
  constructor(
    private readonly where: string,
    private readonly entry: Entry,
  ) {}

  fail(field: string | undefined, problem: string): never {
    throw new ToolError("invalid-config", `${this.where}${field === undefined ? "" : `.${field}`}: ${problem}`);
  }

  checkKeys(known: readonly string[]): void {
    for (const key of Object.keys(this.entry)) {
      if (known.includes(key)) continue;
      if (key === "envFile") this.fail(key, 'is VS Code\'s, and not read here: put the variables in "env"');
      if (ALL_KEYS.includes(key)) this.fail(key, `does not go with ${known === STDIO_KEYS ? '"command"' : '"url"'}`);
      const guess = closestWord(key, known);
      this.fail(
        undefined,
        `unknown key ${JSON.stringify(key)}${
          guess === undefined ? "" : ` (did you mean ${JSON.stringify(guess)}?)`
        }; known keys: ${known.join(", ")}`,
      );
    }
  }

  /**
   * Refuses a VS Code variable (`${input:…}`, `${env:…}`, `${workspaceFolder}`, …) in a value: VS Code fills
   * them in, and a server given the text itself would fail in some obscure way.
   */
  noVariables(field: string, value: string): string {
    const variable = /\$\{[^{}]*\}/.exec(value)?.[0];
    if (variable === undefined) return value;
    if (variable.startsWith("${input:"))
      this.fail(
        field,
        `uses ${variable}, an input variable VS Code asks the user for; nothing asks here: write the value in ` +
          `the config, or build the config in code and take the value from the environment (process.env)`,
      );
    return this.fail(
      field,
      `uses the variable ${variable}, which VS Code fills in and nothing does here: write the value`,
    );
  }

  string(field: string): string | undefined {
    const value = this.entry[field];
    if (value === undefined) return undefined;
    if (typeof value !== "string") this.fail(field, `must be a string, not ${kindOf(value)}`);
    return this.noVariables(field, value);
  }

  strings(field: string): string[] {
    const value = this.entry[field];
    if (value === undefined) return [];
    if (!Array.isArray(value)) this.fail(field, `must be a list of strings, not ${kindOf(value)}`);
    value.forEach((item: unknown, i) => {
      if (typeof item !== "string") this.fail(`${field}[${i}]`, `must be a string, not ${kindOf(item)}`);
      this.noVariables(`${field}[${i}]`, item);
    });
    return [...(value as string[])];
  }

  stringMap(field: string): { [name: string]: string } {
    const value = this.entry[field];
    if (value === undefined) return {};
    if (!isRecord(value)) this.fail(field, `must be an object of strings, not ${kindOf(value)}`);
    for (const [name, item] of Object.entries(value)) {
      if (typeof item !== "string") this.fail(`${field}.${name}`, `must be a string, not ${kindOf(item)}`);
      this.noVariables(`${field}.${name}`, item);
    }
    return { ...(value as { [name: string]: string }) };
  }

  toolFilter(field: string): ToolFilter | undefined {
    const value = this.entry[field];
    if (value === undefined || typeof value === "function") return value as ToolFilter | undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return [...value];
    return this.fail(field, `must be a list of tool names or a function (tool) => boolean, not ${kindOf(value)}`);
  }

  filter(): ToolFilters {
    return { allowTools: this.toolFilter("allowTools"), denyTools: this.toolFilter("denyTools") };
  }
}

function readStdio(name: string, reader: EntryReader, baseDir: string): CheckedServer {
  reader.checkKeys(STDIO_KEYS);
  const type = reader.string("type");
  if (type !== undefined && type !== "stdio")
    reader.fail("type", `${JSON.stringify(type)} does not go with "command" (use "stdio" or leave it out)`);
  const command = reader.string("command") ?? "";
  if (command.trim() === "") reader.fail("command", "must not be empty");
  const cwd = reader.string("cwd");
  return {
    kind: "stdio",
    name,
    command,
    args: reader.strings("args"),
    env: reader.stringMap("env"),
    cwd: cwd === undefined ? undefined : isAbsolute(cwd) ? cwd : resolve(baseDir, cwd),
    filter: reader.filter(),
  };
}

function readUrl(name: string, reader: EntryReader): CheckedServer {
  reader.checkKeys(URL_KEYS);
  const type = reader.string("type");
  const transport = type === undefined ? "auto" : URL_TYPES[type];
  if (transport === undefined)
    reader.fail(
      "type",
      `${JSON.stringify(type)} is not a URL transport: use "http" (Streamable HTTP), "sse", or leave it out`,
    );
  let url: URL;
  try {
    url = new URL(reader.string("url") ?? "");
  } catch {
    // Not quoted: a URL that does not parse may still carry a password or a token.
    return reader.fail("url", "is not a URL: expected http(s)://host:port/path");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    reader.fail("url", `must be http: or https:, not ${url.protocol}`);
  return {
    kind: "http",
    name,
    url: url.href,
    headers: reader.stringMap("headers"),
    transport,
    filter: reader.filter(),
  };
}

function readEntry(name: string, where: string, entry: unknown, baseDir: string): CheckedServer | undefined {
  if (!isRecord(entry))
    throw new ToolError(
      "invalid-config",
      `${where}: must be an object with a "command" or a "url", not ${kindOf(entry)}`,
    );
  if (isSdkMcpServer(entry))
    return { kind: "in-process", name, server: entry, filter: { allowTools: undefined, denyTools: undefined } };
  if (isSdkClient(entry))
    return { kind: "client", name, client: entry, filter: { allowTools: undefined, denyTools: undefined } };
  const reader = new EntryReader(where, entry);
  if (entry["disabled"] === true) return undefined;
  if (entry["disabled"] !== undefined && entry["disabled"] !== false)
    reader.fail("disabled", `must be true or false, not ${kindOf(entry["disabled"])}`);
  const hasCommand = entry["command"] !== undefined;
  const hasUrl = entry["url"] !== undefined;
  if (hasCommand && hasUrl)
    reader.fail(undefined, 'has both "command" and "url": a server is either started (command) or reached (url)');
  if (hasCommand) return readStdio(name, reader, baseDir);
  if (hasUrl) return readUrl(name, reader);
  const guess = Object.keys(entry)
    .map((key) => closestWord(key, ["command", "url"]))
    .find((word) => word !== undefined);
  return reader.fail(
    undefined,
    `needs a "command" (stdio) or a "url" (HTTP)${
      guess === undefined ? "" : ` (did you mean ${JSON.stringify(guess)}?)`
    }`,
  );
}

/**
 * The key the servers sit under: `mcpServers`, VS Code's `servers` (unless that is the name of a server: an entry
 * has a "command" or a "url"), or none.
 */
function wrapperOf(config: Entry): "mcpServers" | "servers" | undefined {
  if (config["mcpServers"] !== undefined) return "mcpServers";
  const servers = config["servers"];
  if (servers === undefined) return undefined;
  const isEntry =
    isRecord(servers) &&
    (servers["command"] !== undefined ||
      servers["url"] !== undefined ||
      isSdkClient(servers) ||
      isSdkMcpServer(servers));
  return isEntry ? undefined : "servers";
}

/**
 * Checks `config` and reads each enabled server of it, as `connectServers`
 * does before it starts anything: for a tool that wants to check a config
 * file (or one entry) without connecting. Throws a `ToolError` with code
 * `invalid-config` naming the server and the field for anything it cannot
 * use; never quotes a value (it may be a secret).
 *
 * @param config - `{ mcpServers: { … } }`, VS Code's `{ servers: { … } }`, or the same object without the wrapper
 * @param options - `cwd`: where a relative `cwd` of an entry is read from (default `process.cwd()`)
 * @returns the servers, in the config's order
 * @throws {ToolError} `invalid-config`
 * @example
 * ```ts
 * checkServersConfig({ files: { command: "npx", args: ["-y", "server"] } }); // [{ kind: "stdio", name: "files", … }]
 * checkServersConfig({ files: { comand: "npx" } }); // throws: files: needs a "command" … (did you mean "command"?)
 * ```
 */
export function checkServersConfig(config: unknown, options: { readonly cwd?: string } = {}): CheckedServer[] {
  const baseDir = options.cwd ?? process.cwd();
  if (!isRecord(config)) {
    throw new ToolError(
      "invalid-config",
      `The servers config must be an object like { "mcpServers": { "name": { "command": "…" } } }, not ` +
        `${kindOf(config)}`,
    );
  }
  const wrapper = wrapperOf(config);
  const servers = wrapper === undefined ? config : config[wrapper];
  if (!isRecord(servers))
    throw new ToolError("invalid-config", `${wrapper}: must be an object of servers by name, not ${kindOf(servers)}`);
  const specs: CheckedServer[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    const where = wrapper === undefined ? name : `${wrapper}.${name}`;
    if (name === "")
      throw new ToolError("invalid-config", `${wrapper ?? "The servers config"}: a server name must not be empty`);
    const spec = readEntry(name, where, entry, baseDir);
    if (spec !== undefined) specs.push(spec);
  }
  return specs;
}
