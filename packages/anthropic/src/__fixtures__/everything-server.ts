// How to start @modelcontextprotocol/server-everything (the reference MCP
// server, installed from npm) as a child process speaking stdio.
import { readFileSync } from "node:fs";

const packageDir = new URL("../../node_modules/@modelcontextprotocol/server-everything/", import.meta.url);
const { bin } = JSON.parse(readFileSync(new URL("package.json", packageDir), "utf8")) as {
  bin: { [name: string]: string };
};

/** Its bin, run by this Node with the `stdio` transport argument. */
export const everythingServer: { readonly command: string; readonly args: string[] } = {
  command: process.execPath,
  args: [new URL(bin["mcp-server-everything"] as string, packageDir).pathname, "stdio"],
};
