import { describe, expect, it } from "vitest";
import { allowedTools } from "./allowed-tools";

describe("allowedTools", () => {
  it.each([
    ["auto", undefined, { type: "auto" }],
    ["any", { parallel: false }, { type: "any", disable_parallel_tool_use: true }],
    ["none", { parallel: false }, { type: "none" }],
    [{ name: "files__read_file" }, { parallel: true }, { type: "tool", name: "files__read_file" }],
    [{ name: "t" }, { parallel: false }, { type: "tool", name: "t", disable_parallel_tool_use: true }],
    [[], undefined, { type: "none" }],
    [["a", "b"], undefined, { type: "auto" }],
    [["a"], { mode: "required", parallel: false }, { type: "tool", name: "a", disable_parallel_tool_use: true }],
    [["a", "b"], { mode: "required" }, { type: "any" }],
  ] as const)("%j %j", (choice, options, expected) => {
    expect(allowedTools(choice, options)).toEqual(expected);
  });
});
