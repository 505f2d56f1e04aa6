import { filesToolset } from "@x/testing";
import { describe, expect, it } from "vitest";
import type { AnthropicMessage } from "./anthropic-types";
import { collectStream } from "./collect-stream";
import { toolCalls } from "./tool-calls";
import { tools } from "./tools";

const prepared = tools(filesToolset);
const use = (id: string, name: string, input: unknown) => ({ type: "tool_use", id, name, input });
const message = (content: AnthropicMessage["content"], stop_reason: AnthropicMessage["stop_reason"] = "tool_use") =>
  ({ type: "message", role: "assistant", content, stop_reason }) as AnthropicMessage;
const summary = (found: ReturnType<typeof toolCalls>) => ({
  calls: found.calls.map((call) => [call.callId, call.name, call.arguments]),
  rejected: found.rejected.map((r) => [r.callId, r.error.code, r.output.is_error]),
});

describe("toolCalls", () => {
  it("reads the tool_use blocks of a message, its content, or a transcript's last assistant message", () => {
    const content = [{ type: "text", text: "ok" }, use("toolu_1", "files__read_file", { path: "a.txt" })];
    const expected = { calls: [["toolu_1", "files__read_file", { path: "a.txt" }]], rejected: [] };
    expect(summary(toolCalls(message(content), prepared))).toEqual(expected);
    expect(summary(toolCalls(content, prepared))).toEqual(expected);
    const transcript = [
      { role: "user", content: "hi" },
      { role: "assistant", content: [use("toolu_0", "files__list_dir", {})] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_0" }] },
      { role: "assistant", content },
    ];
    expect(summary(toolCalls(transcript, prepared))).toEqual(expected);
  });

  it.each([
    ["a string", "a.txt"],
    ["an array", ["a.txt"]],
    ["null", null],
    ["a number", 1],
    ["JSON text of an object", '{"path":"a.txt"}'],
  ])("rejects an input that is %s, never running it", (_label, input) => {
    const found = toolCalls(message([use("toolu_1", "files__read_file", input)]), prepared);
    expect(summary(found)).toEqual({ calls: [], rejected: [["toolu_1", "arguments-not-object", true]] });
  });

  it("rejects unknown tools, shared ids, and calls cut off by max_tokens, in the model's order", () => {
    const found = toolCalls(
      message(
        [
          use("toolu_1", "files__nope", {}),
          use("toolu_2", "files__list_dir", {}),
          use("toolu_2", "files__list_dir", {}),
          use("toolu_3", "files__read_file", { path: "a" }),
          use("toolu_4", "files__read_file", { pa: "" }),
        ],
        "max_tokens",
      ),
      prepared,
    );
    expect(summary(found)).toEqual({
      calls: [["toolu_3", "files__read_file", { path: "a" }]],
      rejected: [
        ["toolu_1", "unknown-tool", true],
        ["toolu_2", "duplicate-call-id", true],
        ["toolu_4", "incomplete-call", true],
      ],
    });
    expect(found.rejected[0]!.output.content[0]).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^There is no tool named "files__nope"\. Available tools: /) as string,
    });
  });

  it("answers a streamed call cut off, and one whose streamed input is not JSON, never running them", async () => {
    const collected = await collectStream([
      { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", content: [] } },
      { type: "content_block_start", index: 0, content_block: use("toolu_1", "files__read_file", {}) },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"path": "a' } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: use("toolu_2", "files__read_file", {}) },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"path": "b"' } },
    ]);
    const found = toolCalls(collected, prepared);
    expect(summary(found)).toEqual({
      calls: [],
      rejected: [
        ["toolu_1", "arguments-not-json", true],
        ["toolu_2", "incomplete-call", true],
      ],
    });
  });

  it("offers only the tools sent: a tool left out under strict: true is unknown", () => {
    const strict = tools(filesToolset, { strict: true });
    expect(Object.keys(strict.plans)).not.toContain("files__search");
    expect(summary(toolCalls(message([use("toolu_1", "files__search", { q: "x" })]), strict)).rejected).toEqual([
      ["toolu_1", "unknown-tool", true],
    ]);
  });

  it("never throws on what the model sent", () => {
    const cyclic: { [key: string]: unknown } = {};
    cyclic.self = cyclic;
    for (const input of [cyclic, 10n, undefined, Symbol("s")]) {
      expect(() => toolCalls(message([use("toolu_1", "files__read_file", input)]), prepared)).not.toThrow();
    }
    expect(toolCalls({ content: "nope" } as never, prepared)).toEqual({ calls: [], rejected: [], searches: [] });
    expect(toolCalls(message([{ type: "tool_use", id: 1, name: "x", input: {} }]), prepared).rejected).toEqual([]);
  });
});
