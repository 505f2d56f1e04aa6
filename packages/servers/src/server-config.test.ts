import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { createCalculator } from "./__fixtures__/calculator-server";
import { checkServersConfig } from "./server-config";

const read = (config: unknown) => checkServersConfig(config, { cwd: "/base" });

describe("checkServersConfig", () => {
  it("reads the mcpServers format and the same object without the wrapper", () => {
    const servers = {
      files: { command: "npx", args: ["-y", "server"], env: { TOKEN: "t" }, cwd: "work" },
      docs: { url: "https://h/mcp" },
    };
    const wrapped = read({ mcpServers: servers, globalShortcut: "Ctrl+Space" });
    expect(wrapped).toMatchObject([
      { kind: "stdio", name: "files", command: "npx", args: ["-y", "server"], env: { TOKEN: "t" }, cwd: "/base/work" },
      { kind: "http", name: "docs", url: "https://h/mcp", headers: {}, transport: "auto" },
    ]);
    expect(read(servers)).toEqual(wrapped);
  });

  it('reads VS Code\'s mcp.json: servers under "servers", its inputs list and dev settings left alone', () => {
    // The shape of https://code.visualstudio.com/docs/copilot/reference/mcp-configuration.
    const config = {
      inputs: [{ type: "promptString", id: "unused-key", description: "Not used by any server", password: true }],
      servers: {
        files: { type: "stdio", command: "npx", args: ["-y", "server"], dev: { watch: "src/**/*.ts" } },
        docs: { type: "http", url: "https://h/mcp", headers: { authorization: "Bearer t" } },
        old: { type: "sse", url: "https://h/sse" },
      },
    };
    expect(read(config).map((spec) => [spec.name, spec.kind, "transport" in spec ? spec.transport : ""])).toEqual([
      ["files", "stdio", ""],
      ["docs", "http", "streamable-http"],
      ["old", "http", "sse"],
    ]);
    // A server named "servers" in a config without a wrapper is still a server.
    expect(read({ servers: { command: "x" } })).toMatchObject([{ kind: "stdio", name: "servers" }]);
  });

  it.each<[string, unknown, string]>([
    [
      "an input variable in env",
      { servers: { github: { command: "x", env: { TOKEN: "Bearer ${input:github-token}" } } } },
      "servers.github.env.TOKEN: uses ${input:github-token}, an input variable VS Code asks the user for; nothing " +
        "asks here: write the value in the config, or build the config in code and take the value from the " +
        "environment (process.env)",
    ],
    [
      "an input variable in a header",
      { servers: { api: { type: "http", url: "https://h/mcp", headers: { "x-key": "${input:api-key}" } } } },
      "servers.api.headers.x-key: uses ${input:api-key}, an input variable VS Code asks the user for",
    ],
    [
      "a workspace variable in args",
      { servers: { files: { command: "npx", args: ["server", "${workspaceFolder}/docs"] } } },
      "servers.files.args[1]: uses the variable ${workspaceFolder}, which VS Code fills in and nothing does here: " +
        "write the value",
    ],
    [
      "an env variable in the command",
      { mcpServers: { files: { command: "${env:HOME}/bin/server" } } },
      "mcpServers.files.command: uses the variable ${env:HOME}",
    ],
    [
      "envFile",
      { servers: { files: { command: "x", envFile: "${workspaceFolder}/.env" } } },
      'servers.files.envFile: is VS Code\'s, and not read here: put the variables in "env"',
    ],
    ["servers not an object", { servers: ["a"] }, "servers: must be an object of servers by name, not a list"],
  ])("refuses %s, saying what and where", (_, config, message) => {
    expect(() => read(config)).toThrow(
      expect.objectContaining({ code: "invalid-config", message: expect.stringContaining(message) as string }),
    );
  });

  it("leaves out disabled entries and takes SDK clients and servers as they are", () => {
    const client = new Client({ name: "c", version: "1" });
    const server = createCalculator();
    expect(
      read({ off: { command: "x", disabled: true }, client, server }).map((spec) => [spec.name, spec.kind]),
    ).toEqual([
      ["client", "client"],
      ["server", "in-process"],
    ]);
  });

  it.each([
    ["sse", "sse"],
    ["http", "streamable-http"],
    ["streamable-http", "streamable-http"],
  ])('reads "type": %j as %s', (type, transport) => {
    expect(read({ s: { url: "http://h/x", type } })).toMatchObject([{ transport }]);
  });

  it.each<[string, unknown, string]>([
    ["not an object", "servers.json", "The servers config must be an object"],
    ["mcpServers not an object", { mcpServers: [] }, "mcpServers: must be an object of servers by name, not a list"],
    [
      "an entry not an object",
      { mcpServers: { a: 3 } },
      'mcpServers.a: must be an object with a "command" or a "url", not a number',
    ],
    [
      "command and url",
      { mcpServers: { a: { command: "x", url: "http://h" } } },
      'mcpServers.a: has both "command" and "url"',
    ],
    [
      "a non-string arg",
      { mcpServers: { a: { command: "x", args: ["--port", 3] } } },
      "mcpServers.a.args[1]: must be a string, not a number",
    ],
    [
      "args not a list",
      { mcpServers: { a: { command: "x", args: "--port 3" } } },
      "mcpServers.a.args: must be a list of strings, not a string",
    ],
    [
      "a non-string env value",
      { mcpServers: { a: { command: "x", env: { PORT: 3 } } } },
      "mcpServers.a.env.PORT: must be a string, not a number",
    ],
    ["an empty command", { mcpServers: { a: { command: " " } } }, "mcpServers.a.command: must not be empty"],
    ["a bad url", { mcpServers: { a: { url: "not a url" } } }, "mcpServers.a.url: is not a URL"],
    ["a ws url", { mcpServers: { a: { url: "ws://h/mcp" } } }, "mcpServers.a.url: must be http: or https:, not ws:"],
    [
      "a stdio type with url",
      { mcpServers: { a: { url: "http://h", type: "stdio" } } },
      'mcpServers.a.type: "stdio" is not a URL transport',
    ],
    [
      "headers with command",
      { mcpServers: { a: { command: "x", headers: {} } } },
      'mcpServers.a.headers: does not go with "command"',
    ],
    ["neither", { mcpServers: { a: { args: [] } } }, 'mcpServers.a: needs a "command" (stdio) or a "url" (HTTP)'],
    [
      "a bad filter",
      { mcpServers: { a: { command: "x", allowTools: "read" } } },
      "mcpServers.a.allowTools: must be a list of tool names or a function",
    ],
    [
      "a typo",
      { mcpServers: { a: { comand: "x" } } },
      'mcpServers.a: needs a "command" (stdio) or a "url" (HTTP) (did you mean "command"?)',
    ],
    [
      "an unknown key",
      { mcpServers: { a: { command: "x", arg: [] } } },
      'mcpServers.a: unknown key "arg" (did you mean "args"?)',
    ],
    [
      "an unknown key, no guess",
      { mcpServers: { a: { command: "x", transport: "stdio" } } },
      'mcpServers.a: unknown key "transport"; known keys',
    ],
    ["without the wrapper", { a: { command: "x", enviroment: {} } }, 'a: unknown key "enviroment"'],
  ])("refuses %s, naming the server and the field", (_, config, message) => {
    expect(() => read(config)).toThrow(
      expect.objectContaining({
        code: "invalid-config",
        fault: "caller",
        message: expect.stringContaining(message) as string,
      }),
    );
  });

  it("never quotes a value: a bad URL or env value may be a secret", () => {
    for (const config of [
      { a: { url: "hxxp://user:hunter22@h" } },
      { a: { command: "x", env: { KEY: ["hunter22"] } } },
    ]) {
      expect(() => read(config)).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining("hunter22") as string }),
      );
    }
  });
});
