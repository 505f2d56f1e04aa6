import type { ChatCompletion, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CALLS, callSummary, startRoundTrip } from "@x/testing";
import type { RoundTrip } from "@x/testing";
import { fakeChatModel } from "./__fixtures__/fake-chat-model";
import type { ChatToolMessage } from "./index";
import { adapter, toolCalls, toolOutput, tools } from "./index";

const { responseItems } = adapter;

// Both directions over real HTTP: the official openai client sends what
// `tools` made, the stand-in answers in the API's own shape, and refuses the
// next request (400, as OpenAI does) unless every call id is answered once,
// after the assistant message that made the calls.
describe("a two-turn exchange with the official openai client", () => {
  let trip: RoundTrip;
  beforeAll(async () => {
    trip = await startRoundTrip(fakeChatModel);
  });
  afterAll(() => trip.close());

  const user: ChatCompletionMessageParam = {
    role: "user",
    content: "What's the weather in Paris? Show me the dashboard too.",
  };

  async function firstTurn(): Promise<{
    completion: ChatCompletion;
    answers: ChatToolMessage[];
    chatTools: ReturnType<typeof tools>;
  }> {
    const chatTools = tools(trip.toolset);
    const completion = await trip.openai.chat.completions.create({
      model: "gpt-test",
      messages: [user],
      tools: chatTools.tools,
    });
    const answers = await trip.answer(toolCalls(completion, chatTools), toolOutput);
    return { completion, answers, chatTools };
  }

  const secondTurn = (
    messages: ChatCompletionMessageParam[],
    chatTools: ReturnType<typeof tools>,
  ): Promise<ChatCompletion> =>
    trip.openai.chat.completions.create({ model: "gpt-test", messages: [user, ...messages], tools: chatTools.tools });

  it("runs the calls it can, answers the others, and the next request succeeds", async () => {
    const { completion, answers, chatTools } = await firstTurn();
    const found = toolCalls(completion, chatTools);
    expect(callSummary(found)).toEqual(DEMO_CALLS);
    expect(found.rejected.map(({ callId, index, error }) => [callId, index, error.code])).toEqual([
      ["call_unknown", 3, "unknown-tool"],
      ["call_broken", 4, "arguments-not-json"],
      ["call_custom", 5, "unsupported-call"],
    ]);

    const second = await secondTurn([...responseItems(completion), ...answers], chatTools);
    expect(second.choices[0]?.message.content).toBe("It is 18°C and sunny in Paris.");

    // The recorded exchange, both requests and both replies, as sent on the wire.
    const exchange = trip.api.exchanges.slice(-2).map(({ request, response }) => ({ request, response }));
    await expect(`${JSON.stringify(exchange, null, 2)}\n`).toMatchFileSnapshot("./__snapshots__/chat-exchange.json");
  });

  it("sends every tool with strict, and each tool message answers one call id", async () => {
    const { completion, answers, chatTools } = await firstTurn();
    await secondTurn([...responseItems(completion), ...answers], chatTools);
    const sent = trip.api.exchanges.at(-1)?.request as {
      tools: { function: { name: string; strict: unknown } }[];
      messages: { role: string; tool_call_id?: string }[];
    };
    expect(sent.tools.map((tool) => [tool.function.name, tool.function.strict])).toEqual([
      ["demo__delete_file", true],
      ["demo__get_weather", true],
      ["demo__take_screenshot", true],
    ]);
    expect(sent.messages.map((message) => message.tool_call_id ?? message.role)).toEqual([
      "user",
      "assistant",
      "call_weather",
      "call_screenshot",
      "call_delete",
      "call_unknown",
      "call_broken",
      "call_custom",
    ]);
  });

  it("is refused, as by OpenAI, when the rejected calls go unanswered", async () => {
    const { completion, answers, chatTools } = await firstTurn();
    await expect(secondTurn([...responseItems(completion), ...answers.slice(0, 3)], chatTools)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(
        "did not have response messages: call_unknown, call_broken, call_custom",
      ) as unknown,
    });
  });

  it("is refused, as by OpenAI, without the assistant message before the tool messages", async () => {
    const { answers, chatTools } = await firstTurn();
    await expect(secondTurn(answers, chatTools)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("must be a response to a preceeding message with 'tool_calls'") as unknown,
    });
  });

  it("is refused, as by OpenAI, when a call id is answered twice", async () => {
    const { completion, answers, chatTools } = await firstTurn();
    await expect(
      secondTurn([...responseItems(completion), ...answers, ...answers.slice(0, 1)], chatTools),
    ).rejects.toMatchObject({ status: 400 });
  });
});
