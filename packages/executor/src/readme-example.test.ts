// The README's example, run for real: the official openai client over HTTP
// (to a scripted OpenAI-compatible server on 127.0.0.1 that refuses, as
// OpenAI does, a conversation with an unanswered call) and
// @modelcontextprotocol/server-everything over stdio.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";
import { chatCompletion } from "./__fixtures__/model-responses";
import { askWithTools } from "./__fixtures__/readme-example";
import { chatViolations } from "./__fixtures__/transcript-rules";

interface ChatRequest {
  readonly messages: { readonly role: string; readonly content?: unknown; readonly tool_call_id?: string }[];
  readonly tools: { readonly type: string; readonly function: { readonly name: string; readonly strict: boolean } }[];
}

const requests: ChatRequest[] = [];
const http = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    const request = JSON.parse(body) as ChatRequest;
    requests.push(request);
    const problems = chatViolations(request.messages);
    if (problems.length > 0) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: problems.join("; "), type: "invalid_request_error" } }));
      return;
    }
    const reply =
      requests.length === 1
        ? chatCompletion([
            ["call_sum", "everything__get-sum", { a: 2, b: 3 }],
            ["call_echo", "everything__echo", { message: "hi" }],
          ])
        : chatCompletion([], "2 + 3 = 5");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(reply));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
});

describe("the README example", () => {
  it("is the code the README shows", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const example = readFileSync(new URL("./__fixtures__/readme-example.ts", import.meta.url), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it.each(["readme-one-round.ts", "readme-otel.ts"])(
    "shows %s, a complete file the typecheck compiles, word for word",
    (file) => {
      const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
      const snippet = readFileSync(new URL(`./__fixtures__/${file}`, import.meta.url), "utf8");
      expect(readme).toContain(`\`\`\`ts\n${snippet}\`\`\``);
    },
  );

  it("has no other TypeScript snippet: every one is a file above", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme.match(/```ts\n/g)).toHaveLength(3);
  });

  it("runs the tool loop with the openai client and server-everything", async () => {
    const { port } = http.address() as AddressInfo;
    const openai = new OpenAI({ apiKey: "test-key", baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
    const lines: string[] = [];
    const answer = await askWithTools("What is 2 + 3?", openai, everythingServer, (line) => void lines.push(line));

    expect(answer).toBe("2 + 3 = 5");
    expect(requests).toHaveLength(2);
    expect(requests[0]?.tools.map((tool) => tool.function.name)).toContain("everything__get-sum");
    expect(
      requests[0]?.tools.every((tool) => tool.type === "function" && typeof tool.function.strict === "boolean"),
    ).toBe(true);
    expect(requests[1]?.messages.slice(1)).toMatchObject([
      { role: "assistant", tool_calls: [{ id: "call_sum" }, { id: "call_echo" }] },
      { role: "tool", tool_call_id: "call_sum", content: "The sum of 2 and 3 is 5." },
      { role: "tool", tool_call_id: "call_echo", content: "Echo: hi" },
    ]);
    expect(lines).toEqual([
      ...lines.filter((line) => line.includes("is sent non-strict")),
      expect.stringMatching(/^everything__get-sum answered in [\d.]+ ms$/) as string,
      expect.stringMatching(/^everything__echo answered in [\d.]+ ms$/) as string,
      "stopped: completed after 2 turns",
    ]);
  });
});
