import { describe, expect, it } from "vitest";
import { ToolError } from "./tool-error";
import type { ToolErrorCode, ToolErrorFault } from "./tool-error";

describe("ToolError", () => {
  it.each<[ToolErrorCode, ToolErrorFault]>([
    ["invalid-sources", "caller"],
    ["invalid-config", "caller"],
    ["no-client", "caller"],
    ["unknown-tool", "model"],
    ["arguments-not-json", "model"],
    ["arguments-not-object", "model"],
    ["unsupported-call", "model"],
    ["duplicate-call-id", "model"],
    ["tool-failed", "tool"],
    ["malformed-result", "tool"],
    ["timeout", "tool"],
    ["aborted", "tool"],
    ["connection-closed", "tool"],
  ])("%s is the %s's fault", (code, fault) => {
    const error = new ToolError(code, "what went wrong");
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "ToolError", code, fault, message: "what went wrong" });
  });

  it("keeps its cause", () => {
    const cause = new TypeError("socket hang up");
    expect(new ToolError("tool-failed", "The tool failed.", { cause }).cause).toBe(cause);
  });
});
