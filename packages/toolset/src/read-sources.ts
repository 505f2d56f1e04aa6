import { describeValue } from "./describe-value";
import { isPlainObject } from "./json-copy";
import { ToolError } from "./tool-error";

/**
 * The tools of each server, as `tools/list` returned them: a list of
 * `[serverName, tools]` pairs, or an object keyed by server name.
 */
export type ToolSources =
  | readonly (readonly [server: string, tools: readonly unknown[]])[]
  | { readonly [server: string]: readonly unknown[] };

/** One server and its listed tools, unchecked. */
export interface ServerTools {
  readonly server: string;
  readonly tools: readonly unknown[];
}

/**
 * The servers of `sources`. Their shape is the caller's wiring, not a
 * server's data, so a mistake there throws `invalid-sources` (an object
 * given where its `tools` list belonged would otherwise give an empty
 * toolset quietly): `sources` neither a list nor a plain object, a list
 * element that is not a `[name, tools]` pair with a string name, a `tools`
 * that is not a list, or one server name twice.
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
      servers.push({ server: pair[0], tools: readTools(pair[1], pair[0]) });
    });
  } else if (isPlainObject(sources)) {
    for (const server of Object.keys(sources)) {
      servers.push({ server, tools: readTools(sources[server], server) });
    }
  } else {
    throw new ToolError(
      "invalid-sources",
      `sources must be a list of [serverName, tools] pairs or an object keyed by server name, got ${describeValue(sources)}.`,
    );
  }
  const seen = new Set<string>();
  for (const { server } of servers) {
    if (seen.has(server)) {
      throw new ToolError(
        "invalid-sources",
        `The server name ${JSON.stringify(server)} is given twice: give each server its own name, or one list of its tools.`,
      );
    }
    seen.add(server);
  }
  return servers;
}

function readTools(tools: unknown, server: string): readonly unknown[] {
  if (Array.isArray(tools)) return tools;
  throw new ToolError(
    "invalid-sources",
    `The tools of server ${JSON.stringify(server)} are ${describeValue(tools)}, not a list: pass the \`tools\` array of its tools/list result.`,
  );
}

