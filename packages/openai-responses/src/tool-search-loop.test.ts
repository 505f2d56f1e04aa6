import type { ResponseInputItem } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRoundTrip } from "@x/testing";
import type { RoundTrip } from "@x/testing";
import { toCallToolResult } from "@x/toolset";
import { toolSearchModel } from "./__fixtures__/tool-search-model";
import { toolCalls, toolOutput, tools } from "./index";
import { responseItems } from "./response-items";

// The whole loop over real HTTP with the official client: every tool
// deferred, the model searches, gets the weather tool in the demo
// namespace, calls it there, and the MCP server runs it.
describe("client-side tool search with the official openai client", () => {
  let trip: RoundTrip;
  beforeAll(async () => {
    trip = await startRoundTrip(toolSearchModel);
  });
  afterAll(() => trip.close());

  it("searches, loads the tools, calls one in its namespace, and the MCP server receives the call", async () => {
    const prepared = tools(trip.toolset, { namespaces: true, deferLoading: true, toolSearch: "client" });
    const { tools: sent } = prepared;
    const input: ResponseInputItem[] = [{ role: "user", content: "What's the weather in Paris?" }];
    let text = "";
    for (let turn = 0; turn < 4 && text === ""; turn++) {
      const response = await trip.openai.responses.create({ model: "gpt-test", input, tools: sent });
      const { calls, rejected, searches } = toolCalls(response, prepared);
      const ran = await Promise.all(
        calls.map(async (call) => {
          const result = await trip.demo.client.callTool({ name: call.toolName, arguments: call.arguments });
          return { index: call.index, output: toolOutput(call, toCallToolResult(result)) };
        }),
      );
      const answers = [...rejected, ...searches, ...ran]
        .sort((a, b) => a.index - b.index)
        .map((answer) => answer.output);
      input.push(...responseItems(response), ...answers);
      if (answers.length === 0) text = response.output_text;
    }
    expect(text).toBe("The tool says: Paris: 18°C, sunny");
    expect(trip.api.exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200]);
    // The first request carried no tool definition but the tool search.
    expect(trip.api.exchanges[0]!.request).toMatchObject({ tools: [{ type: "tool_search", execution: "client" }] });
    const search = input.find((item) => item.type === "tool_search_output");
    expect(search).toMatchObject({ call_id: "call_search", tools: [{ type: "namespace", name: "demo" }] });
  });

  it("the stand-in refuses an unanswered tool_search_call and an unknown field", async () => {
    const searchCall: ResponseInputItem = {
      type: "tool_search_call",
      call_id: "s1",
      arguments: { query: "x" },
      execution: "client",
    };
    const user: ResponseInputItem = { role: "user", content: "Hi" };
    await expect(trip.openai.responses.create({ model: "gpt-test", input: [user, searchCall] })).rejects.toThrow(
      "No tool output found for call s1 (expected a tool_search_output).",
    );
    const { tools: sent } = tools(trip.toolset);
    const extra = [{ ...sent[0]!, x_extra: true }] as unknown as typeof sent;
    await expect(trip.openai.responses.create({ model: "gpt-test", input: [user], tools: extra })).rejects.toThrow(
      "Unknown parameter: 'tools[0].x_extra'.",
    );
  });
});
