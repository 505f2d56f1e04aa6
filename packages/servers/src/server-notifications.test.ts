// The `server-notification` hook: what a server sends besides results (log
// messages, resource and list changes) reaches it, with the config's secrets
// taken out; in-process (a v2 McpServer) and over stdio (server-everything).
import { McpServer } from "@modelcontextprotocol/server";
import { describe, expect, it, vi } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";
import { connectServers } from "./connect-servers";
import type { ServerNotificationEvent } from "./server-status";

const PATIENT = { timeout: 15_000 };

/** A v2 server whose `announce` tool logs a message, changes a resource, and says its resources and tools changed. */
function createAnnouncer(): McpServer {
  const server = new McpServer(
    { name: "announcer", version: "1.0.0" },
    { capabilities: { logging: {}, resources: { subscribe: true, listChanged: true }, tools: { listChanged: true } } },
  );
  server.registerTool("announce", { description: "Tells the client about changes." }, async () => {
    await server.sendLoggingMessage({ level: "warning", logger: "db", data: "slow query, password hunter22" });
    await server.server.sendResourceUpdated({ uri: "memo://notes" });
    server.sendResourceListChanged();
    server.sendToolListChanged();
    return { content: [{ type: "text", text: "announced" }] };
  });
  return server;
}

describe("the server-notification hook", () => {
  it("hears log messages, resource updates and list changes, secrets taken out", async () => {
    const heard: ServerNotificationEvent[] = [];
    await using servers = await connectServers(
      { mcpServers: { news: createAnnouncer(), other: { command: "x-no-such-command", env: { PW: "hunter22" } } } },
      { require: "any", restart: false, hooks: { "server-notification": (event) => void heard.push(event) } },
    );
    await servers.clients["news"]?.callTool({ name: "announce", arguments: {} });
    await vi.waitFor(() => expect(heard.map((event) => event.method)).toContain("notifications/tools/list_changed"));
    expect(heard.map(({ server, method, params }) => ({ server, method, params }))).toEqual([
      {
        server: "news",
        method: "notifications/message",
        params: { level: "warning", logger: "db", data: "slow query, password [hidden]" },
      },
      { server: "news", method: "notifications/resources/updated", params: { uri: "memo://notes" } },
      { server: "news", method: "notifications/resources/list_changed", params: undefined },
      { server: "news", method: "notifications/tools/list_changed", params: undefined },
    ]);
    expect(Object.isFrozen(heard[0])).toBe(true);
    expect(typeof heard[0]?.timestamp).toBe("number");
  });

  it("hears a stdio server's log messages (server-everything's simulated logging)", PATIENT, async () => {
    const heard: ServerNotificationEvent[] = [];
    await using servers = await connectServers(
      { everything: everythingServer },
      { hooks: { "server-notification": (event) => void heard.push(event) } },
    );
    await servers.clients["everything"]?.callTool({ name: "toggle-simulated-logging", arguments: {} });
    await vi.waitFor(() => expect(heard.some((event) => event.method === "notifications/message")).toBe(true));
    const message = heard.find((event) => event.method === "notifications/message");
    expect(message?.server).toBe("everything");
    expect(message?.params).toHaveProperty("level");
  });
});
