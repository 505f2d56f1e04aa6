/** One progress report of a running tool, as the MCP SDK hands it to `onprogress`. */
export interface McpProgress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

/** The request options the executor passes to `callTool`: a subset of the MCP SDK's `RequestOptions`. */
export interface CallToolOptions {
  /** Aborted when the call times out or the run's signal aborts; the SDK then sends `notifications/cancelled`. */
  signal?: AbortSignal;
  /** The per-call timeout in milliseconds (overrides the SDK's 60 s default). */
  timeout?: number;
  /**
   * Set only when progress is wanted (a `tool-call-progress` hook, or `resetTimeoutOnProgress`): the SDK then asks the
   * server for progress.
   */
  onprogress?: (progress: McpProgress) => void;
  /** With `resetTimeoutOnProgress: true`: each progress report restarts the SDK's timeout. */
  resetTimeoutOnProgress?: boolean;
}

/**
 * Anything with the `callTool` method of `@modelcontextprotocol/sdk`'s
 * `Client`: a connected `Client` works as is. Whatever it returns is checked
 * before use, so a wrapper may return any value.
 *
 * @example
 * ```ts
 * const client = new Client({ name: "agent", version: "1.0.0" }); // @modelcontextprotocol/sdk
 * await client.connect(transport);
 * const clients: McpClients = { files: client }; // or new Map([["files", client]])
 * ```
 */
export interface McpToolClient {
  callTool(
    params: { name: string; arguments?: { [key: string]: unknown } },
    resultSchema?: undefined,
    options?: CallToolOptions,
  ): PromiseLike<unknown>;
}

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

/**
 * Calls a tool on `client` with the request options. (The SDK generation is
 * told from the client: see the MCP client module.)
 */
export function callMcpTool(
  client: McpToolClient,
  params: { name: string; arguments: { [key: string]: unknown } },
  options: CallToolOptions,
): PromiseLike<unknown> {
  return client.callTool(params, undefined, options);
}
