// A script that connects the servers of a config file, runs one call, prints
// what it got and each server's pid, and never closes them: it must still end
// by itself and leave no process behind.
import { connectServers } from "@x/servers";

const servers = await connectServers(process.argv[2] ?? "mcp.json");
const result = await servers.clients["calc"]?.callTool({ name: "add", arguments: { a: 2, b: 3 } });
const pids = Object.values(servers.status).flatMap((status) => ("pid" in status ? [status.pid] : []));
process.stdout.write(`${JSON.stringify({ content: result?.content, pids })}\n`);
