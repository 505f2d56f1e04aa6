// The README's agent, run for real as a script: the official @anthropic-ai/sdk
// client over HTTP (to the stand-in Messages API on 127.0.0.1, which refuses
// what the API refuses) and server-everything over stdio from an mcp.json.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { anthropicMessage, startAnthropicServer } from "@x/testing";
import type { AnthropicServer } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";

const tsx = createRequire(import.meta.url).resolve("tsx");
const fixture = fileURLToPath(new URL("./__fixtures__/readme-agent.ts", import.meta.url));
let api: AnthropicServer;

beforeAll(async () => {
  let turn = 0;
  api = await startAnthropicServer(() => ({
    status: 200,
    body:
      turn++ === 0
        ? anthropicMessage(
            [
              { type: "text", text: "Adding.", citations: null },
              { type: "tool_use", id: "toolu_sum", name: "everything__get-sum", input: { a: 2, b: 3 } },
            ],
            "tool_use",
          )
        : anthropicMessage([{ type: "text", text: "2 + 3 = 5", citations: null }], "end_turn"),
  }));
});
afterAll(() => api.close());

describe("the README agent", () => {
  it("is the code the README shows first, word for word", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const first = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(first).toBe(readFileSync(fixture, "utf8"));
  });

  it("answers with the tools of the server in mcp.json, every call answered in one user message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "x-anthropic-readme-"));
    try {
      writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: { everything: everythingServer } }));
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ["--conditions=@x/source", "--import", tsx, fixture, "What is 2 + 3?"],
        {
          cwd: dir,
          env: { PATH: process.env["PATH"], ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: api.baseURL },
          timeout: 30_000,
        },
      );
      expect(stdout).toBe("2 + 3 = 5\n");
      expect(stderr).not.toMatch(/Error|warn/i);
      expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
      const first = api.exchanges[0]?.request as { tools: { name: string; strict: boolean }[] };
      expect(first.tools.find((tool) => tool.name === "everything__get-sum")).toMatchObject({ strict: true });
      const second = api.exchanges[1]?.request as { messages: { role: string; content: unknown }[] };
      expect(second.messages[2]).toEqual({
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_sum",
            content: [{ type: "text", text: "The sum of 2 and 3 is 5." }],
          },
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
