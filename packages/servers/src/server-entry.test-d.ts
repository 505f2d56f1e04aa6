// Config entries of either MCP SDK generation are taken without a cast, and
// the clients handed out are the v2 SDK's.
import type { Client } from "@modelcontextprotocol/client";
import type { McpServer } from "@modelcontextprotocol/server";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expectTypeOf, it } from "vitest";
import type { Servers } from "./connect-servers";
import type { ServerEntry, ServersConfig } from "./server-config";

describe("ServerEntry", () => {
  it("takes Clients and McpServers of v2 and v1", () => {
    expectTypeOf<Client>().toExtend<ServerEntry>();
    expectTypeOf<ClientV1>().toExtend<ServerEntry>();
    expectTypeOf<McpServer>().toExtend<ServerEntry>();
    expectTypeOf<McpServerV1>().toExtend<ServerEntry>();
    expectTypeOf<{ mcpServers: { a: Client; b: McpServerV1; c: { command: string } } }>().toExtend<ServersConfig>();
    expectTypeOf<{ servers: { a: { type: "http"; url: string } } }>().toExtend<ServersConfig>();
  });

  it("refuses what is neither", () => {
    expectTypeOf<{ callTool: () => void }>().not.toExtend<ServerEntry>();
  });
});

describe("Servers.clients", () => {
  it("gives the v2 SDK's Client", () => {
    expectTypeOf<Servers["clients"][string]>().toEqualTypeOf<Client | undefined>();
  });
});
