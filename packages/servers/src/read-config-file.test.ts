import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blankComments, readConfigFile } from "./read-config-file";

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "x-servers-config-")), "mcp.json");
  writeFileSync(path, text);
  return path;
}

describe("readConfigFile", () => {
  it("reads JSON with comments and trailing commas, as VS Code writes mcp.json", async () => {
    const path = file(
      [
        "// Servers for this workspace",
        "{",
        '  "servers": {',
        '    /* the docs server */ "docs": { "url": "https://h/mcp?a=//b", },',
        '    "say": { "command": "echo", "args": ["/* not a comment */", "a,]"], },',
        "  },",
        "}",
      ].join("\n"),
    );
    await expect(readConfigFile(path)).resolves.toEqual({
      config: {
        servers: {
          docs: { url: "https://h/mcp?a=//b" },
          say: { command: "echo", args: ["/* not a comment */", "a,]"] },
        },
      },
      dir: join(path, ".."),
    });
  });

  it("keeps every character's place, so a position in the blanked text is one in the file", () => {
    const text = '{ // note\n  "a": 1, /* x\n y */ "b": [2,],\n}';
    const blanked = blankComments(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked.split("\n").map((line) => line.length)).toEqual(text.split("\n").map((line) => line.length));
    expect(JSON.parse(blanked)).toEqual({ a: 1, b: [2] });
  });

  it.each([
    ["a missing file", undefined, "could not be read: there is no such file"],
    ["a syntax error", '{\n  "servers": {\n    "a": { "command": "x" "args": [] }\n  }\n}', "(line 3, column"],
    ["a bare word", '{ "a": { "command": hunter22 } }', "is not JSON: Unexpected token"],
  ])("says where %s is, never quoting the file", async (_, text, message) => {
    const path = text === undefined ? join(tmpdir(), "x-servers-no-such-dir", "mcp.json") : file(text);
    const error: unknown = await readConfigFile(path).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "invalid-config", message: expect.stringContaining(message) as string });
    expect(error).toMatchObject({ message: expect.stringContaining(path) as string });
    expect(error).toMatchObject({ message: expect.not.stringContaining("hunter22") as string });
  });
});
