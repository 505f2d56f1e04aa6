// A small toolset for the unit tables of both adapters: one tool with an
// optional property (a null path), one without arguments, one without a
// strict form.
import { buildToolset } from "@x/toolset";
import type { Toolset } from "@x/toolset";

/**
 * `files__read_file` (path, optional encoding), `files__list_dir` (no arguments), `files__search` (oneOf: not strict).
 */
export const filesToolset: Toolset = buildToolset([
  [
    "files",
    [
      {
        name: "read_file",
        description: "Reads a file.",
        inputSchema: {
          type: "object",
          properties: { path: { type: "string" }, encoding: { type: "string" } },
          required: ["path"],
        },
      },
      { name: "list_dir", inputSchema: { type: "object" } },
      {
        name: "search",
        description: "Searches.",
        inputSchema: { type: "object", properties: { q: { oneOf: [{ type: "string" }, { type: "number" }] } } },
      },
    ],
  ],
]).toolset;
