// Every page of a server's `tools/list`, with the bounds a misbehaving server needs.
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/client";
import type { McpTool } from "@x/toolset";
import type { ConnectedClient } from "./server-config";

/** The most pages read from one server in one listing (a server that never stops paging is cut off here). */
export const DEFAULT_MAX_PAGES = 100;

/** One complete listing of a server's tools. */
export interface ToolListing {
  readonly tools: readonly McpTool[];
  /**
   * How long the listing is fresh, when the server said (`ttlMs`, MCP 2026-07-28; the smallest of its pages when they
   * were read one by one).
   */
  readonly ttlMs: number | undefined;
  /** Why listing stopped before the server said it was done (a repeated cursor, too many pages). */
  readonly warning: string | undefined;
}

/** A page of `tools/list` as either SDK generation returns it. */
interface ToolsPage {
  readonly tools: readonly unknown[];
  readonly nextCursor?: string | undefined;
}

/** Whether `client` is a `Client` of the SDK's v2 (`@modelcontextprotocol/client`): only that one has eras. */
export function isV2Client(client: ConnectedClient): client is ConnectedClient & Client {
  return typeof (client as { getProtocolEra?: unknown }).getProtocolEra === "function";
}

function pageTtl(page: unknown): number | undefined {
  const ttl = typeof page === "object" && page !== null ? (page as { ttlMs?: unknown }).ttlMs : undefined;
  return typeof ttl === "number" && Number.isFinite(ttl) ? Math.max(0, ttl) : undefined;
}

/**
 * Lists every page of `tools/list`. A v2 client reads them all itself (and
 * keeps the listing in its cache, which `callTool` reads to check results and
 * to send a 2026-07-28 tool's `Mcp-Param-*` headers); when the server pages
 * without end it gives up, and the pages are read again one by one, here, as
 * they are from a v1 client: a cursor the server already gave, or more than
 * `maxPages` pages, stops the listing with the tools read so far and a warning
 * that says why.
 */
export async function listAllTools(client: ConnectedClient, maxPages: number, timeoutMs: number): Promise<ToolListing> {
  if (isV2Client(client)) {
    // The SDK answers a server without tools with [] and a line on the console: ask the capability first.
    if (client.getServerCapabilities()?.tools === undefined) return { tools: [], ttlMs: undefined, warning: undefined };
    try {
      const result = await client.listTools(undefined, { cacheMode: "refresh", timeout: timeoutMs });
      return { tools: result.tools as McpTool[], ttlMs: pageTtl(result), warning: undefined };
    } catch (error) {
      if (!(error instanceof SdkError && error.code === SdkErrorCode.ListPaginationExceeded)) throw error;
    }
  }
  return listPageByPage(client, maxPages, timeoutMs);
}

function readPage(client: ConnectedClient, cursor: string | undefined, timeoutMs: number): Promise<ToolsPage> {
  if (isV2Client(client)) {
    // A v2 client given no cursor reads every page: the first page alone is a plain request.
    return cursor === undefined
      ? client.request({ method: "tools/list", params: {} }, { timeout: timeoutMs })
      : client.listTools({ cursor }, { timeout: timeoutMs });
  }
  // A v1 client's listTools(params, options) reads one page.
  const listTools = client.listTools.bind(client) as (params: object, options: object) => Promise<ToolsPage>;
  return listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
}

async function listPageByPage(client: ConnectedClient, maxPages: number, timeoutMs: number): Promise<ToolListing> {
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  let ttlMs: number | undefined;
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result = await readPage(client, cursor, timeoutMs);
    tools.push(...(result.tools as McpTool[]));
    const ttl = pageTtl(result);
    if (ttl !== undefined) ttlMs = Math.min(ttl, ttlMs ?? Infinity);
    cursor = result.nextCursor;
    if (cursor === undefined) return { tools, ttlMs, warning: undefined };
    if (seen.has(cursor)) {
      const warning =
        `tools/list gave the cursor ${JSON.stringify(cursor.slice(0, 40))} a second time (page ` +
        `${page + 1}): listing stopped there, with the tools of ${page} page(s)`;
      return { tools, ttlMs, warning };
    }
    if (page >= maxPages) {
      return {
        tools,
        ttlMs,
        warning: `tools/list had more than ${maxPages} pages: listing stopped there (raise maxPages to read more)`,
      };
    }
    seen.add(cursor);
  }
}
