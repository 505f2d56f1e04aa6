// The toolset of every server that started, and the clients that run its tools.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { buildToolset } from "@x/toolset";
import type { Toolset, ToolsetReport } from "@x/toolset";
import type { ServerConnection } from "./connect-server";

/** What the API handlers work with. */
export interface Toolbox {
  readonly toolset: Toolset;
  readonly report: ToolsetReport;
  /** The MCP client of each server that started, by server name. */
  readonly clients: ReadonlyMap<string, Client>;
}

/**
 * Builds the toolset from the servers that started (a failed server adds no
 * tools), leaving out the tools `leaveOut` names.
 *
 * @example
 * ```ts
 * const toolbox = createToolbox(await Promise.all(specs.map((spec) => connectServer(spec))));
 * ```
 */
export function createToolbox(
  connections: readonly ServerConnection[],
  leaveOut: (connection: ServerConnection, tool: string) => boolean = () => false,
): Toolbox {
  const ready = connections.flatMap((connection) => (connection.status === "ready" ? [connection] : []));
  const { toolset, report } = buildToolset(
    ready.map((connection) => {
      const offered = connection.tools.filter((tool) => !leaveOut(connection, tool.name));
      return [connection.spec.name, offered] as const;
    }),
  );
  return { toolset, report, clients: new Map(ready.map((connection) => [connection.spec.name, connection.client])) };
}
