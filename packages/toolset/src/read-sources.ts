import { describeValue } from "./describe-value";
import { isPlainObject } from "./json-copy";
import { ToolError } from "./tool-error";

/**
 * The tools of each server, as `tools/list` returned them: a list of
 * `[serverName, tools]` pairs, or an object keyed by server name.
 */
export type ToolSources =
  readonly (readonly [server: string, tools: readonly unknown[]])[] | { readonly [server: string]: readonly unknown[] };

/** One server and what it listed as its tools, unchecked (a server's data is checked tool by tool, later). */
export interface ServerTools {
  readonly server: string;
  readonly tools: unknown;
}

/**
 * The servers of `sources`. Their names and the shape of `sources` are the
 * caller's wiring, not a server's data, so a mistake there throws
 * `invalid-sources`: `sources` neither a list nor a plain object, a list
 * element that is not a `[name, tools]` pair with a string name, or one
 * server name twice. What each server listed is left for
 * `readServerTools`: a server's bad data must not fail the others.
 */
export function readSources(sources: unknown): ServerTools[] {
  const servers: ServerTools[] = [];
  if (Array.isArray(sources)) {
    sources.forEach((pair: unknown, i) => {
      if (!Array.isArray(pair) || typeof pair[0] !== "string") {
        throw new ToolError(
          "invalid-sources",
          `sources[${i}] is not a [serverName, tools] pair: pass [["files", tools], …] or { files: tools, … }.`,
        );
      }
      servers.push({ server: pair[0], tools: pair[1] });
    });
  } else if (isPlainObject(sources)) {
    for (const server of Object.keys(sources)) {
      servers.push({ server, tools: sources[server] });
    }
  } else {
    throw new ToolError(
      "invalid-sources",
      `sources must be a list of [serverName, tools] pairs or an object keyed by server name, got ` +
        `${describeValue(sources)}.`,
    );
  }
  const seen = new Set<string>();
  for (const { server } of servers) {
    if (seen.has(server)) {
      throw new ToolError(
        "invalid-sources",
        `The server name ${JSON.stringify(server)} is given twice: ` +
          `give each server its own name, and one list of its tools.`,
      );
    }
    seen.add(server);
  }
  return servers;
}
