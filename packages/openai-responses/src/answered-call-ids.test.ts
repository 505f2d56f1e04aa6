import { describe, expect, it } from "vitest";
import { answeredCallIds } from "./answered-call-ids";
import type { ResponsesItem } from "./responses-types";
import { toolCalls } from "./tool-calls";
import { filesToolset as toolset } from "@x/testing";
import { tools } from "./tools";

const item = (fields: object): ResponsesItem => fields as ResponsesItem;

describe("answeredCallIds", () => {
  it("gives the call id each answer item answers, in order, and nothing for calls, messages or broken items", () => {
    const items: unknown[] = [
      { role: "user", content: "Hi" },
      { type: "function_call", call_id: "call_1", name: "files__read_file", arguments: "{}" },
      { type: "function_call_output", call_id: "call_1", output: "done" },
      { type: "custom_tool_call_output", call_id: "call_2", output: "no" },
      { type: "shell_call_output", call_id: "call_3", output: [] },
      { type: "apply_patch_call_output", call_id: "call_4", status: "failed", output: "no" },
      { type: "computer_call_output", call_id: "call_5", output: {} },
      { type: "tool_search_output", call_id: "call_6", execution: "client", status: "completed", tools: [] },
      // A local shell call's answer names it in `id`.
      { type: "local_shell_call_output", id: "call_7", output: "a.txt" },
      { type: "function_call_output", call_id: 8, output: "no string id" },
      null,
      "text",
    ];
    expect(answeredCallIds(items)).toEqual(["call_1", "call_2", "call_3", "call_4", "call_5", "call_6", "call_7"]);
  });

  it("is what toolCalls skips: a transcript read whole and one read turn by turn give the same calls", () => {
    const earlier = [
      item({ type: "function_call", call_id: "call_1", name: "files__list_dir", arguments: "{}" }),
      item({ type: "function_call_output", call_id: "call_1", output: "a.txt" }),
    ];
    const response = [
      item({ type: "function_call", call_id: "call_1", name: "files__list_dir", arguments: "{}" }),
      item({ type: "function_call", call_id: "call_2", name: "files__list_dir", arguments: "{}" }),
    ];
    const whole = toolCalls([...earlier, ...response], tools(toolset));
    const byTurn = toolCalls(response, tools(toolset), { answeredCallIds: new Set(answeredCallIds(earlier)) });
    expect(byTurn).toEqual(whole);
    expect(byTurn.calls.map((call) => call.callId)).toEqual(["call_2"]);
  });
});
