// Our outputs assign to the official SDK's request types, and its replies and
// stream events to our inputs, both without a cast.
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expectTypeOf, it } from "vitest";
import type { AnthropicToolChoice } from "./allowed-tools";
import type {
  AnthropicMessageParam,
  AnthropicRequestTool,
  AnthropicResponse,
  AnthropicToolResultBlock,
} from "./anthropic-types";
import type { AnthropicCollectedMessage, AnthropicStreamEvent } from "./collect-stream";

describe("@x/anthropic and @anthropic-ai/sdk", () => {
  it("sends what the SDK's request types take", () => {
    expectTypeOf<AnthropicRequestTool[]>().toExtend<NonNullable<Anthropic.MessageCreateParams["tools"]>>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ToolResultBlockParam>();
    expectTypeOf<AnthropicMessageParam>().toExtend<Anthropic.MessageParam>();
    expectTypeOf<AnthropicMessageParam[]>().toExtend<Anthropic.MessageCreateParams["messages"]>();
    expectTypeOf<AnthropicToolChoice>().toExtend<Anthropic.ToolChoice>();
  });

  it("reads what the SDK returns", () => {
    expectTypeOf<Anthropic.Message>().toExtend<AnthropicResponse>();
    expectTypeOf<Anthropic.ContentBlock[]>().toExtend<AnthropicResponse>();
    expectTypeOf<Anthropic.MessageParam[]>().toExtend<AnthropicResponse>();
    expectTypeOf<Anthropic.RawMessageStreamEvent>().toExtend<AnthropicStreamEvent>();
    expectTypeOf<AnthropicCollectedMessage>().toExtend<AnthropicResponse>();
  });
});
