import type { McpToolClient } from "./mcp/mcp-connection";

export type { McpProgress, McpToolClient } from "./mcp/mcp-connection";

/** The clients of a toolset, by server name (as given to `buildToolset`). */
export type McpClients = { readonly [server: string]: McpToolClient | undefined } | ReadonlyMap<string, McpToolClient>;

/**
 * The client of `server`, or `undefined` when there is none: never a property
 * inherited from `Object.prototype` (a server may be called `constructor`),
 * never a value without a `callTool` function.
 */
export function findClient(clients: McpClients, server: string): McpToolClient | undefined {
  let client: McpToolClient | undefined;
  if (clients instanceof Map) {
    client = (clients as ReadonlyMap<string, McpToolClient>).get(server);
  } else {
    const record = clients as { readonly [server: string]: McpToolClient | undefined };
    client = Object.prototype.hasOwnProperty.call(record, server) ? record[server] : undefined;
  }
  return typeof client?.callTool === "function" ? client : undefined;
}
