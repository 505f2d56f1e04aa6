// The agents the READMEs show, run for real as scripts: the official openai
// client over HTTP (to a scripted OpenAI-compatible server on 127.0.0.1) and two
// stdio servers from an mcp.json (server-everything and the calculator). This
// README's agent uses both APIs; the root README's shortest agent (shortest-agent.ts), Chat Completions.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";

const tsx = createRequire(import.meta.url).resolve("tsx");
const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

interface ModelRequest {
  readonly messages?: { readonly role: string; readonly content?: unknown }[];
  readonly input?: { readonly type?: string; readonly output?: unknown }[];
  readonly tools: { readonly name?: string; readonly function?: { readonly name: string } }[];
}

const requests: { path: string; body: ModelRequest }[] = [];
const chatCall = (text: string | null, calls: [string, string, object][]) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [
    {
      index: 0,
      finish_reason: calls.length > 0 ? "tool_calls" : "stop",
      message: {
        role: "assistant",
        content: text,
        ...(calls.length === 0
          ? {}
          : {
              tool_calls: calls.map(([id, name, args]) => ({
                id,
                type: "function",
                function: { name, arguments: JSON.stringify(args) },
              })),
            }),
      },
    },
  ],
});
const responsesCall = (text: string | undefined, calls: [string, string, object][]) => ({
  id: "resp_1",
  object: "response",
  created_at: 1,
  model: "m",
  status: "completed",
  output: [
    ...calls.map(([id, name, args], i) => ({
      type: "function_call",
      id: `fc_${i}`,
      call_id: id,
      name,
      arguments: JSON.stringify(args),
      status: "completed",
    })),
    ...(text === undefined
      ? []
      : [
          {
            type: "message",
            id: "msg_1",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text, annotations: [] }],
          },
        ]),
  ],
});

const http = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    const path = req.url ?? "";
    const parsed = JSON.parse(body) as ModelRequest;
    requests.push({ path, body: parsed });
    const first = requests.filter((request) => request.path === path).length === 1;
    const calls: [string, string, object][] = [
      ["call_1", "everything__get-sum", { a: 2, b: 3 }],
      ["call_2", "calc__add", { a: 2, b: 3 }],
    ];
    const reply = path.endsWith("/chat/completions")
      ? chatCall(first ? null : "5, said the chat model", first ? calls : [])
      : responsesCall(first ? undefined : "5, said the responses model", first ? calls : []);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
});
beforeEach(() => {
  requests.length = 0;
});

/** Runs a fixture as a script in a directory with an mcp.json of the two servers; its output. */
async function runAgent(file: string): Promise<{ stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), "x-servers-readme-"));
  const mcpServers = {
    everything: everythingServer,
    calc: { command: process.execPath, args: ["--import", tsx, fixture("calculator-stdio.ts")] },
  };
  writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers }));
  const { port } = http.address() as AddressInfo;
  return promisify(execFile)(
    process.execPath,
    ["--conditions=@x/source", "--import", tsx, fixture(file), "What is 2 + 3?"],
    {
      cwd: dir,
      env: { PATH: process.env["PATH"], OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` },
      timeout: 30_000,
    },
  );
}
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
});

describe("the README agent", () => {
  it("is the code the README shows", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${readFileSync(fixture("readme-agent.ts"), "utf8")}\`\`\``);
  });

  it("runs both APIs with the tools of the two servers of mcp.json", async () => {
    const { stdout, stderr } = await runAgent("readme-agent.ts");
    expect({ stdout, stderr }).toEqual({ stdout: "5, said the chat model\n5, said the responses model\n", stderr: "" });
    expect(requests.map((request) => request.path)).toEqual([
      "/v1/chat/completions",
      "/v1/chat/completions",
      "/v1/responses",
      "/v1/responses",
    ]);
    expect(requests[0]?.body.tools.map((tool) => tool.function?.name)).toEqual(
      expect.arrayContaining(["calc__add", "everything__get-sum"]),
    );
    expect(requests[1]?.body.messages?.slice(-2).map((message) => message.content)).toEqual([
      "The sum of 2 and 3 is 5.",
      "5",
    ]);
    expect(
      requests[3]?.body.input?.filter((item) => item.type === "function_call_output").map((item) => item.output),
    ).toEqual(["The sum of 2 and 3 is 5.", "5"]);
  });
});

describe("the root README's shortest agent", () => {
  it("is the code the root README shows", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${readFileSync(fixture("shortest-agent.ts"), "utf8")}\`\`\``);
  });
  // (shortest-agent.test.ts runs it as a script, with and without `await using`)
});
