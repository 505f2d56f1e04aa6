import { adapter as responses, tools } from "@x/openai-responses";
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { useFaultServer } from "./__fixtures__/fault-server";
import { executeToolCalls } from "./execute-tool-calls";

const env = useFaultServer();

// A response that searches for tools (client-side tool search) and calls one
// in its namespace, as a model does once an earlier search loaded it.
const response = (): OpenAI.Responses.Response =>
  ({
    output: [
      { type: "reasoning", id: "rs_1", summary: [] },
      {
        type: "tool_search_call",
        id: "ts_1",
        call_id: "s1",
        arguments: { query: "echo text" },
        execution: "client",
        status: "completed",
      },
      {
        type: "function_call",
        id: "fc_1",
        call_id: "c1",
        namespace: "faults",
        name: "echo",
        arguments: '{"text":"hi"}',
        status: "completed",
      },
      {
        type: "tool_search_call",
        id: "ts_2",
        call_id: "s2",
        arguments: "not json",
        execution: "client",
        status: "completed",
      },
    ],
  }) as unknown as OpenAI.Responses.Response;

describe("executeToolCalls with client-side tool search", () => {
  it("answers each tool search once, runs the namespaced call, and keeps the model's order", async () => {
    const prepared = tools(env.toolset, { namespaces: true, deferLoading: true, toolSearch: "client" });
    const { outputs, outcomes, searches } = await executeToolCalls(response(), prepared, {
      faults: env.faults.client,
    });
    expect(outputs.map((output) => [output.type, "call_id" in output ? output.call_id : ""])).toEqual([
      ["tool_search_output", "s1"],
      ["function_call_output", "c1"],
      ["tool_search_output", "s2"],
    ]);
    expect(outputs[1]).toEqual({ type: "function_call_output", call_id: "c1", output: "hi" });
    expect(env.faults.started).toEqual(["echo"]);
    expect(outcomes.map((outcome) => [outcome.kind, outcome.callId])).toEqual([["call", "c1"]]);
    expect(searches.map(({ callId, found, reason }) => [callId, found[0], reason])).toEqual([
      ["s1", "faults__echo", undefined],
      ["s2", undefined, 'The arguments are not JSON: expected {"query": string}.'],
    ]);
    const loaded = outputs[0]!.type === "tool_search_output" ? outputs[0]!.tools : [];
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatchObject({ type: "namespace", name: "faults" });
    expect(loaded[0]?.type === "namespace" ? loaded[0].tools[0] : undefined).toMatchObject({
      type: "function",
      name: "echo",
      strict: true,
    });
  });

  it("with no tool deferred to a client-side search, answers each search with no tool found", async () => {
    const { outputs, searches } = await executeToolCalls(response(), responses.tools(env.toolset), {
      faults: env.faults.client,
    });
    expect(outputs.map((output) => output.type)).toEqual([
      "tool_search_output",
      "function_call_output",
      "tool_search_output",
    ]);
    expect(searches.map(({ callId, found }) => [callId, found])).toEqual([
      ["s1", []],
      ["s2", []],
    ]);
  });
});
