// Reading the CLI's input: a file or standard input, parsed as JSON and sorted
// into one of the shapes it understands.
import { readFile } from "node:fs/promises";
import { Buffer } from "node:buffer";
import process from "node:process";

/** The input, once read: one schema or a list of tools. */
export type CliInput =
  | { readonly kind: "schema"; readonly schema: unknown }
  | {
      readonly kind: "tools";
      readonly server: string | undefined;
      readonly version: string | undefined;
      readonly tools: readonly unknown[];
    };

/** Why the input cannot be used (exit status 2). */
export interface UnreadableInput {
  readonly kind: "unreadable";
  readonly message: string;
}

const SCHEMA_KEYWORDS = [
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "$ref",
  "$defs",
  "definitions",
  "$schema",
  "patternProperties",
  "if",
];

/** Reads `file` (or standard input when undefined) and classifies it. */
export async function readInput(file: string | undefined): Promise<CliInput | UnreadableInput> {
  const source = file ?? "standard input";
  let text: string;
  try {
    text = file === undefined ? await readStdin() : await readFile(file, "utf8");
  } catch (error) {
    return { kind: "unreadable", message: `cannot read ${source}: ${describeError(error)}` };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") return { kind: "unreadable", message: `${source} is empty; expected JSON (see --help)` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "unreadable", message: `${source} is not JSON: ${describeError(error)}` };
  }
  return classify(value, source);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new Error("it is a terminal; pass a file, or pipe JSON in (see --help)");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

function classify(value: unknown, source: string): CliInput | UnreadableInput {
  if (!isObject(value)) {
    return {
      kind: "unreadable",
      message:
        `${source} holds ${kindOf(value)}; expected a JSON Schema object, an MCP tools/list result ({ "tools": ` +
        `[...] }) or a corpus file (see --help)`,
    };
  }
  const envelope = isObject(value.result) && Object.hasOwn(value, "jsonrpc") ? value.result : value;
  if (Object.hasOwn(envelope, "tools")) {
    const { tools } = envelope;
    if (!Array.isArray(tools)) {
      return { kind: "unreadable", message: `${source}: "tools" is ${kindOf(tools)}; expected a list of MCP tools` };
    }
    return {
      kind: "tools",
      server: stringOrUndefined(envelope.server),
      version: stringOrUndefined(envelope.version),
      tools,
    };
  }
  if (typeof value.name === "string" && isObject(value.inputSchema)) {
    return { kind: "tools", server: undefined, version: undefined, tools: [value] };
  }
  if (SCHEMA_KEYWORDS.some((keyword) => Object.hasOwn(value, keyword))) return { kind: "schema", schema: value };
  const keys = Object.keys(value)
    .slice(0, 5)
    .map((key) => JSON.stringify(key));
  return {
    kind: "unreadable",
    message:
      `${source} is an object with no JSON Schema keyword and no "tools" (keys: ` +
      `${keys.length > 0 ? keys.join(", ") : "none"}); expected a JSON Schema, an MCP tools/list result or a corpus ` +
      `file (see --help)`,
  };
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function describeError(error: unknown): string {
  if (isObject(error) && error.code === "ENOENT") return "no such file";
  if (isObject(error) && error.code === "EISDIR") return "it is a directory";
  return error instanceof Error ? error.message : String(error);
}
