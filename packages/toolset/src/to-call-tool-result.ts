import { describeValue } from "./describe-value";
import { isPlainObject, isRecord } from "./json-copy";
import type { McpCallToolResult } from "./mcp-types";
import { isToolError, ToolError } from "./tool-error";

/** What running a tool gave: its MCP result, or an error. */
export type ToolOutcome = McpCallToolResult | ToolError;

/**
 * Checks what an MCP client's `callTool` returned and gives the outcome to
 * render.
 *
 * - A well-formed `CallToolResult` comes back as a new object (content a
 *   new array of the same blocks; a missing `content` reads as `[]`, as the
 *   MCP SDK reads it). Well-formed: a plain object; `content` a list of
 *   objects with a string `type`, where the known types carry their fields
 *   (`text`: `text`; `image`/`audio`: `data` and `mimeType`;
 *   `resource_link`: `uri` and `name`; `resource`: a `resource` with a
 *   `uri` and a `text` or `blob`); `structuredContent`, when present, an
 *   object; `isError`, when present, a boolean. Other block types pass
 *   unchecked (the MCP protocol grows).
 * - A legacy `{ toolResult }` result (protocol 2024-10-07) becomes one text
 *   block holding the JSON of `toolResult`.
 * - A {@link ToolError} comes back unchanged.
 * - Anything else becomes `ToolError("malformed-result")` saying what was wrong.
 *
 * `renderResult` checks what it renders the same way, without the copy.
 *
 * @param value - what `client.callTool(…)` resolved to
 * @returns the result, or a `malformed-result` error
 * @example
 * ```ts
 * const outcome = toCallToolResult(await client.callTool({ name: call.toolName, arguments: call.arguments }));
 * const rendered = renderResult(outcome);
 * ```
 */
export function toCallToolResult(value: unknown): ToolOutcome {
  const read = readCallToolResult(value);
  if (read !== value || isToolError(read)) return read;
  // A well-formed result is copied: later changes to what the client returned never reach it.
  const copy = { ...read };
  copy.content = [...read.content];
  return copy;
}

/**
 * {@link toCallToolResult} without the copy: `value` itself when it is a
 * well-formed result with a content list; otherwise what `toCallToolResult`
 * gives. What `renderResult` reads: it renders the result without keeping it.
 */
export function readCallToolResult(value: unknown): ToolOutcome {
  if (isToolError(value)) return value;
  if (!isPlainObject(value)) {
    const got = value instanceof Error ? `an error (${value.message})` : describeValue(value);
    return malformed(`the tool returned ${got} instead of a result object`);
  }
  const { content, structuredContent, isError } = value;
  if (content === undefined && "toolResult" in value) return legacyResult(value["toolResult"]);
  if (content !== undefined && !Array.isArray(content))
    return malformed(`its content is ${describeValue(content)}, not a list`);
  if (content !== undefined) {
    for (let i = 0; i < content.length; i++) {
      const problem = blockProblem(content[i]);
      if (problem !== undefined) return malformed(`content[${i}] ${problem}`);
    }
  }
  if (structuredContent !== undefined && !isRecord(structuredContent)) {
    return malformed(`its structuredContent is ${describeValue(structuredContent)}, not an object`);
  }
  if (isError !== undefined && typeof isError !== "boolean") {
    return malformed(`its isError is ${describeValue(isError)}, not true or false`);
  }
  return content === undefined ? { ...value, content: [] } : (value as McpCallToolResult);
}

/** What is wrong with one content block, or `undefined`. */
function blockProblem(block: unknown): string | undefined {
  if (!isRecord(block)) return `is ${describeValue(block)}, not a content object`;
  const type = block["type"];
  if (typeof type !== "string") return "has no string type";
  switch (type) {
    case "text":
      return missing(block, type, "text");
    case "image":
    case "audio":
      return missing(block, type, "data", "mimeType");
    case "resource_link":
      return missing(block, type, "uri", "name");
    case "resource": {
      const resource = block["resource"];
      if (!isRecord(resource)) return "(resource) has no resource object";
      if (typeof resource["uri"] !== "string") return "(resource) has no string resource.uri";
      if (typeof resource["text"] !== "string" && typeof resource["blob"] !== "string") {
        return "(resource) has neither a string resource.text nor a string resource.blob";
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Which of the string fields `first` and `second` the block lacks, said as a problem; `undefined` when it has them. */
function missing(block: { [key: string]: unknown }, type: string, first: string, second?: string): string | undefined {
  const lacksFirst = typeof block[first] !== "string";
  const lacksSecond = second !== undefined && typeof block[second] !== "string";
  if (!lacksFirst && !lacksSecond) return undefined;
  const fields = lacksFirst && lacksSecond ? `${first} or ${second}` : lacksFirst ? first : (second as string);
  return `(${type}) has no string ${fields}`;
}

function legacyResult(toolResult: unknown): ToolOutcome {
  let text: string | undefined;
  try {
    text = JSON.stringify(toolResult);
  } catch (error) {
    return malformed(`its toolResult is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return { content: [{ type: "text", text: text ?? "null" }] };
}

function malformed(what: string): ToolError {
  return new ToolError("malformed-result", `The tool's result is malformed: ${what}.`);
}
