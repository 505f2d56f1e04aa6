import { describe, expect, it } from "vitest";
import { checkServersConfig } from "./server-config";
import { createScrub, displayUrl, hideCredentials, looksLikeSecret, maskArgs, serverSecrets } from "./secrets";

const scrubFor = (config: unknown) => createScrub(checkServersConfig(config, { cwd: "/" }).flatMap(serverSecrets));

describe("secrets", () => {
  it.each<[string, unknown, string, string]>([
    [
      "an env value",
      { a: { command: "x", env: { DB: "s3cr3t-value" } } },
      "connect failed: s3cr3t-value",
      "connect failed: [hidden]",
    ],
    [
      "a URL inside an env value",
      { a: { command: "x", env: { DB: "postgres://u:pw-123@db/app" } } },
      "no pw-123 here",
      "no [hidden] here",
    ],
    [
      "a flag's value",
      { a: { command: "x", args: ["--api-key", "abcd-1234"] } },
      "bad key abcd-1234",
      "bad key [hidden]",
    ],
    [
      "a NAME=value argument",
      { a: { command: "env", args: ["TOKEN=zzzz-9999", "server"] } },
      "got zzzz-9999",
      "got [hidden]",
    ],
    [
      "a header's token",
      { a: { url: "http://h/mcp", headers: { authorization: "Bearer tok-5678" } } },
      "sent tok-5678",
      "sent [hidden]",
    ],
    [
      "a Basic header's password",
      {
        a: {
          url: "http://h/mcp",
          headers: { authorization: `Basic ${Buffer.from("bob:pass-4321").toString("base64")}` },
        },
      },
      "password pass-4321",
      "password [hidden]",
    ],
    [
      "a URL's password and query",
      { a: { url: "http://bob:pw-8765@h/mcp?key=qk-1111" } },
      "pw-8765 qk-1111",
      "[hidden] [hidden]",
    ],
    [
      "any URL's credentials in text",
      { a: { command: "x" } },
      "GET https://u:p@other.example/v1?x=1 failed.",
      "GET https://other.example/v1 failed.",
    ],
  ])("takes out %s", (_, config, text, expected) => {
    expect(scrubFor(config)(text)).toBe(expected);
  });

  it("hides a credential-shaped word in a server's stderr, configured or not (the rule for arguments)", () => {
    const scrub = scrubFor({ a: { command: "x" } });
    expect(scrub("exited with code 1; stderr: auth failed for ghp_abcdefghijklmnop1234.")).toBe(
      "exited with code 1; stderr: auth failed for [hidden].",
    );
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

describe("maskArgs: the rule for command lines", () => {
  it.each([
    ["a flag named like a secret, then its value", ["--api-key", "k-123"], ["--api-key", "[hidden]"], ["k-123"]],
    [
      "a secret flag followed by another flag (nothing to hide)",
      ["--no-auth", "--port", "3000"],
      ["--no-auth", "--port", "3000"],
      [],
    ],
    [
      "flag=value with a secret name",
      ["--token=t-456", "--private-key=pk1", "--password=pw"],
      ["--token=[hidden]", "--private-key=[hidden]", "--password=[hidden]"],
      ["t-456", "pk1", "pw"],
    ],
    ["flag=value with a harmless name", ["--port=3000", "--root=/tmp"], ["--port=3000", "--root=/tmp"], []],
    [
      "an environment assignment (value never shown, searched only when secret)",
      ["REGION=eu", "DB_PASSWORD=p4ss"],
      ["REGION=[hidden]", "DB_PASSWORD=[hidden]"],
      ["p4ss"],
    ],
    [
      "a URL with user, password and query",
      ["http://al:pw12@h:9/mcp?api_key=K123"],
      ["http://h:9/mcp"],
      ["pw12", "K123"],
    ],
    ["a URL as a flag's value", ["--url=https://u:pw34@h/x"], ["--url=https://h/x"], ["pw34"]],
    ["a token given as the URL's user", ["https://ghtoken1@h/x"], ["https://h/x"], ["ghtoken1"]],
    [
      "a value shaped like a known credential",
      ["ghp_abcdefghijklmnop1234"],
      ["[hidden]"],
      ["ghp_abcdefghijklmnop1234"],
    ],
    [
      "ordinary words and paths",
      ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/Projects2025"],
      ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/Projects2025"],
      [],
    ],
  ])("%s", (_, args, shown, secrets) => {
    expect(maskArgs(args)).toEqual({ shown, secrets });
  });

  it("is the rule the package's own texts follow: a credential-shaped argument is searched for", () => {
    const scrub = scrubFor({ a: { command: "x", args: ["--model", "Zx9Qw2Er7Ty4Ui8Op3As"] } });
    expect(scrub("rejected Zx9Qw2Er7Ty4Ui8Op3As-suffix")).toBe("rejected [hidden]-suffix");
  });
});

describe("looksLikeSecret and hideCredentials: credential shapes", () => {
  it.each([
    ["sk-proj-abcdefghijkl", true],
    ["sk-short", false],
    ["xoxb-1234567890-abcdef", true],
    ["AKIAIOSFODNN7EXAMPLE", true],
    ["0123456789abcdef0123456789abcdef", true],
    ["0123456789abcdef0123456789abcde", false],
    ["Zx9Qw2Er7Ty4Ui8Op3As", true],
    ["zx9qw2er7ty4ui8op3as", false],
    ["server-everything-2025-01", false],
  ])("%s: %s", (value, secret) => {
    expect(looksLikeSecret(value)).toBe(secret);
  });

  it.each([
    ["a token in a sentence", "token sk-proj-abcdefghijklmnop.", "token [hidden]."],
    ["a JWT", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", "Bearer [hidden]"],
    ["a value after a colon and in quotes", 'key:"AKIAIOSFODNN7EXAMPLE"', 'key:"[hidden]"'],
    ["a base64 token with its padding", "secret Zx9Qw2Er7Ty4Ui8Op3As== end", "secret [hidden] end"],
    [
      "paths, versions and ordinary words",
      "/usr/lib/node v20.11.0 server-everything",
      "/usr/lib/node v20.11.0 server-everything",
    ],
    ["a lower-case id", "request 123e4567-e89b-12d3-a456-426614174000", "request 123e4567-e89b-12d3-a456-426614174000"],
  ])("%s", (_, text, expected) => {
    expect(hideCredentials(text)).toBe(expected);
  });
});
