// The README's example is the fixture readme-example.ts, word for word, and it runs: the official openai
// client over HTTP against the stand-in (which refuses, as OpenAI does, a history with a call left unanswered),
// a real MCP server through the SDK's client.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRoundTrip } from "@x/testing";
import type { RoundTrip } from "@x/testing";
import { askOnce } from "./__fixtures__/readme-example";
import { fakeChatModel } from "./__fixtures__/fake-chat-model";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), "utf8");

describe("the README", () => {
  let trip: RoundTrip;
  beforeAll(async () => {
    trip = await startRoundTrip(fakeChatModel);
  });
  afterAll(() => trip.close());

  it("shows the example word for word, and no other TypeScript block", () => {
    expect(readme).toContain("```ts\n" + fixture("readme-example.ts") + "```");
    expect(readme.match(/```ts\n/g)).toHaveLength(1);
  });

  it("answers every call, and the second request is accepted", async () => {
    const text = await askOnce("What's the weather in Paris?", trip.openai, trip.toolset, { demo: trip.demo.client });
    expect(text).toBe("It is 18°C and sunny in Paris.");
    const second = trip.api.exchanges[1];
    expect(second?.status).toBe(200);
    const toolMessages = (second?.request as { messages: { role: string; tool_call_id?: string }[] }).messages.filter(
      (message) => message.role === "tool",
    );
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual([
      "call_weather",
      "call_screenshot",
      "call_delete",
      "call_unknown",
      "call_broken",
      "call_custom",
    ]);
  });
});
