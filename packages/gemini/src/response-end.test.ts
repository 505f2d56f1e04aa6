import { describe, expect, it } from "vitest";
import { responseEnd } from "./response-end";

describe("responseEnd", () => {
  it.each([
    [{ candidates: [{ finishReason: "STOP" }] }, "complete"],
    [
      { candidates: [{ finishReason: "MAX_TOKENS" }] },
      { incomplete: "The model stopped with finishReason MAX_TOKENS." },
    ],
    [
      { candidates: [{ finishReason: "MALFORMED_FUNCTION_CALL", finishMessage: "Malformed function call: x(" }] },
      { incomplete: "The model stopped with finishReason MALFORMED_FUNCTION_CALL: Malformed function call: x(" },
    ],
    [{ promptFeedback: { blockReason: "SAFETY" } }, { incomplete: "The prompt was blocked (blockReason SAFETY)." }],
    [{}, { incomplete: "The response has no candidate." }],
    [
      { candidates: [{ content: { parts: [{ text: "a" }] } }] },
      { incomplete: "The response ended before the model finished (no finishReason): the stream was cut short." },
    ],
  ])("%j → %j", (response, expected) => {
    expect(responseEnd(response)).toEqual(expected);
  });
});
