import { describe, expect, it } from "vitest";
import { checkServersConfig } from "./server-config";
import { createScrub, displayUrl, serverSecrets } from "./secrets";

const scrubFor = (config: unknown) => createScrub(checkServersConfig(config, { cwd: "/" }).flatMap(serverSecrets));

describe("secrets", () => {
  it.each<[string, unknown, string, string]>([
    ["an env value", { a: { command: "x", env: { DB: "s3cr3t-value" } } }, "connect failed: s3cr3t-value", "connect failed: [hidden]"],
    ["a URL inside an env value", { a: { command: "x", env: { DB: "postgres://u:pw-123@db/app" } } }, "no pw-123 here", "no [hidden] here"],
    ["a flag's value", { a: { command: "x", args: ["--api-key", "abcd-1234"] } }, "bad key abcd-1234", "bad key [hidden]"],
    ["a NAME=value argument", { a: { command: "env", args: ["TOKEN=zzzz-9999", "server"] } }, "got zzzz-9999", "got [hidden]"],
    ["a header's token", { a: { url: "http://h/mcp", headers: { authorization: "Bearer tok-5678" } } }, "sent tok-5678", "sent [hidden]"],
    [
      "a Basic header's password",
      { a: { url: "http://h/mcp", headers: { authorization: `Basic ${Buffer.from("bob:pass-4321").toString("base64")}` } } },
      "password pass-4321",
      "password [hidden]",
    ],
    ["a URL's password and query", { a: { url: "http://bob:pw-8765@h/mcp?key=qk-1111" } }, "pw-8765 qk-1111", "[hidden] [hidden]"],
    ["any URL's credentials in text", { a: { command: "x" } }, "GET https://u:p@other.example/v1?x=1 failed.", "GET https://other.example/v1 failed."],
  ])("takes out %s", (_, config, text, expected) => {
    expect(scrubFor(config)(text)).toBe(expected);
  });

  it("leaves a short value alone in free text (it would match inside words)", () => {
    expect(scrubFor({ a: { command: "x", env: { N: "1" } } })("exited with code 1")).toBe("exited with code 1");
  });

  it("takes linear time on text made to slow a URL pattern down (a generous bound)", () => {
    const scrub = scrubFor({ a: { command: "x" } });
    const text = "a-".repeat(500_000);
    const started = performance.now();
    expect(scrub(text)).toBe(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("shows a URL without user, password, query and fragment", () => {
    expect(displayUrl("https://u:p@h:8443/mcp?k=v#f")).toBe("https://h:8443/mcp");
  });
});
