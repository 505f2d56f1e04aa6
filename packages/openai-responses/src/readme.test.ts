// The README's example is the fixture readme-example.ts, word for word, and it runs: the official openai
// client over HTTP against the stand-in (which refuses, as OpenAI does, an input with a call left unanswered
// or a reasoning item missing), a real MCP server through the SDK's client.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRoundTrip } from "@x/testing";
import type { RoundTrip } from "@x/testing";
import { askOnce } from "./__fixtures__/readme-example";
import { fakeResponsesModel } from "./__fixtures__/fake-responses-model";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), "utf8");

describe("the README", () => {
  let trip: RoundTrip;
  beforeAll(async () => {
    trip = await startRoundTrip(fakeResponsesModel);
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
    const outputs = (second?.request as { input: { type?: string; call_id?: string }[] }).input.filter((item) =>
      item.type?.endsWith("_output"),
    );
    expect(outputs.map((item) => item.call_id)).toEqual([
      "call_weather",
      "call_screenshot",
      "call_delete",
      "call_unknown",
      "call_broken",
      "call_custom",
    ]);
  });
});
