import { describe, expect, it } from "vitest";
import { allowedTools } from "./allowed-tools";

describe("allowedTools", () => {
  it.each([
    ["auto", undefined, { type: "auto" }],
    ["any", { parallel: false }, { type: "any", disable_parallel_tool_use: true }],
    ["none", { parallel: false }, { type: "none" }],
    [{ name: "files__read_file" }, { parallel: true }, { type: "tool", name: "files__read_file" }],
    [{ name: "t" }, { parallel: false }, { type: "tool", name: "t", disable_parallel_tool_use: true }],
  ] as const)("%j %j", (choice, options, expected) => {
    expect(allowedTools(choice, options)).toEqual(expected);
  });
});
