import { describe, expect, it } from "vitest";
import { allowedTools } from "./index";

describe("allowedTools", () => {
  it("names the allowed function tools in the Responses API's allowed_tools shape", () => {
    expect(allowedTools(["files__read_file", "files__list_dir"], "required")).toEqual({
      type: "allowed_tools",
      mode: "required",
      tools: [
        { type: "function", name: "files__read_file" },
        { type: "function", name: "files__list_dir" },
      ],
    });
    expect(allowedTools([]).mode).toBe("auto");
  });
});
