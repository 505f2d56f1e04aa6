// An MCP server over stdio that starts, lists its one tool, and dies soon
// after, every time: what a server that keeps crashing looks like to the
// playground. Before it dies it writes a credential to stderr (built here,
// so no command line or config holds it): the page and the terminal must
// show it hidden.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/** The credential it prints to stderr before it dies. */
export const CRASH_TOKEN = ["ghp", "CrashToken0123456789abcdefXYZ"].join("_");

/** How long it lives after the client's `initialized`: enough to list its tools. */
const LIFE_MS = 800;

const server = new McpServer({ name: "x-playground-crashing", version: "1.0.0" });
server.registerTool("ping", { description: "Answers pong (while the server lives)." }, () => ({
  content: [{ type: "text", text: "pong" }],
}));
server.server.oninitialized = () => {
  setTimeout(() => {
    process.stderr.write(`lost the database connection (token ${CRASH_TOKEN})\n`);
    process.exit(3);
  }, LIFE_MS);
};
await server.connect(new StdioServerTransport());
