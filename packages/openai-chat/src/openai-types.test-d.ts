import type {
  ChatCompletion,
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type { Adapter } from "@x/toolset/adapter";
import { describe, expectTypeOf, it } from "vitest";
import type { ChatResponse } from "./chat-types";
import type { adapter, toolCalls, toolOutput, tools } from "./index";

type responseItems = (typeof adapter)["responseItems"];

// The local wire types against the official `openai` package, both ways:
// what the API returns goes in, what this package returns goes into a request.
describe("against the openai package's types", () => {
  it("tools are request tools", () => {
    expectTypeOf<ReturnType<typeof tools>["tools"]>().toExtend<ChatCompletionFunctionTool[]>();
    expectTypeOf<ReturnType<typeof tools>["tools"]>().toExtend<ChatCompletionTool[]>();
  });

  it("toolCalls takes a completion or its message", () => {
    expectTypeOf<ChatCompletion>().toExtend<Parameters<typeof toolCalls>[0]>();
    expectTypeOf<ChatCompletionMessage>().toExtend<Parameters<typeof toolCalls>[0]>();
    expectTypeOf<string>().not.toExtend<Parameters<typeof toolCalls>[0]>();
  });

  it("outputs are tool messages", () => {
    expectTypeOf<ReturnType<typeof toolOutput>>().toExtend<ChatCompletionToolMessageParam>();
    expectTypeOf<ReturnType<typeof toolOutput>>().toExtend<ChatCompletionMessageParam>();
    expectTypeOf<
      ReturnType<typeof toolCalls>["rejected"][number]["output"]
    >().toExtend<ChatCompletionToolMessageParam>();
  });

  it("responseItems takes a completion or its message and gives assistant message params", () => {
    expectTypeOf<ChatCompletion>().toExtend<Parameters<responseItems>[0]>();
    expectTypeOf<ChatCompletionMessage>().toExtend<Parameters<responseItems>[0]>();
    expectTypeOf<ReturnType<responseItems>>().toExtend<ChatCompletionAssistantMessageParam[]>();
    expectTypeOf<ReturnType<responseItems>>().toExtend<ChatCompletionMessageParam[]>();
  });

  it("the adapter is an Adapter for these types", () => {
    expectTypeOf<typeof adapter>().toExtend<
      Adapter<ChatCompletionTool, ChatResponse, ChatCompletionMessageParam, ChatCompletionMessageParam>
    >();
    expectTypeOf<(typeof adapter)["api"]>().toEqualTypeOf<"chat">();
  });
});
