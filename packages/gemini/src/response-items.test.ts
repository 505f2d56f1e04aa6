import { describe, expect, it } from "vitest";
import type { GeminiAnswer } from "./gemini-types";
import { responseItems } from "./response-items";
import { turnItems, userMessage } from "./turn-items";

describe("responseItems", () => {
  it("repeats the model's content exactly, every signature on its part, fields it does not know included", () => {
    const content = {
      role: "model",
      parts: [
        { text: "plan", thought: true },
        { functionCall: { id: "a", name: "f", args: { x: [1, { y: null }] } }, thoughtSignature: "c2ln" },
        { functionCall: { id: "b", name: "g", args: {} } },
        { text: "", thoughtSignature: "dA==", partMetadata: { k: 1 } },
      ],
    };
    const items = responseItems({ candidates: [{ content, finishReason: "STOP" }] });
    expect(items).toEqual([content]);
    expect(items[0]).not.toBe(content);
  });

  it("gives a content without role the model's, and nothing for a candidate without parts", () => {
    expect(responseItems({ candidates: [{ content: { parts: [{ text: "a" }] } }] })).toEqual([
      { role: "model", parts: [{ text: "a" }] },
    ]);
    expect(responseItems({ candidates: [{ content: { parts: [] }, finishReason: "SAFETY" }] })).toEqual([]);
    expect(responseItems({})).toEqual([]);
  });
});

describe("turnItems and userMessage", () => {
  it("answers a turn in ONE user content, in call order, and nothing for no answers", () => {
    const answers: GeminiAnswer[] = [
      { functionResponse: { id: "a", name: "f", response: { output: "1" } } },
      { functionResponse: { id: "b", name: "g", response: { error: "Error: no" } } },
    ];
    expect(turnItems(answers)).toEqual([{ role: "user", parts: answers }]);
    expect(turnItems([])).toEqual([]);
    expect(userMessage("hi")).toEqual({ role: "user", parts: [{ text: "hi" }] });
  });
});
