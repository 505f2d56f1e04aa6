import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { McpCallToolResult, McpContentBlock } from "./mcp-types";
import { renderResult } from "./render-result";
import type { RenderedPart } from "./render-result";
import { renderedText } from "./rendered-text";
import { toCallToolResult } from "./to-call-tool-result";
import { ToolError } from "./tool-error";
import type { OutputOptions, StructuredMode } from "./render-options";

const png = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" } as const;
const text = (value: string): RenderedPart => ({ type: "text", text: value });
const prefix = (value: string): RenderedPart => ({ type: "text", text: value, prefix: true });
const image = {
  type: "image",
  mimeType: "image/png",
  data: png.data,
  bytes: 8,
  placeholder: "[image: image/png, 8 bytes]",
} as const;

describe("renderResult: files", () => {
  const pdf = {
    type: "resource",
    resource: { uri: "file:///r.pdf", mimeType: "application/pdf", blob: "JVBERi0xLjc=" },
  } as const;
  const file: RenderedPart = {
    type: "file",
    mimeType: "application/pdf",
    data: "JVBERi0xLjc=",
    uri: "file:///r.pdf",
    bytes: 8,
    placeholder: "[resource: file:///r.pdf, application/pdf, 8 bytes]",
  };

  it("a file is not counted by maxOutputBytes and keeps its place, as an image does", () => {
    const content = [pdf, { type: "text", text: "abcdef" }] as const;
    expect(renderResult({ content: [...content] }, { maxOutputBytes: 6 })).toEqual({
      isError: false,
      parts: [file, text("abcdef")],
      truncatedBytes: 0,
    });
    expect(renderResult({ content: [...content] }, { maxOutputBytes: 2 }).parts).toEqual([file, text("ab")]);
  });

  it("the error prefix goes before a first file, and runs into its placeholder in one text", () => {
    const rendered = renderResult({ content: [pdf], isError: true });
    expect(rendered.parts).toEqual([prefix("Error: "), file]);
    expect(renderedText(rendered)).toBe("Error: [resource: file:///r.pdf, application/pdf, 8 bytes]");
  });
});

describe("renderResult: text resources", () => {
  const notes = { type: "resource", resource: { uri: "file:///notes.md", text: "abcdef" } } as const;

  it("a resource's text keeps its uri, and a text part without one has none", () => {
    const rendered = renderResult({ content: [notes, { type: "text", text: "gh" }] });
    expect(rendered.parts).toEqual([{ type: "text", text: "abcdef", uri: "file:///notes.md" }, text("gh")]);
    expect(renderedText(rendered)).toBe("abcdef\ngh");
  });

  it("a resource's text cut by maxOutputBytes keeps its uri, with the marker", () => {
    expect(renderResult({ content: [notes] }, { maxOutputBytes: 2 }).parts).toEqual([
      { type: "text", text: "ab", uri: "file:///notes.md" },
    ]);
    const long = { type: "resource", resource: { uri: "file:///long.md", text: "a".repeat(100) } } as const;
    expect(renderResult({ content: [long] }, { maxOutputBytes: 40 }).parts).toEqual([
      { type: "text", text: `${"a".repeat(8)}\n[… truncated: 92 more bytes]`, uri: "file:///long.md" },
    ]);
  });
});

describe("renderResult: content blocks", () => {
  it.each<[string, unknown, RenderedPart[]]>([
    ["text", { type: "text", text: "42" }, [text("42")]],
    ["an empty text", { type: "text", text: "" }, [text("")]],
    ["a PNG image", png, [image]],
    [
      "an image of any mime type",
      { type: "image", data: "QUJD", mimeType: "image/svg+xml" },
      [
        {
          type: "image",
          mimeType: "image/svg+xml",
          data: "QUJD",
          bytes: 3,
          placeholder: "[image: image/svg+xml, 3 bytes]",
        },
      ],
    ],
    [
      "an image of one byte",
      { type: "image", data: "QQ==", mimeType: "image/gif" },
      [{ type: "image", mimeType: "image/gif", data: "QQ==", bytes: 1, placeholder: "[image: image/gif, 1 byte]" }],
    ],
    ["audio", { type: "audio", data: "QUJDRA==", mimeType: "audio/wav" }, [text("[audio: audio/wav, 4 bytes]")]],
    [
      "audio with bad base64",
      { type: "audio", data: "!!!!", mimeType: "audio/wav" },
      [text("[audio: audio/wav, 0 bytes]")],
    ],
    [
      "a resource link with a mime type",
      { type: "resource_link", uri: "file:///r.md", name: "readme", mimeType: "text/markdown" },
      [text("[resource link: readme <file:///r.md> (text/markdown)]")],
    ],
    [
      "a resource link without one",
      { type: "resource_link", uri: "https://x.y/z", name: "z" },
      [text("[resource link: z <https://x.y/z>]")],
    ],
    [
      "an embedded text resource",
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "hello" } },
      [{ type: "text", text: "hello", uri: "file:///a.txt" }],
    ],
    [
      "an embedded blob resource",
      { type: "resource", resource: { uri: "file:///a.bin", mimeType: "application/octet-stream", blob: "QUJDREVG" } },
      [
        {
          type: "file",
          mimeType: "application/octet-stream",
          data: "QUJDREVG",
          uri: "file:///a.bin",
          bytes: 6,
          placeholder: "[resource: file:///a.bin, application/octet-stream, 6 bytes]",
        },
      ],
    ],
    [
      "an embedded blob resource without mime type",
      { type: "resource", resource: { uri: "file:///a", blob: "QQ==" } },
      [text("[resource: file:///a, 1 byte]")],
    ],
    ["an unknown block type", { type: "video", url: "https://x" }, [text("[unsupported content: video]")]],
  ])("%s", (_what, block, parts) => {
    expect(renderResult({ content: [block] } as McpCallToolResult)).toEqual({
      isError: false,
      parts,
      truncatedBytes: 0,
    });
  });

  it("keeps the order of blocks", () => {
    const rendered = renderResult({ content: [{ type: "text", text: "a" }, png, { type: "text", text: "b" }] });
    expect(rendered.parts).toEqual([text("a"), image, text("b")]);
    expect(renderedText(rendered)).toBe("a\n[image: image/png, 8 bytes]\nb");
  });

  it("renders an empty result as no parts", () => {
    expect(renderResult({ content: [] })).toEqual({ isError: false, parts: [], truncatedBytes: 0 });
    expect(renderedText(renderResult({ content: [] }))).toBe("");
  });
});

describe("renderResult: structuredContent", () => {
  const structuredContent = { temperature: 21.5, unit: "C" };
  const json = '{"temperature":21.5,"unit":"C"}';
  it.each<[StructuredMode | undefined, boolean, string[]]>([
    [undefined, true, ["21.5 C"]],
    [undefined, false, [json]],
    ["auto", true, ["21.5 C"]],
    ["auto", false, [json]],
    ["prefer", true, [json]],
    ["prefer", false, [json]],
    ["append", true, ["21.5 C", json]],
    ["append", false, [json]],
    ["ignore", true, ["21.5 C"]],
    ["ignore", false, []],
  ])("%s with content %s", (structured, withContent, texts) => {
    const content = withContent ? [{ type: "text" as const, text: "21.5 C" }] : [];
    const options: OutputOptions = structured === undefined ? {} : { structured };
    expect(renderResult({ content, structuredContent }, options).parts).toEqual(texts.map(text));
  });

  it.each<StructuredMode>(["auto", "prefer", "append", "ignore"])(
    "%s without structuredContent renders the content",
    (structured) => {
      expect(renderResult({ content: [{ type: "text", text: "x" }] }, { structured }).parts).toEqual([text("x")]);
    },
  );

  it("says so when structuredContent cannot be JSON", () => {
    const cyclic: { [key: string]: unknown } = {};
    cyclic["self"] = cyclic;
    const [part] = renderResult({ content: [], structuredContent: cyclic }).parts;
    expect(part).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^\[structured content that is not JSON: /) as string,
    });
  });

  it("refuses an unknown mode: a caller's mistake", () => {
    expect(() => renderResult({ content: [] }, { structured: "always" as StructuredMode })).toThrow(
      expect.objectContaining({ code: "invalid-options", fault: "caller" }),
    );
  });
});

describe("renderResult: errors", () => {
  it.each<[string, McpCallToolResult, OutputOptions, RenderedPart[]]>([
    [
      "isError with text",
      { content: [{ type: "text", text: "not found" }], isError: true },
      {},
      [text("Error: not found")],
    ],
    [
      "isError with an image first",
      { content: [png, { type: "text", text: "x" }], isError: true },
      {},
      [prefix("Error: "), image, text("x")],
    ],
    [
      "isError with an image first, a custom prefix",
      { content: [png], isError: true },
      { errorPrefix: "Failed -" },
      [prefix("Failed -"), image],
    ],
    ["isError with no content", { content: [], isError: true }, {}, [prefix("Error: ")]],
    [
      "isError with audio first (text placeholder)",
      { content: [{ type: "audio", data: "", mimeType: "audio/wav" }], isError: true },
      {},
      [text("Error: [audio: audio/wav, 0 bytes]")],
    ],
    [
      "isError and structuredContent only",
      { content: [], structuredContent: { code: 4 }, isError: true },
      {},
      [text('Error: {"code":4}')],
    ],
    [
      "a custom prefix",
      { content: [{ type: "text", text: "no" }], isError: true },
      { errorPrefix: "Tool error - " },
      [text("Tool error - no")],
    ],
    ["an empty prefix", { content: [png], isError: true }, { errorPrefix: "" }, [image]],
    ["isError false", { content: [{ type: "text", text: "ok" }], isError: false }, {}, [text("ok")]],
  ])("%s", (_what, result, options, parts) => {
    expect(renderResult(result, options)).toEqual({ isError: result.isError === true, parts, truncatedBytes: 0 });
  });

  it("renders a ToolError as the prefix and its message", () => {
    const error = new ToolError("timeout", "The tool did not answer within 30 s.");
    expect(renderResult(error)).toEqual({
      isError: true,
      parts: [text("Error: The tool did not answer within 30 s.")],
      truncatedBytes: 0,
    });
    expect(renderResult(error, { errorPrefix: "E! " }).parts).toEqual([
      text("E! The tool did not answer within 30 s."),
    ]);
  });

  it("renders any other Error the same way", () => {
    expect(renderResult(new TypeError("socket closed") as unknown as ToolError)).toEqual({
      isError: true,
      parts: [text("Error: socket closed")],
      truncatedBytes: 0,
    });
  });

  it("renders a malformed result as the malformed-result error", () => {
    expect(renderResult({ content: "oops" } as unknown as McpCallToolResult)).toEqual({
      isError: true,
      parts: [text("Error: The tool's result is malformed: its content is a string, not a list.")],
      truncatedBytes: 0,
    });
  });
});

describe("renderResult: a result changed after toCallToolResult checked it", () => {
  it("is checked again: it never throws, and renders the malformed-result error", () => {
    const checked = toCallToolResult({ content: [{ type: "text", text: "hi" }] }) as McpCallToolResult;
    checked.content = "oops" as unknown as McpContentBlock[];
    expect(renderResult(checked)).toEqual({
      isError: true,
      parts: [text("Error: The tool's result is malformed: its content is a string, not a list.")],
      truncatedBytes: 0,
    });
    const link = toCallToolResult({
      content: [{ type: "resource_link", uri: "file:///a", name: "a" }],
    }) as McpCallToolResult;
    (link.content[0] as { name: unknown }).name = Symbol("not text");
    expect(renderResult(link)).toEqual({
      isError: true,
      parts: [text("Error: The tool's result is malformed: content[0] (resource_link) has no string name.")],
      truncatedBytes: 0,
    });
  });
});

describe("renderedText", () => {
  it("joins text parts and image placeholders with newlines", () => {
    expect(renderedText({ parts: [text("a"), image, text("")] })).toBe("a\n[image: image/png, 8 bytes]\n");
  });
  it.each<[string, McpCallToolResult, OutputOptions, string]>([
    [
      "an image first",
      { content: [png, { type: "text", text: "x" }], isError: true },
      {},
      "Error: [image: image/png, 8 bytes]\nx",
    ],
    [
      "a custom prefix",
      { content: [png], isError: true },
      { errorPrefix: "Failed: " },
      "Failed: [image: image/png, 8 bytes]",
    ],
    [
      "a text first",
      { content: [{ type: "text", text: "no" }, png], isError: true },
      {},
      "Error: no\n[image: image/png, 8 bytes]",
    ],
    ["no content", { content: [], isError: true }, {}, "Error: "],
  ])("runs the error prefix into the first part's text: %s", (_what, result, options, expected) => {
    expect(renderedText(renderResult(result, options))).toBe(expected);
  });
  it("is empty for no parts", () => {
    expect(renderedText({ parts: [] })).toBe("");
  });
});

describe("renderResult on anything", () => {
  it("never throws: a well-formed result renders, anything else renders as an error", () => {
    const block = fc.oneof(
      fc.record({ type: fc.constant("text"), text: fc.string() }),
      fc.record({ type: fc.constantFrom("image", "audio"), data: fc.string(), mimeType: fc.string() }),
      fc.record({ type: fc.constantFrom("resource_link", "video"), uri: fc.string(), name: fc.string() }),
      fc.record({ type: fc.constant("resource"), resource: fc.record({ uri: fc.string(), blob: fc.string() }) }),
      fc.anything(),
    );
    const outcome = fc.oneof(
      fc.record(
        {
          content: fc.array(block, { maxLength: 4 }),
          isError: fc.boolean(),
          structuredContent: fc.dictionary(fc.string(), fc.jsonValue()),
        },
        { requiredKeys: ["content"] },
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        outcome,
        fc.constantFrom<StructuredMode>("auto", "prefer", "append", "ignore"),
        (value, structured) => {
          const rendered = renderResult(value as McpCallToolResult, { structured });
          expect(typeof renderedText(rendered)).toBe("string");
          if (rendered.isError) expect(renderedText(rendered).startsWith("Error: ")).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
