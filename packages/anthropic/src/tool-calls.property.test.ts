// Whatever a reply holds, toolCalls never throws, and every tool_use id of
// the reply is answered exactly once: by a call to run or by a rejection.
// The turn built from them is one the stand-in takes.
import { filesToolset, refuseMessagesRequest } from "@x/testing";
import type { Json } from "@x/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { responseItems } from "./response-items";
import { toolCalls } from "./tool-calls";
import { toolOutput } from "./tool-output";
import { tools } from "./tools";
import { turnItems } from "./turn-items";

const prepared = tools(filesToolset);
const names = fc.constantFrom("files__read_file", "files__list_dir", "files__search", "files__nope", "");
const toolUse = fc.record({
  type: fc.constant("tool_use"),
  id: fc.constantFrom("toolu_a", "toolu_b", "toolu_c", "toolu_d"),
  name: names,
  input: fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom("path", "q", "encoding"), fc.jsonValue())),
});
const text = fc.record({ type: fc.constant("text"), text: fc.string() });
const reply = fc.record({
  content: fc.array(fc.oneof(toolUse, text, fc.jsonValue()), { maxLength: 8 }),
  stop_reason: fc.constantFrom("tool_use", "max_tokens", "end_turn", null),
});

describe("toolCalls on any reply", () => {
  it("answers each tool_use id once, and the next request is one the API takes", () => {
    fc.assert(
      fc.property(reply, (message) => {
        const found = toolCalls(message as never, prepared);
        const ids = message.content.flatMap((block) =>
          typeof block === "object" && block !== null && !Array.isArray(block) && block.type === "tool_use"
            ? [block.id as string]
            : [],
        );
        const answers = [
          ...found.calls.map((call) => ({ index: call.index, output: toolOutput(call, { content: [] }) })),
          ...found.rejected,
        ];
        expect(answers.map((answer) => answer.output.tool_use_id).sort()).toEqual([...new Set(ids)].sort());
        const outputs = answers.sort((a, b) => a.index - b.index).map((answer) => answer.output);
        const messages = [{ role: "user", content: "hi" }, ...responseItems(message as never), ...turnItems(outputs)];
        if (messages.length > 1 && messages.at(-1)?.role === "assistant")
          messages.push({ role: "user", content: "go on" });
        expect(refuseMessagesRequest({ model: "m", max_tokens: 1, messages } as unknown as Json)).toBeUndefined();
      }),
    );
  });
});
