// An MCP server over stdio that says things besides its results: its tool
// `announce` sends a log message, a resource update, a resource list change
// and progress, and `leak` answers with a credential-shaped word (built here,
// so the call's arguments do not hold it).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/** What `leak` answers with: a credential that nothing configured. */
export const LEAKED_TOKEN = ["sk", "live", "Leak0123456789abcdefXYZ"].join("-");

const server = new McpServer(
  { name: "x-playground-chatty", version: "1.0.0" },
  { capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } } },
);
server.registerTool(
  "announce",
  { description: "Logs a warning, says a resource and the resource list changed, and reports progress." },
  async (extra) => {
    const progressToken = extra._meta?.progressToken;
    if (progressToken !== undefined) {
      await extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken, progress: 1, total: 1, message: "announcing" },
      });
    }
    await server.server.sendLoggingMessage({ level: "warning", logger: "disk", data: "disk 91% full" });
    await server.server.sendResourceUpdated({ uri: "memo://status" });
    server.sendResourceListChanged();
    // A moment of work before the result: a progress report that comes with the result may be dropped by the SDK.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { content: [{ type: "text" as const, text: "announced" }] };
  },
);
server.registerTool("leak", { description: "Answers with a key it should not show." }, () => ({
  content: [{ type: "text", text: `The key is ${LEAKED_TOKEN}.` }],
}));
await server.connect(new StdioServerTransport());
