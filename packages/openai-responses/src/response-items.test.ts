import { describe, expect, it } from "vitest";
import type { ResponsesItem } from "./responses-types";
import { responseItems } from "./response-items";

const item = (fields: object): ResponsesItem => fields as ResponsesItem;
const reasoning = item({ type: "reasoning", id: "rs_1", summary: [], encrypted_content: "opaque" });
const message = item({ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Hi", annotations: [] }] });
const call = item({ type: "function_call", id: "fc_1", call_id: "call_1", name: "files__list_dir", arguments: "{}", status: "completed" });
const search = item({ type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "x" } });

describe("responseItems", () => {
  it.each([
    ["a response", { output: [reasoning, message, search, call] }],
    ["a list of output items", [reasoning, message, search, call]],
  ])("repeats every output item of %s, reasoning included, in order", (_, response) => {
    const items = responseItems(response);
    expect(items).toEqual([reasoning, message, search, call]);
    expect(items).not.toBe(response);
  });

  it("gives nothing for a response without output", () => {
    expect(responseItems({ output: [] })).toEqual([]);
    expect(responseItems({} as { output: ResponsesItem[] })).toEqual([]);
  });

  it("narrows the two kinds of output item the input refuses", () => {
    const failed = item({ type: "computer_call_output", id: "cco_1", call_id: "call_2", output: { type: "computer_screenshot", image_url: "data:," }, status: "failed" });
    const completed = item({ type: "computer_call_output", id: "cco_2", call_id: "call_3", output: { type: "computer_screenshot", image_url: "data:," }, status: "completed" });
    const developerTools = item({ type: "additional_tools", id: "at_1", role: "developer", tools: [] });
    const assistantTools = item({ type: "additional_tools", id: "at_2", role: "assistant", tools: [] });
    expect(responseItems([failed, completed, developerTools, assistantTools])).toEqual([
      { type: "computer_call_output", id: "cco_1", call_id: "call_2", output: { type: "computer_screenshot", image_url: "data:," } },
      completed,
      developerTools,
    ]);
    expect(failed).toHaveProperty("status", "failed");
  });
});
