import { describe, expect, it } from "vitest";
import { allowedTools } from "./index";

describe("allowedTools", () => {
  it("names the allowed function tools in Chat Completions' allowed_tools shape", () => {
    expect(allowedTools(["files__read_file", "files__list_dir"], "required")).toEqual({
      type: "allowed_tools",
      allowed_tools: {
        mode: "required",
        tools: [
          { type: "function", function: { name: "files__read_file" } },
          { type: "function", function: { name: "files__list_dir" } },
        ],
      },
    });
    expect(allowedTools([]).allowed_tools.mode).toBe("auto");
  });
});
