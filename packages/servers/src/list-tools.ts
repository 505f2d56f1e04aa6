// Every page of a server's `tools/list`, with the bounds a misbehaving server needs.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpTool } from "@x/toolset";

/** The most pages read from one server in one listing (a server that never stops paging is cut off here). */
export const DEFAULT_MAX_PAGES = 100;

/** One complete listing of a server's tools. */
export interface ToolListing {
  readonly tools: readonly McpTool[];
  /** The smallest `ttlMs` of its pages (MCP 2026-07-28), when any page had one: the listing is current for that long. */
  readonly ttlMs: number | undefined;
  /** Why listing stopped before the server said it was done (a repeated cursor, too many pages). */
  readonly warning: string | undefined;
}

function pageTtl(page: unknown): number | undefined {
  const ttl = typeof page === "object" && page !== null ? (page as { ttlMs?: unknown }).ttlMs : undefined;
  return typeof ttl === "number" && Number.isFinite(ttl) && ttl >= 0 ? ttl : undefined;
}

/**
 * Lists every page of `tools/list`, following `nextCursor`. A cursor the
 * server already gave, or more than `maxPages` pages, stops the listing
 * with the tools read so far and a warning that says why.
 */
export async function listAllTools(client: Client, maxPages: number, timeoutMs: number): Promise<ToolListing> {
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  let ttlMs: number | undefined;
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
    tools.push(...(result.tools as McpTool[]));
    const ttl = pageTtl(result);
    if (ttl !== undefined) ttlMs = Math.min(ttl, ttlMs ?? Infinity);
    cursor = result.nextCursor;
    if (cursor === undefined) return { tools, ttlMs, warning: undefined };
    if (seen.has(cursor)) {
      const warning = `tools/list gave the cursor ${JSON.stringify(cursor.slice(0, 40))} a second time (page ${page + 1}): listing stopped there, with the tools of ${page} page(s)`;
      return { tools, ttlMs, warning };
    }
    if (page >= maxPages) {
      return { tools, ttlMs, warning: `tools/list had more than ${maxPages} pages: listing stopped there (raise maxPages to read more)` };
    }
    seen.add(cursor);
  }
}
