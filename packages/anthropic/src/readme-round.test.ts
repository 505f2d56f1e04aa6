// The README's round by hand, run for real: the official @anthropic-ai/sdk
// client streaming over HTTP (to the stand-in Messages API on 127.0.0.1) and
// @modelcontextprotocol/server-everything over stdio.
import { readFileSync } from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import { anthropicMessage, messageEvents, startAnthropicServer } from "@x/testing";
import type { AnthropicServer } from "@x/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingServer } from "./__fixtures__/everything-server";
import { askClaude } from "./__fixtures__/readme-round";

let api: AnthropicServer;

beforeAll(async () => {
  let turn = 0;
  api = await startAnthropicServer(() => ({
    status: 200,
    events: messageEvents(
      turn++ === 0
        ? anthropicMessage(
            [
              { type: "text", text: "Adding.", citations: null },
              { type: "tool_use", id: "toolu_sum", name: "everything__get-sum", input: { a: 2, b: 3 } },
              { type: "tool_use", id: "toolu_echo", name: "everything__echo", input: { message: "hi" } },
              { type: "tool_use", id: "toolu_nope", name: "everything__nope", input: {} },
            ],
            "tool_use",
          )
        : anthropicMessage([{ type: "text", text: "2 + 3 = 5", citations: null }], "end_turn"),
    ),
  }));
});
afterAll(() => api.close());

describe("the README round by hand", () => {
  it("is the code the README shows, word for word", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const example = readFileSync(new URL("./__fixtures__/readme-round.ts", import.meta.url), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it("streams, runs the calls on server-everything, and answers them in one message", async () => {
    const anthropic = new Anthropic({ apiKey: "test", baseURL: api.baseURL, maxRetries: 0 });
    let streamed = "";
    const answer = await askClaude("What is 2 + 3?", anthropic, everythingServer, (text) => (streamed += text));
    expect(answer).toBe("2 + 3 = 5");
    expect(streamed).toBe("Adding.2 + 3 = 5");
    expect(api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200]);
    const sent = api.exchanges[1]?.request as { messages: { content: { tool_use_id: string; is_error?: true }[] }[] };
    expect(sent.messages[2]?.content.map(({ tool_use_id, is_error }) => [tool_use_id, is_error ?? false])).toEqual([
      ["toolu_sum", false],
      ["toolu_echo", false],
      ["toolu_nope", true],
    ]);
  }, 30_000);
});
