import { describe, expect, it } from "vitest";
import { createRedactor } from "./redactor";
import { describeServer, headerSecrets, urlCredentials, urlSecrets } from "./server-display";

describe("describeServer", () => {
  it("shows a stdio server's command with secrets hidden and its env by name only", () => {
    const display = describeServer({
      name: "files",
      transport: "stdio",
      command: "npx",
      args: ["-y", "my server", "--api-key", "k-789"],
      env: { GITHUB_TOKEN: "ghp_abcdefghijklmnop1234", DEBUG: "1" },
      source: "config",
    });
    expect(display.target).toBe("npx -y 'my server' --api-key [hidden]");
    expect(display.hidden).toEqual(["env GITHUB_TOKEN", "env DEBUG"]);
    expect(display.replacements).toEqual([
      ["k-789", "[hidden]"],
      ["ghp_abcdefghijklmnop1234", "[hidden]"],
    ]);
  });

  it("shows an HTTP server's URL without user, password or query, and names what it left out", () => {
    const display = describeServer({
      name: "docs",
      transport: "http",
      url: "http://alice:hunter2@127.0.0.1:9/mcp?api_key=TOPSECRET",
      headers: { "x-api-key": "h-123456" },
      source: "flag",
    });
    expect(display.target).toBe("http://127.0.0.1:9/mcp");
    expect(display.hidden).toEqual([
      "the URL's user and password (sent as Basic authorization)",
      "query api_key",
      "header x-api-key",
    ]);
    const redactor = createRedactor(display.replacements);
    expect(redactor.json("fetch http://alice:hunter2@127.0.0.1:9/mcp?api_key=TOPSECRET failed")).toBe(
      "fetch http://127.0.0.1:9/mcp failed",
    );
    expect(redactor.json("GET http://127.0.0.1:9/mcp?api_key=TOPSECRET: 401")).toBe("GET http://127.0.0.1:9/mcp: 401");
    expect(redactor.json(`Basic ${Buffer.from("alice:hunter2").toString("base64")} with h-123456`)).toBe(
      "Basic [hidden] with [hidden]",
    );
  });

  it("moves a URL's user and password into a Basic authorization header", () => {
    expect(urlCredentials("http://alice:p%40ss@h/mcp?k=1")).toEqual({
      url: "http://h/mcp?k=1",
      authorization: `Basic ${Buffer.from("alice:p@ss").toString("base64")}`,
    });
    expect(urlCredentials("http://h/mcp")).toEqual({ url: "http://h/mcp" });
  });
});

describe("urlSecrets and headerSecrets: what is searched for in free text", () => {
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
