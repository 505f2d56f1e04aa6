// The README's agent, run for real as a script: the official @google/genai
// client over HTTP (to the stand-in Gemini API on 127.0.0.1, which refuses
// what the API refuses) and server-everything over stdio from an mcp.json.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startGeminiServer } from "@x/testing";
import type { GeminiServer } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";

const tsx = createRequire(import.meta.url).resolve("tsx");
const fixture = fileURLToPath(new URL("./__fixtures__/readme-agent.ts", import.meta.url));
let api: GeminiServer;

beforeAll(async () => {
  api = await startGeminiServer(({ turn }) =>
    turn === 0
      ? { parts: [{ functionCall: { id: "sum", name: "everything__get-sum", args: { a: 2, b: 3 } } }] }
      : { parts: [{ text: "2 + 3 = 5" }] },
  );
});
afterAll(() => api.close());

describe("the README agent", () => {
  it("is the code the README shows first, word for word", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const first = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(first).toBe(readFileSync(fixture, "utf8"));
  });

  it("answers with the tools of the server in mcp.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "x-gemini-readme-"));
    try {
      // An mcp.json entry has no stderr: the server's banner goes to the script's stderr, so it is read apart.
      const { command, args } = everythingServer;
      writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: { everything: { command, args } } }));
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ["--conditions=@x/source", "--import", tsx, fixture, "What is 2 + 3?"],
        {
          cwd: dir,
          env: { PATH: process.env["PATH"], GEMINI_API_KEY: "test-key", GOOGLE_GEMINI_BASE_URL: api.baseUrl },
          timeout: 30_000,
        },
      );
      expect(stdout).toBe("2 + 3 = 5\n");
      expect(stderr).not.toMatch(/Error|warn/i);
      expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
      const answer = (api.exchanges[1]?.request as { contents: { parts: { functionResponse?: unknown }[] }[] })
        .contents[2]?.parts[0]?.functionResponse;
      expect(answer).toEqual({
        id: "sum",
        name: "everything__get-sum",
        response: { output: "The sum of 2 and 3 is 5." },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
