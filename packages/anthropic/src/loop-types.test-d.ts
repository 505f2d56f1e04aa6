// runToolLoop with this adapter and the official client: the transcript the
// model function gets is messages the client takes, with no cast.
import type Anthropic from "@anthropic-ai/sdk";
import { runToolLoop } from "@x/executor";
import type { Toolset } from "@x/toolset";
import { describe, expectTypeOf, it } from "vitest";
import { adapter } from "./adapter";
import { collectStream } from "./collect-stream";

declare const toolset: Toolset;
declare const anthropic: Anthropic;

describe("runToolLoop with the Anthropic adapter and @anthropic-ai/sdk", () => {
  it("types the transcript as MessageParams from a plain-string input", async () => {
    const result = await runToolLoop({
      model: (messages, tools) =>
        anthropic.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1, messages, tools }),
      adapter,
      servers: { toolset, clients: {} },
      input: "Hi",
      tools: { priority: ["files__write_file"], deferLoading: true, toolSearch: "regex" },
    });
    expectTypeOf(result.input).toExtend<Anthropic.MessageParam[]>();
    expectTypeOf(result.response).toExtend<Anthropic.Message | undefined>();
    await anthropic.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1, messages: result.input });
  });

  it("and from the SDK's own messages, streamed through collectStream", async () => {
    const input: Anthropic.MessageParam[] = [{ role: "user", content: "Hi" }];
    const result = await runToolLoop({
      model: async (messages, tools, { signal, onDelta }) =>
        collectStream(
          await anthropic.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1, messages, tools, stream: true }),
          { signal, onDelta },
        ),
      adapter,
      servers: { toolset, clients: {} },
      input,
    });
    expectTypeOf(result.input).toExtend<Anthropic.MessageParam[]>();
  });
});
