import type { Response, ResponseInputItem } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CALLS, callSummary, startRoundTrip } from "@x/testing";
import type { RoundTrip } from "@x/testing";
import { fakeResponsesModel } from "./__fixtures__/fake-responses-model";
import type { ResponsesAnswer } from "./index";
import { toolCalls, toolOutput, tools } from "./index";
import { responseItems } from "./response-items";

// Both directions over real HTTP: the official openai client sends what
// `tools` made, the stand-in answers in the API's own shape (reasoning, a
// message and a hosted tool's call among the calls), and refuses the next
// request (400, as OpenAI does) unless every call id is answered exactly once
// with the output type of its call, and the reasoning item comes along.
describe("a two-turn exchange with the official openai client", () => {
  let trip: RoundTrip;
  beforeAll(async () => {
    trip = await startRoundTrip(fakeResponsesModel);
  });
  afterAll(() => trip.close());

  const user: ResponseInputItem = { role: "user", content: "What's the weather in Paris? Show me the dashboard too." };

  async function firstTurn(): Promise<{
    response: Response;
    answers: ResponsesAnswer[];
    responsesTools: ReturnType<typeof tools>;
  }> {
    const responsesTools = tools(trip.toolset);
    const response = await trip.openai.responses.create({
      model: "gpt-test",
      input: [user],
      tools: responsesTools.tools,
    });
    const answers = await trip.answer<ResponsesAnswer>(toolCalls(response, responsesTools), toolOutput);
    return { response, answers, responsesTools };
  }

  const secondTurn = (input: ResponseInputItem[], responsesTools: ReturnType<typeof tools>): Promise<Response> =>
    trip.openai.responses.create({ model: "gpt-test", input: [user, ...input], tools: responsesTools.tools });

  it("runs the calls it can, answers the others, and the next request succeeds", async () => {
    const { response, answers, responsesTools } = await firstTurn();
    const found = toolCalls(response, responsesTools);
    expect(callSummary(found)).toEqual(DEMO_CALLS);
    expect(found.rejected.map(({ callId, index, error, output }) => [callId, index, error.code, output.type])).toEqual([
      ["call_unknown", 3, "unknown-tool", "function_call_output"],
      ["call_broken", 4, "arguments-not-json", "function_call_output"],
      ["call_custom", 5, "unsupported-call", "custom_tool_call_output"],
    ]);

    const second = await secondTurn([...responseItems(response), ...answers], responsesTools);
    expect(second.output_text).toBe("It is 18°C and sunny in Paris.");

    // The recorded exchange, both requests and both replies, as sent on the wire.
    const exchange = trip.api.exchanges.slice(-2).map(({ request, response: reply }) => ({ request, response: reply }));
    await expect(`${JSON.stringify(exchange, null, 2)}\n`).toMatchFileSnapshot(
      "./__snapshots__/responses-exchange.json",
    );
  });

  it("sends every tool with strict, repeats the output items, then one answer per call id", async () => {
    const { response, answers, responsesTools } = await firstTurn();
    await secondTurn([...responseItems(response), ...answers], responsesTools);
    const sent = trip.api.exchanges.at(-1)?.request as {
      tools: { name: string; strict: unknown }[];
      input: { type?: string; id?: string; call_id?: string }[];
    };
    expect(sent.tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ["demo__delete_file", true],
      ["demo__get_weather", true],
      ["demo__take_screenshot", true],
    ]);
    expect(sent.input.map((item) => `${item.type ?? "message"} ${item.call_id ?? item.id ?? ""}`.trim())).toEqual([
      "message",
      "reasoning rs_1",
      "message msg_1",
      "web_search_call ws_1",
      "function_call call_weather",
      "function_call call_screenshot",
      "function_call call_delete",
      "function_call call_unknown",
      "function_call call_broken",
      "custom_tool_call call_custom",
      "function_call_output call_weather",
      "function_call_output call_screenshot",
      "function_call_output call_delete",
      "function_call_output call_unknown",
      "function_call_output call_broken",
      "custom_tool_call_output call_custom",
    ]);
  });

  it("is refused, as by OpenAI, when the rejected calls go unanswered", async () => {
    const { response, answers, responsesTools } = await firstTurn();
    await expect(
      secondTurn([...responseItems(response), ...answers.slice(0, 3)], responsesTools),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("No tool output found for function call call_unknown") as unknown,
    });
  });

  it("is refused, as by OpenAI, without the reasoning item", async () => {
    const { response, answers, responsesTools } = await firstTurn();
    const items = responseItems(response).filter((item) => item.type !== "reasoning");
    await expect(secondTurn([...items, ...answers], responsesTools)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("without its required 'reasoning' item") as unknown,
    });
  });

  it("is refused, as by OpenAI, when a call id is answered twice", async () => {
    const { response, answers, responsesTools } = await firstTurn();
    await expect(
      secondTurn([...responseItems(response), ...answers, ...answers.slice(0, 1)], responsesTools),
    ).rejects.toMatchObject({ status: 400 });
  });
});
