import { describe, expect, it } from "vitest";
import { filesToolset as toolset } from "@x/testing";
import type { ResponsesFunctionTool, ResponsesTool } from "./responses-types";
import { tools } from "./tools";

const functions = (list: readonly ResponsesTool[]): ResponsesFunctionTool[] =>
  list.filter((tool): tool is ResponsesFunctionTool => tool.type === "function");

describe("tools", () => {
  it("shapes each tool as a Responses function tool, strict always present, no undefined description", () => {
    const prepared = tools(toolset);
    const { tools: responsesTools, report } = prepared;
    expect(responsesTools).toMatchInlineSnapshot(`
      [
        {
          "name": "files__list_dir",
          "parameters": {
            "additionalProperties": false,
            "properties": {},
            "required": [],
            "type": "object",
          },
          "strict": true,
          "type": "function",
        },
        {
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
          "type": "function",
        },
        {
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
          "type": "function",
        },
      ]
    `);
    expect(Object.keys(report.fallbacks)).toEqual(["files__search"]);
    expect(functions(responsesTools).find((tool) => tool.name === "files__list_dir")).not.toHaveProperty("description");
  });

  it.each([
    [true, ["files__list_dir", "files__read_file"], [true, true]],
    [false, ["files__list_dir", "files__read_file", "files__search"], [false, false, false]],
    ["auto", ["files__list_dir", "files__read_file", "files__search"], [true, true, false]],
  ] as const)("strict: %s", (strict, names, flags) => {
    const { tools: responsesTools } = tools(toolset, { strict });
    expect(functions(responsesTools).map((tool) => tool.name)).toEqual(names);
    expect(functions(responsesTools).map((tool) => tool.strict)).toEqual(flags);
  });
});
