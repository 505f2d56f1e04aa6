// The shortest agent (`__fixtures__/shortest-agent.ts`): two stdio servers
// from an mcp.json, the official openai client, runToolLoop, the answer
// printed. Run for real as a script (tsx), against a local OpenAI-compatible
// stand-in (OPENAI_BASE_URL): it must print the answer and exit on its own,
// with `await using` and without it, leaving no server process behind. Its
// length is counted as the README counts it: code lines as the formatter
// lays them out, blank lines and comments left out.
import { execFile, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { invalidRequest, startOpenAiServer } from "@x/testing";
import type { Json, OpenAiServer } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";

const tsx = createRequire(import.meta.url).resolve("tsx");
const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

/** Code lines as the README counts them: not blank, not a comment. */
const codeLines = (text: string): number =>
  text.split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("//")).length;

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// Chat Completions: the first request gets a call to each server's adder, the one with both answers "5".
let api: OpenAiServer;
beforeAll(async () => {
  api = await startOpenAiServer((path, body) => {
    if (!path.endsWith("/chat/completions") || !isObject(body)) return invalidRequest(`Unknown path ${path}.`);
    const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : [];
    const answered = messages.filter((message) => message.role === "tool").length;
    if (answered !== 0 && answered !== 2) return invalidRequest(`Expected both calls answered, got ${answered}.`);
    const calls: [string, string][] = [
      ["call_1", "everything__get-sum"],
      ["call_2", "calc__add"],
    ];
    const message =
      answered === 2
        ? { role: "assistant", content: "5", refusal: null }
        : {
            role: "assistant",
            content: null,
            refusal: null,
            tool_calls: calls.map(([id, name]) => ({
              id,
              type: "function",
              function: { name, arguments: JSON.stringify({ a: 2, b: 3 }) },
            })),
          };
    return {
      status: 200,
      body: {
        id: `chatcmpl-${answered}`,
        object: "chat.completion",
        created: 1767225600,
        model: "gpt-5-mini",
        choices: [{ index: 0, message, logprobs: null, finish_reason: answered === 2 ? "stop" : "tool_calls" }],
      },
    };
  });
});
afterAll(() => api.close());

/** The pids and command lines of the processes whose arguments hold `marker`. */
function processesWith(marker: string): string[] {
  const table = execFileSync("ps", ["-A", "-o", "pid=,args="], { encoding: "utf8" });
  return table.split("\n").filter((line) => line.includes(marker));
}

/**
 * Runs the script from a fresh directory whose mcp.json has server-everything
 * and the calculator over stdio, each started with an argument naming this
 * run (a harmless `--conditions`), so its processes can be found.
 */
async function runScript(name: string): Promise<{ stdout: string; stderr: string; marker: string }> {
  const marker = `x-shortest-${randomUUID()}`;
  const dir = mkdtempSync(join(tmpdir(), "x-shortest-"));
  const mcpServers = {
    everything: { ...everythingServer, args: [`--conditions=${marker}`, ...(everythingServer.args ?? [])] },
    calc: {
      command: process.execPath,
      args: [`--conditions=${marker}`, "--import", tsx, fixture("calculator-stdio.ts")],
    },
  };
  writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers }));
  // execFile's timeout kills a script that does not exit: the test then fails on its signal.
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ["--conditions=@x/source", "--import", tsx, fixture(name)],
    {
      cwd: dir,
      env: { PATH: process.env["PATH"], OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: api.baseURL },
      timeout: 30_000,
    },
  );
  return { stdout, stderr, marker };
}

describe("the shortest agent", () => {
  it("is at most 12 lines, and the variant without `await using` differs in that line only", () => {
    const script = readFileSync(fixture("shortest-agent.ts"), "utf8");
    expect(codeLines(script)).toBeLessThanOrEqual(12);
    const variant = readFileSync(fixture("shortest-agent-no-close.ts"), "utf8");
    expect(variant).toBe(script.replace("await using servers = ", "const servers = "));
  });

  it("finds a server process by the argument that names its run (the check below can fail)", async () => {
    const marker = `x-shortest-${randomUUID()}`;
    const child = spawn(process.execPath, [`--conditions=${marker}`, "-e", "setInterval(() => {}, 1000)"]);
    try {
      await vi.waitFor(() => expect(processesWith(marker)).toHaveLength(1));
    } finally {
      child.kill();
    }
    await vi.waitFor(() => expect(processesWith(marker)).toEqual([]));
  });

  it.each(["shortest-agent.ts", "shortest-agent-no-close.ts"])(
    "%s runs as a script: calls both servers, prints the answer, exits, leaves no server process",
    async (name) => {
      const before = api.exchanges.length;
      const { stdout, stderr, marker } = await runScript(name);
      expect({ stdout, stderr }).toEqual({ stdout: "5\n", stderr: "" });
      const [first, second] = api.exchanges.slice(before) as unknown as [
        { request: { tools: { function: { name: string } }[] } },
        { request: { messages: { role: string; content: unknown }[] } },
      ];
      expect(api.exchanges.slice(before).map((exchange) => exchange.status)).toEqual([200, 200]);
      expect(first.request.tools.map((tool) => tool.function.name)).toEqual(
        expect.arrayContaining(["calc__add", "everything__get-sum"]),
      );
      expect(second.request.messages.slice(-2).map((message) => message.content)).toEqual([
        "The sum of 2 and 3 is 5.",
        "5",
      ]);
      await vi.waitFor(() => expect(processesWith(marker)).toEqual([]), { timeout: 10_000 });
    },
    45_000,
  );
});
