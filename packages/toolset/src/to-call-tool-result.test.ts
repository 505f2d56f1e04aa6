import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { toCallToolResult } from "./to-call-tool-result";
import { ToolError } from "./tool-error";

const text = { type: "text", text: "hi" };

describe("toCallToolResult", () => {
  it.each<[string, unknown, unknown]>([
    ["a text result", { content: [text] }, { content: [text] }],
    ["an error result", { content: [text], isError: true }, { content: [text], isError: true }],
    ["structured content", { content: [], structuredContent: { a: 1 } }, { content: [], structuredContent: { a: 1 } }],
    [
      "no content (read as [], like the MCP SDK)",
      { structuredContent: { a: 1 } },
      { content: [], structuredContent: { a: 1 } },
    ],
    ["an empty object", {}, { content: [] }],
    ["extra fields such as _meta", { content: [], _meta: { t: 1 } }, { content: [], _meta: { t: 1 } }],
    [
      "every known block type",
      {
        content: [
          text,
          { type: "image", data: "QQ==", mimeType: "image/png" },
          { type: "audio", data: "QQ==", mimeType: "audio/wav" },
          { type: "resource_link", uri: "file:///a", name: "a" },
          { type: "resource", resource: { uri: "file:///a", text: "x" } },
          { type: "resource", resource: { uri: "file:///b", blob: "QQ==" } },
        ],
      },
      undefined,
    ],
    [
      "a block type it does not know",
      { content: [{ type: "video", url: "x" }] },
      { content: [{ type: "video", url: "x" }] },
    ],
    ["a null-prototype result", Object.assign(Object.create(null) as object, { content: [text] }), { content: [text] }],
    ["a legacy toolResult", { toolResult: { rows: 2 } }, { content: [{ type: "text", text: '{"rows":2}' }] }],
    ["a legacy string toolResult (as JSON)", { toolResult: "done" }, { content: [{ type: "text", text: '"done"' }] }],
    ["a legacy undefined toolResult", { toolResult: undefined }, { content: [{ type: "text", text: "null" }] }],
  ])("accepts %s", (_what, value, expected) => {
    const outcome = toCallToolResult(value);
    expect(outcome).not.toBeInstanceOf(ToolError);
    expect(outcome).toEqual(expected ?? value);
  });

  it("returns a new object and a new content array, leaving the input alone", () => {
    const value = { content: [text] };
    const outcome = toCallToolResult(value) as { content: unknown[] };
    expect(outcome).not.toBe(value);
    expect(outcome.content).not.toBe(value.content);
    outcome.content.push(text);
    expect(value.content).toHaveLength(1);
  });

  it("passes a ToolError through", () => {
    const error = new ToolError("timeout", "slow");
    expect(toCallToolResult(error)).toBe(error);
  });

  it.each<[string, unknown, string]>([
    ["undefined", undefined, "the tool returned undefined instead of a result object"],
    ["null", null, "the tool returned null instead of a result object"],
    ["a string", "ok", "the tool returned a string instead of a result object"],
    ["an array", [text], "the tool returned an array instead of a result object"],
    ["an Error", new Error("boom"), "the tool returned an error (boom) instead of a result object"],
    ["a class instance", new Map(), "the tool returned an object instead of a result object"],
    ["content that is not a list", { content: "hi" }, "its content is a string, not a list"],
    ["a block that is not an object", { content: [text, "hi"] }, "content[1] is a string, not a content object"],
    ["a block without a type", { content: [{ text: "hi" }] }, "content[0] has no string type"],
    ["a text block without text", { content: [{ type: "text", text: 1 }] }, "content[0] (text) has no string text"],
    [
      "an image without data",
      { content: [{ type: "image", mimeType: "image/png" }] },
      "content[0] (image) has no string data",
    ],
    [
      "audio without data or mime type",
      { content: [{ type: "audio" }] },
      "content[0] (audio) has no string data or mimeType",
    ],
    [
      "a resource link without a name",
      { content: [{ type: "resource_link", uri: "u" }] },
      "content[0] (resource_link) has no string name",
    ],
    [
      "a resource without a resource",
      { content: [{ type: "resource" }] },
      "content[0] (resource) has no resource object",
    ],
    [
      "a resource without a uri",
      { content: [{ type: "resource", resource: { text: "x" } }] },
      "content[0] (resource) has no string resource.uri",
    ],
    [
      "a resource with neither text nor blob",
      { content: [{ type: "resource", resource: { uri: "u" } }] },
      "content[0] (resource) has neither a string resource.text nor a string resource.blob",
    ],
    [
      "structuredContent that is not an object",
      { content: [], structuredContent: [1] },
      "its structuredContent is an array, not an object",
    ],
    ["isError that is not a boolean", { content: [], isError: "yes" }, "its isError is a string, not true or false"],
    ["a legacy toolResult that is not JSON", { toolResult: 1n }, "its toolResult is not JSON"],
  ])("rejects %s as malformed-result", (_what, value, message) => {
    const outcome = toCallToolResult(value);
    expect(outcome).toBeInstanceOf(ToolError);
    expect(outcome).toMatchObject({ code: "malformed-result", fault: "tool" });
    expect((outcome as ToolError).message).toContain(`The tool's result is malformed: ${message}`);
  });
});

describe("toCallToolResult: a result made in another realm", () => {
  it("reads it as the same result (an iframe's or a vm context's plain object)", () => {
    const foreign = runInNewContext('({ content: [{ type: "text", text: "hi" }] })') as unknown;
    expect(Object.getPrototypeOf(foreign)).not.toBe(Object.prototype);
    expect(toCallToolResult(foreign)).toEqual({ content: [text] });
  });
});
