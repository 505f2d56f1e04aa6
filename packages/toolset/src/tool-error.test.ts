import { describe, expect, it, vi } from "vitest";
import { isToolError, ToolError } from "./tool-error";
import type { ToolErrorCode, ToolErrorFault } from "./tool-error";

describe("ToolError", () => {
  it.each<[ToolErrorCode, ToolErrorFault]>([
    ["invalid-sources", "caller"],
    ["invalid-config", "caller"],
    ["invalid-options", "caller"],
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

  it("is recognised by isToolError, also as another copy of the class (an ESM and a CJS build)", async () => {
    vi.resetModules();
    const copy = await import("./tool-error");
    expect(copy.ToolError).not.toBe(ToolError);
    const theirs = new copy.ToolError("timeout", "slow");
    expect(theirs).not.toBeInstanceOf(ToolError);
    expect(isToolError(theirs)).toBe(true);
    expect(copy.isToolError(new ToolError("timeout", "slow"))).toBe(true);
  });

  it.each([new Error("plain"), { code: "timeout", fault: "tool", message: "look-alike" }, null, "ToolError"])(
    "isToolError(%o) is false",
    (value) => {
      expect(isToolError(value)).toBe(false);
    },
  );

  it("keeps the brand out of enumerable keys (logs, snapshots, deep equality)", () => {
    const error = new ToolError("timeout", "slow");
    expect(Object.getOwnPropertyDescriptor(error, Symbol.for("@x/toolset.ToolError"))).toMatchObject({ value: true, enumerable: false });
    expect(Object.keys(error)).toEqual(["name", "code", "fault"]);
  });
});
