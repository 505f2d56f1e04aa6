import type { ChatCompletionCreateParams, ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import { describe, expectTypeOf, it } from "vitest";
import type { allowedTools } from "./index";

describe("allowedTools against the openai package's types", () => {
  it("is a tool_choice", () => {
    expectTypeOf<ReturnType<typeof allowedTools>>().toExtend<ChatCompletionToolChoiceOption>();
    expectTypeOf<ReturnType<typeof allowedTools>>().toExtend<NonNullable<ChatCompletionCreateParams["tool_choice"]>>();
  });
});
