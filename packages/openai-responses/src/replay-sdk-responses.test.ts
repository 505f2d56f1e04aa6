import type { Response, ResponseInputItem } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json, Reply } from "@x/testing";
import { startRoundTrip } from "@x/testing";
import type { RoundTrip } from "@x/testing";
import { fakeResponsesModel } from "./__fixtures__/fake-responses-model";
import type { ResponsesAnswer } from "./index";
import { collectStream, toolCalls, toolOutput, tools } from "./index";
import { responseItems } from "./response-items";

// The bug of openai/openai-python#2720: the openai package's `responses.parse`
// and `responses.stream(…).finalResponse()` add `parsed_arguments` to each
// function call, and the API refuses a request that repeats it. The stand-in
// refuses every field its input does not accept, as the API does; these
// responses, made by the official client over real HTTP, go back through it.
describe("replaying what the openai package's helpers return", () => {
  let trip: RoundTrip;
  // The openai package's parser throws on broken JSON in a strict tool's
  // arguments, so the stand-in's call with broken arguments is left out here.
  const withoutBrokenCall = (reply: Json): Json =>
    Array.isArray(reply)
      ? reply.filter((item) => JSON.stringify(item).includes("call_broken") === false).map(withoutBrokenCall)
      : reply;
  const model = (path: string, body: Json): Reply => {
    const reply = fakeResponsesModel(path, body);
    if ("events" in reply)
      return { status: 200, events: reply.events.filter((event) => !JSON.stringify(event).includes('"fc_5"')) };
    const output =
      typeof reply.body === "object" && reply.body !== null && !Array.isArray(reply.body)
        ? reply.body.output
        : undefined;
    return output === undefined
      ? reply
      : { ...reply, body: { ...(reply.body as { [key: string]: Json }), output: withoutBrokenCall(output) } };
  };
  beforeAll(async () => {
    trip = await startRoundTrip(model);
  });
  afterAll(() => trip.close());

  const user: ResponseInputItem = { role: "user", content: "What's the weather in Paris? Show me the dashboard too." };
  const request = (): { model: string; input: ResponseInputItem[]; tools: ReturnType<typeof tools>["tools"] } => ({
    model: "gpt-test",
    input: [user],
    tools: tools(trip.toolset).tools,
  });

  async function replay(response: Response): Promise<Response> {
    const answers = await trip.answer<ResponsesAnswer>(toolCalls(response, tools(trip.toolset)), toolOutput);
    return trip.openai.responses.create({ ...request(), input: [user, ...responseItems(response), ...answers] });
  }

  const helpers: [string, () => Promise<Response>][] = [
    ["responses.parse", () => trip.openai.responses.parse(request())],
    ["responses.stream(…).finalResponse()", () => trip.openai.responses.stream(request()).finalResponse()],
  ];

  it.each(helpers)("%s: the stand-in refuses its items as they are", async (_name, make) => {
    const response = await make();
    const calls = response.output.filter((item) => item.type === "function_call");
    expect(calls.length > 0 && calls.every((item) => "parsed_arguments" in item)).toBe(true);
    const answers = await trip.answer<ResponsesAnswer>(toolCalls(response, tools(trip.toolset)), toolOutput);
    const send = (items: unknown[]): Promise<Response> =>
      trip.openai.responses.create({ ...request(), input: [user, ...(items as ResponseInputItem[]), ...answers] });
    // As they are: the message's text parts carry the parser's `parsed` too, and are refused first.
    await expect(send(response.output)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Unknown parameter: 'input[2].content[0].parsed'") as unknown,
    });
    // Only the calls as they are: the bug of the issue.
    const callsAsTheyAre = responseItems(response).map((item, n) =>
      item.type === "function_call" ? response.output[n] : item,
    );
    await expect(send(callsAsTheyAre)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Unknown parameter: 'input[4].parsed_arguments'") as unknown,
    });
  });

  it.each(helpers)(
    "%s: responseItems repeats only what the input accepts, and the next request succeeds",
    async (_name, make) => {
      const response = await make();
      expect(JSON.stringify(responseItems(response))).not.toContain("parsed_arguments");
      expect((await replay(response)).output_text).toBe("It is 18°C and sunny in Paris.");
    },
  );

  it("collectStream over the official client's stream gives a response that replays", async () => {
    const response = await collectStream(await trip.openai.responses.create({ ...request(), stream: true }));
    expect(response.output.map((item) => item.type)).toEqual([
      "reasoning",
      "message",
      "web_search_call",
      "function_call",
      "function_call",
      "function_call",
      "function_call",
      "custom_tool_call",
    ]);
    expect((await replay(response)).output_text).toBe("It is 18°C and sunny in Paris.");
  });
});
