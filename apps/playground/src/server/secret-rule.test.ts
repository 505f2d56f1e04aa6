import { describe, expect, it } from "vitest";
import { headerSecrets, looksLikeSecret, maskArgs, urlSecrets } from "./secret-rule";

describe("maskArgs", () => {
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
      ["--token=t-456", "--password=pw"],
      ["--token=[hidden]", "--password=[hidden]"],
      ["t-456", "pw"],
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
});

describe("looksLikeSecret", () => {
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
});

describe("urlSecrets and headerSecrets", () => {
  it("takes the password, encoded and decoded, and the query values that are secrets", () => {
    expect(urlSecrets("http://alice:p%40ss@h/mcp?api_key=TOP&v=2&format=json")).toEqual(["p%40ss", "p@ss", "TOP"]);
    expect(urlSecrets("not a url")).toEqual([]);
  });

  it("takes a Basic credential apart", () => {
    const basic = `Basic ${Buffer.from("alice:hunter2").toString("base64")}`;
    expect(headerSecrets("Authorization", basic)).toEqual([basic, basic.slice(6), "alice:hunter2", "hunter2"]);
    expect(headerSecrets("accept", "application/json")).toEqual([]);
  });
});
