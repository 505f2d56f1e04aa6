// How to reach one MCP server, and the two the playground always starts.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where a server spec came from (shown on the page). */
export type SpecSource = "built-in" | "config" | "flag";

/** An MCP server started as a child process, spoken to over stdio. */
export interface StdioServerSpec {
  readonly name: string;
  readonly transport: "stdio";
  readonly command: string;
  readonly args: readonly string[];
  /**
   * Added to the SDK's small default environment (PATH, HOME, …): the playground's own environment, API key included,
   * is never passed on.
   */
  readonly env: { readonly [name: string]: string };
  readonly cwd?: string;
  readonly source: SpecSource;
}

/** An MCP server reached over HTTP. */
export interface HttpServerSpec {
  readonly name: string;
  readonly transport: "http";
  readonly url: string;
  readonly headers: { readonly [name: string]: string };
  /** The config's `type`: absent or `auto`, Streamable HTTP falling back to HTTP+SSE. */
  readonly httpTransport?: "auto" | "streamable-http" | "sse";
  readonly source: SpecSource;
}

/** How to reach one MCP server. */
export type ServerSpec = StdioServerSpec | HttpServerSpec;

/** A config entry that could not be read: it is shown as a server that failed to start. */
export interface InvalidServerSpec {
  readonly name: string;
  readonly transport: "invalid";
  readonly error: string;
  readonly source: SpecSource;
}

const require = createRequire(import.meta.url);

/**
 * The playground's own demo server (src/demo-server), run from its TypeScript
 * source through tsx's loader, so it needs no build.
 *
 * @example
 * ```ts
 * const specs = [demoServerSpec(), everythingServerSpec()];
 * ```
 */
export function demoServerSpec(): StdioServerSpec {
  return {
    name: "demo",
    transport: "stdio",
    command: process.execPath,
    args: ["--import", require.resolve("tsx"), fileURLToPath(new URL("../demo-server/main.ts", import.meta.url))],
    env: {},
    source: "built-in",
  };
}

/**
 * `@modelcontextprotocol/server-everything` from npm, over stdio.
 *
 * @example
 * ```ts
 * const spec = everythingServerSpec();
 * ```
 */
export function everythingServerSpec(): StdioServerSpec {
  const packageJson = require.resolve("@modelcontextprotocol/server-everything/package.json");
  return {
    name: "everything",
    transport: "stdio",
    command: process.execPath,
    args: [join(dirname(packageJson), "dist", "index.js"), "stdio"],
    env: {},
    source: "built-in",
  };
}
