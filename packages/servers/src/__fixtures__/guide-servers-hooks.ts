import { connectServers } from "@x/servers";
import type { Servers, ServersConfig } from "@x/servers";

/** Connects every server of `config` (or rejects, naming each that did not start), telling `log` what happens. */
export function connectWatched(config: string | ServersConfig, log: (line: string) => void): Promise<Servers> {
  return connectServers(config, {
    require: "all",
    hooks: {
      "server-status": ({ server, status }) =>
        log(`${server}: ${status.state}${"reason" in status ? ` (${status.reason})` : ""}`),
      "tools-changed": ({ server, added, removed }) => log(`${server}: +${added.length} -${removed.length} tools`),
    },
  });
}
