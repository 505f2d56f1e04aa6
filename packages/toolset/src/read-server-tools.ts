import { describeValue } from "./describe-value";
import { isRecord, jsonCopy, sameJson } from "./json-copy";
import type { JsonData } from "./json-copy";
import type { DropReason } from "./build-toolset";

/** A listed tool that passed the checks: a private JSON copy, not yet frozen. */
export interface ListedTool {
  readonly server: string;
  readonly toolName: string;
  readonly index: number;
  readonly tool: { [field: string]: JsonData };
}

/** A listed entry left out, and why; `index` is -1 when the server's whole list was unusable. */
export interface DroppedTool {
  readonly server: string;
  readonly toolName?: string;
  readonly index: number;
  readonly reason: DropReason;
  readonly message: string;
}

/**
 * Checks the tools one server listed. A `tools` that is not a list is one
 * `invalid-tool` row with index -1 (a broken server must not fail the
 * others). An entry is dropped when it is not an
 * object or not JSON (`invalid-tool`), has no non-empty string `name`
 * (`invalid-name`), shares its name with another entry of the same server
 * (`duplicate-name`), or has no `inputSchema` object of `type: "object"`
 * (`invalid-schema`).
 *
 * Duplicates are settled without looking at their order: identical copies
 * (same JSON, key order aside) are one tool, kept once; copies that differ
 * are all dropped, since nobody can tell which one the server runs.
 */
export function readServerTools(
  server: string,
  tools: unknown,
): {
  kept: ListedTool[];
  dropped: DroppedTool[];
} {
  const dropped: DroppedTool[] = [];
  if (!Array.isArray(tools)) {
    const message =
      `The server's tools are ${describeValue(tools)}, not a list: none of its tools is exposed. Pass ` +
      `the \`tools\` array of its tools/list result.`;
    return { kept: [], dropped: [{ server, index: -1, reason: "invalid-tool", message }] };
  }
  const named = new Map<string, ListedTool[]>();
  tools.forEach((entry, index) => {
    if (!isRecord(entry)) {
      dropped.push({
        server,
        index,
        reason: "invalid-tool",
        message: `The entry is ${describeValue(entry)}, not a tool object.`,
      });
      return;
    }
    const copy = jsonCopy(entry);
    if (!copy.ok || !isRecord(copy.value)) {
      const reason = copy.ok ? "it has no JSON object form" : copy.reason;
      dropped.push({ server, index, reason: "invalid-tool", message: `The tool is not JSON data: ${reason}.` });
      return;
    }
    const tool = copy.value;
    const name = tool["name"];
    if (typeof name !== "string" || name === "") {
      const got = typeof name === "string" ? "an empty string" : describeValue(name);
      dropped.push({
        server,
        index,
        reason: "invalid-name",
        message: `The tool's name must be a non-empty string, got ${got}.`,
      });
      return;
    }
    const listed = { server, toolName: name, index, tool };
    const group = named.get(name);
    if (group) group.push(listed);
    else named.set(name, [listed]);
  });

  const kept: ListedTool[] = [];
  for (const [toolName, group] of named) {
    const [first, ...others] = group as [ListedTool, ...ListedTool[]];
    const indexes = group.map((listed) => listed.index).join(", ");
    if (others.length > 0) {
      if (others.every((other) => sameJson(other.tool, first.tool))) {
        for (const other of others) {
          const message =
            `The server lists ${group.length} identical tools named ${JSON.stringify(toolName)} ` +
            `(indexes ${indexes}); one is kept.`;
          dropped.push({ server, toolName, index: other.index, reason: "duplicate-name", message });
        }
      } else {
        for (const listed of group) {
          const message =
            `The server lists ${group.length} different tools named ${JSON.stringify(toolName)} ` +
            `(indexes ${indexes}); which one it runs is unknown, so none is exposed.`;
          dropped.push({ server, toolName, index: listed.index, reason: "duplicate-name", message });
        }
        continue;
      }
    }
    const problem = schemaProblem(first.tool["inputSchema"]);
    if (problem === undefined) kept.push(first);
    else dropped.push({ server, toolName, index: first.index, reason: "invalid-schema", message: problem });
  }
  return { kept, dropped };
}

/** Why `schema` is not an MCP input schema, or `undefined` when it is one. */
function schemaProblem(schema: JsonData | undefined): string | undefined {
  if (!isRecord(schema)) {
    return (
      `The tool's inputSchema must be a JSON Schema object, got ` +
      `${schema === undefined ? "none" : describeValue(schema)}.`
    );
  }
  if (schema["type"] !== "object") {
    return `The tool's inputSchema must have "type": "object", got ${JSON.stringify(schema["type"]) ?? "no type"}.`;
  }
  const { properties, required } = schema;
  if (properties !== undefined && !isRecord(properties)) {
    return `The tool's inputSchema.properties must be an object, got ${describeValue(properties)}.`;
  }
  if (required !== undefined && !(Array.isArray(required) && required.every((key) => typeof key === "string"))) {
    return "The tool's inputSchema.required must be a list of property names.";
  }
  return undefined;
}
