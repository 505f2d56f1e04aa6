// Runs the demo MCP server over stdio: the playground starts it as a child process.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createDemoServer } from "./demo-server";

await createDemoServer().connect(new StdioServerTransport());
