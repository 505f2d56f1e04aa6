// A config file read from disk: JSON, or JSON with comments and trailing commas
// as VS Code writes its mcp.json ("JSON with Comments",
// https://code.visualstudio.com/docs/languages/json#_json-with-comments).
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { ToolError } from "@x/toolset";

/** A config file's content and the directory it is in. */
export interface ConfigFile {
  readonly config: unknown;
  /** The file's directory: where its relative `cwd` entries are read from unless `options.cwd` says otherwise. */
  readonly dir: string;
}

/**
 * `text` with its comments (line and block) and trailing commas turned into
 * spaces, outside strings. Every other character keeps its place, so a
 * position JSON.parse reports is a position in `text`.
 */
export function blankComments(text: string): string {
  const out = [...text];
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let j = from; j < to; j++) if (out[j] !== "\n" && out[j] !== "\r") out[j] = " ";
  };
  while (i < out.length) {
    const c = out[i];
    if (c === '"') {
      for (i++; i < out.length && out[i] !== '"'; i++) if (out[i] === "\\") i++;
      i++;
    } else if (c === "/" && out[i + 1] === "/") {
      const end = out.indexOf("\n", i);
      blank(i, end === -1 ? out.length : end);
      i = end === -1 ? out.length : end;
    } else if (c === "/" && out[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      const end = close === -1 ? out.length : close + 2;
      blank(i, end);
      i = end;
    } else i++;
  }
  // Trailing commas, once the comments are spaces: a comma whose next non-space character closes an object or list.
  for (let j = 0, inString = false; j < out.length; j++) {
    const c = out[j];
    if (inString) {
      if (c === "\\") j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ",") {
      let k = j + 1;
      while (k < out.length && /\s/.test(out[k] ?? "")) k++;
      if (out[k] === "}" || out[k] === "]") out[j] = " ";
    }
  }
  return out.join("");
}

/** Line and column (from 1) of a position in `text`. */
function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position).split("\n");
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** JSON.parse's complaint without the piece of the text it may quote (a config can hold secrets), and where. */
function parseProblem(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const problem = message
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, " is not valid JSON")
    .replace(/ in JSON at position \d+.*$/s, "");
  const position = /at position (\d+)/.exec(message)?.[1];
  return position === undefined ? problem : `${problem} (${lineAndColumn(text, Number(position))})`;
}

/**
 * Reads the config file at `path` (relative: from the working directory).
 * Throws a `ToolError` `invalid-config` when it cannot be read or is not
 * JSON, saying where, never quoting its content.
 */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "there is no such file" : code === "EISDIR" ? "it is a directory" : String(code);
    throw new ToolError("invalid-config", `The servers config ${file} could not be read: ${why}`, { cause: error });
  }
  try {
    return { config: JSON.parse(blankComments(text.replace(/^\uFEFF/, " "))), dir: dirname(file) };
  } catch (error) {
    throw new ToolError("invalid-config", `The servers config ${file} is not JSON: ${parseProblem(error, text)}`);
  }
}
