import { describe, expect, it } from "vitest";
import { filesToolset as toolset } from "@x/testing";
import { tools } from "./tools";

describe("tools", () => {
  it("shapes each tool as a Chat function tool, strict always present, no undefined description", () => {
    const { tools: chatTools, report } = tools(toolset);
    expect(chatTools).toMatchInlineSnapshot(`
      [
        {
          "function": {
            "name": "files__list_dir",
            "parameters": {
              "additionalProperties": false,
              "properties": {},
              "required": [],
              "type": "object",
            },
            "strict": true,
          },
          "type": "function",
        },
        {
          "function": {
            "description": "Reads a file.",
            "name": "files__read_file",
            "parameters": {
              "additionalProperties": false,
              "properties": {
                "encoding": {
                  "type": [
                    "string",
                    "null",
                  ],
                },
                "path": {
                  "type": "string",
                },
              },
              "required": [
                "encoding",
                "path",
              ],
              "type": "object",
            },
            "strict": true,
          },
          "type": "function",
        },
        {
          "function": {
            "description": "Searches.",
            "name": "files__search",
            "parameters": {
              "properties": {
                "q": {
                  "oneOf": [
                    {
                      "type": "string",
                    },
                    {
                      "type": "number",
                    },
                  ],
                },
              },
              "type": "object",
            },
            "strict": false,
          },
          "type": "function",
        },
      ]
    `);
    expect(Object.keys(report.fallbacks)).toEqual(["files__search"]);
    expect(chatTools.find((tool) => tool.function.name === "files__list_dir")?.function).not.toHaveProperty(
      "description",
    );
  });

  it.each([
    [true, ["files__list_dir", "files__read_file"], [true, true]],
    [false, ["files__list_dir", "files__read_file", "files__search"], [false, false, false]],
    ["auto", ["files__list_dir", "files__read_file", "files__search"], [true, true, false]],
  ] as const)("strict: %s", (strict, names, flags) => {
    const { tools: chatTools } = tools(toolset, { strict });
    expect(chatTools.map((tool) => tool.function.name)).toEqual(names);
    expect(chatTools.map((tool) => tool.function.strict)).toEqual(flags);
  });
});
