import { describe, expect, it } from "vitest";
import { allowedTools } from "./allowed-tools";

describe("allowedTools", () => {
  it("names the tools, as declared, for VALIDATED (default) and ANY; no names for AUTO and NONE", () => {
    expect(allowedTools(["files__read", "1password__get"])).toEqual({
      functionCallingConfig: { mode: "VALIDATED", allowedFunctionNames: ["files__read", "_1password__get"] },
    });
    expect(allowedTools(["files__read"], "ANY")).toEqual({
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["files__read"] },
    });
    expect(allowedTools(["files__read"], "AUTO")).toEqual({ functionCallingConfig: { mode: "AUTO" } });
    expect(allowedTools([], "NONE")).toEqual({ functionCallingConfig: { mode: "NONE" } });
  });
});
