import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCliArgs } from "./cli-args";
import { splitCommandLine } from "./command-line";
import { ConfigError, readConfig } from "./config-file";

function configDir(json: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "x-playground-config-"));
  writeFileSync(join(dir, "playground.config.json"), typeof json === "string" ? json : JSON.stringify(json));
  return dir;
}

describe("splitCommandLine", () => {
  it.each([
    ["npx -y some-server", ["npx", "-y", "some-server"]],
    ['node "my server.js"  --flag', ["node", "my server.js", "--flag"]],
    ["node 'a \"b\"' c\\ d", ["node", 'a "b"', "c d"]],
    ['cmd ""', ["cmd", ""]],
    ["", []],
  ])("%s", (line, words) => {
    expect(splitCommandLine(line)).toEqual({ ok: true, words });
  });

  it("refuses an unclosed quote", () => {
    expect(splitCommandLine('node "oops')).toMatchObject({ ok: false });
  });
});

describe("readConfig", () => {
  it("reads stdio and Streamable HTTP entries, resolving cwd from the file's folder", () => {
    expect(
      readConfig(
        {
          mcpServers: {
            files: { command: "npx", args: ["-y", "files-server"], env: { ROOT: "/tmp" }, cwd: "sub" },
            docs: { url: "http://127.0.0.1:9000/mcp", headers: { authorization: "Bearer x" } },
            off: { command: "never", disabled: true },
          },
        },
        "/home/me",
        "playground.config.json",
      ),
    ).toEqual([
      {
        name: "files",
        transport: "stdio",
        command: "npx",
        args: ["-y", "files-server"],
        env: { ROOT: "/tmp" },
        cwd: "/home/me/sub",
        source: "config",
      },
      {
        name: "docs",
        transport: "http",
        url: "http://127.0.0.1:9000/mcp",
        headers: { authorization: "Bearer x" },
        httpTransport: "auto",
        source: "config",
      },
    ]);
  });

  it.each([
    ["neither command nor url", {}, 'needs a "command"'],
    [
      "args that are not strings",
      { command: "x", args: [1] },
      "c.json, mcpServers.bad.args[0]: must be a string, not a number",
    ],
    [
      "env values that are not strings",
      { command: "x", env: { A: 1 } },
      "c.json, mcpServers.bad.env.A: must be a string, not a number",
    ],
    ["a url that is not a URL", { url: "not a url" }, "is not a URL"],
    ["a url that is not http", { url: "file:///etc/passwd" }, "must be http: or https:"],
    ["a misspelt key", { comand: "x" }, '(did you mean "command"?)'],
    [
      "an unknown transport",
      { url: "http://127.0.0.1:1/ws", type: "websocket" },
      'c.json, mcpServers.bad.type: "websocket" is not a URL transport',
    ],
    ["an entry that is not an object", "npx server", "c.json, mcpServers.bad: must be an object"],
  ])("turns an entry with %s into a failed server, saying why", (_, entry, message) => {
    const [spec] = readConfig({ mcpServers: { bad: entry } }, "/", "c.json");
    expect(spec).toMatchObject({ name: "bad", transport: "invalid" });
    expect(spec?.transport === "invalid" ? spec.error : "").toContain(message);
  });

  it.each([[null], [[]], [{}], [{ mcpServers: [] }]])("refuses a file that has no mcpServers object: %j", (json) => {
    expect(() => readConfig(json, "/", "c.json")).toThrow(ConfigError);
  });
});

describe("parseCliArgs", () => {
  it("starts the two built-in servers by default", () => {
    const request = parseCliArgs([], mkdtempSync(join(tmpdir(), "x-playground-empty-")));
    expect(request.help === false && request.servers.map((server) => server.name)).toEqual(["demo", "everything"]);
  });

  it("adds the config file found in the folder, then --stdio and --http servers", () => {
    const dir = configDir({ mcpServers: { fromFile: { command: "node", args: ["server.js"] } } });
    const request = parseCliArgs(
      ["--no-builtin", "--stdio", 'local=node "my server.js" --port 1', "--http", "remote=http://127.0.0.1:9/mcp"],
      dir,
    );
    expect(request).toEqual({
      help: false,
      servers: [
        { name: "fromFile", transport: "stdio", command: "node", args: ["server.js"], env: {}, source: "config" },
        {
          name: "local",
          transport: "stdio",
          command: "node",
          args: ["my server.js", "--port", "1"],
          env: {},
          cwd: dir,
          source: "flag",
        },
        {
          name: "remote",
          transport: "http",
          url: "http://127.0.0.1:9/mcp",
          headers: {},
          httpTransport: "auto",
          source: "flag",
        },
      ],
      open: false,
    });
  });

  it("reads --open", () => {
    const request = parseCliArgs(["--no-builtin", "--open"], mkdtempSync(join(tmpdir(), "x-playground-empty-")));
    expect(request).toEqual({ help: false, servers: [], open: true });
  });

  it("reads --config relative to the folder the command was typed in", () => {
    const dir = configDir({ mcpServers: { a: { url: "http://127.0.0.1:9/mcp" } } });
    const request = parseCliArgs(["--no-builtin", "--config", "playground.config.json"], dir);
    expect(request.help === false && request.servers.map((server) => server.name)).toEqual(["a"]);
  });

  it.each([
    ["an unknown option", ["--spawn", "x"], "Unknown option"],
    ["a missing config file", ["--config", "nope.json"], "cannot read the config file"],
    ["a --stdio without a name", ["--stdio", "node server.js"], "expected name=command"],
    ["a --http without a name", ["--http", "http://127.0.0.1:1/mcp"], "expected name=url"],
    ["two servers with one name", ["--stdio", "demo=node x.js"], 'two MCP servers are named "demo"'],
  ])("refuses %s", (_, argv, message) => {
    expect(() => parseCliArgs(argv, mkdtempSync(join(tmpdir(), "x-playground-empty-")))).toThrow(message);
  });

  it("refuses a config file that is not JSON", () => {
    expect(() => parseCliArgs([], configDir("{ not json"))).toThrow("is not JSON");
  });

  it.each([[["--help"]], [["--", "--help"]], [["-h"]]])("answers %j with the usage", (argv) => {
    expect(parseCliArgs(argv, "/")).toEqual({ help: true });
  });
});
