// One MCP client per configured server: connect, list its tools, and keep
// what went wrong when it would not start, so the page can say so.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { urlCredentials } from "./server-display";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

/** How long a server may take to start and list its tools. */
export const CONNECT_TIMEOUT_MS = 20_000;

const STDERR_TAIL_CHARS = 2_000;

/** A server the playground could talk to, or the reason it could not. */
export type ServerConnection =
  | {
      readonly spec: ServerSpec;
      readonly status: "ready";
      readonly client: Client;
      readonly tools: readonly Tool[];
      readonly serverInfo: { readonly name: string; readonly version: string } | undefined;
      /** Set when the server went away after it started (its process exited, its connection closed). */
      closedReason(): string | undefined;
      stderrTail(): string;
      close(): Promise<void>;
    }
  | {
      readonly spec: ServerSpec | InvalidServerSpec;
      readonly status: "failed";
      readonly error: string;
      stderrTail(): string;
      close(): Promise<void>;
    };

function describeError(error: unknown, spec: ServerSpec): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (spec.transport === "stdio" && code === "ENOENT") return `could not start ${JSON.stringify(spec.command)}: command not found (ENOENT)`;
  if (spec.transport === "stdio" && code === "EACCES") return `could not start ${JSON.stringify(spec.command)}: not executable (EACCES)`;
  // fetch says only "fetch failed"; why (ECONNREFUSED, a DNS failure, a bad certificate) is in its cause.
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && cause.message !== "" && !message.includes(cause.message) ? `${message}: ${cause.message}` : message;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/**
 * Starts (stdio) or reaches (Streamable HTTP) one MCP server and lists its
 * tools. Never throws: a server that cannot be used comes back `failed`, with
 * why and, for a child process, the end of what it wrote to stderr.
 *
 * @example
 * ```ts
 * const connection = await connectServer(demoServerSpec());
 * if (connection.status === "ready") console.log(connection.tools.length);
 * ```
 */
export async function connectServer(spec: ServerSpec | InvalidServerSpec, timeoutMs = CONNECT_TIMEOUT_MS): Promise<ServerConnection> {
  if (spec.transport === "invalid") {
    return { spec, status: "failed", error: spec.error, stderrTail: () => "", close: async () => {} };
  }
  let stderr = "";
  let closedReason: string | undefined;
  let transport: Transport;
  if (spec.transport === "stdio") {
    const stdio = new StdioClientTransport({
      command: spec.command,
      args: [...spec.args],
      // The SDK adds its small default environment (PATH, HOME, …); the
      // playground's own environment, and so OPENAI_API_KEY, stays out.
      env: { ...spec.env },
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      stderr: "pipe",
    });
    stdio.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    transport = stdio;
  } else {
    // fetch refuses a URL with a user or password in it: they go as Basic authorization (unless the config sets one).
    const { url, authorization } = urlCredentials(spec.url);
    const headers = { ...spec.headers };
    if (authorization !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "authorization")) headers["authorization"] = authorization;
    transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  }
  const client = new Client({ name: "x-playground", version: "0.0.0" });
  const close = async (): Promise<void> => {
    await client.close().catch(() => {});
  };
  client.onclose = () => {
    closedReason ??= "the connection closed (the server process may have exited)";
  };
  try {
    await withTimeout(client.connect(transport), timeoutMs, "starting the server");
    const tools = await withTimeout(listAllTools(client), timeoutMs, "listing its tools");
    const version = client.getServerVersion();
    return {
      spec,
      status: "ready",
      client,
      tools,
      serverInfo: version === undefined ? undefined : { name: version.name, version: version.version },
      closedReason: () => closedReason,
      stderrTail: () => stderr,
      close,
    };
  } catch (error) {
    await close();
    const tail = stderr.trim();
    return {
      spec,
      status: "failed",
      error: describeError(error, spec) + (tail === "" ? "" : `\n--- its stderr ---\n${tail}`),
      stderrTail: () => stderr,
      close,
    };
  }
}
