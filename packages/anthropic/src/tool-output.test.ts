import { IMAGES, OUTCOMES, PDF } from "@x/testing";
import { ToolError } from "@x/toolset";
import { describe, expect, it } from "vitest";
import { toolOutput } from "./tool-output";

const call = { callId: "toolu_1", name: "demo__tool" };

describe("toolOutput", () => {
  it.each(OUTCOMES)("$label", ({ outcome, options }) => {
    expect(toolOutput(call, outcome, options)).toMatchSnapshot();
  });

  it("marks every error with is_error and no prefix, unless one is asked for", () => {
    expect(toolOutput(call, new ToolError("timeout", "Too slow."))).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "text", text: "Too slow." }],
      is_error: true,
    });
    expect(
      toolOutput(call, { content: [{ type: "text", text: "no" }], isError: true }, { errorPrefix: "Error: " }),
    ).toMatchObject({ content: [{ type: "text", text: "Error: no" }], is_error: true });
    expect(toolOutput(call, { content: [] })).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: [] });
  });

  it.each([
    ["image/png", IMAGES.png, "image/png"],
    ["image/jpeg", IMAGES.jpeg, "image/jpeg"],
    ["image/jpg", IMAGES.jpeg, "image/jpeg"],
    ["image/gif", IMAGES.gif, "image/gif"],
    ["image/webp", IMAGES.webp, "image/webp"],
  ])("sends a %s whose bytes are one as an image block", (mimeType, data, mediaType) => {
    expect(toolOutput(call, { content: [{ type: "image", mimeType, data }] }).content).toEqual([
      { type: "image", source: { type: "base64", media_type: mediaType, data } },
    ]);
  });

  it.each([
    ["a PNG that is a GIF", "image/png", IMAGES.gif],
    ["an SVG", "image/svg+xml", IMAGES.svg],
    ["data that is not base64", "image/png", "not base64!"],
  ])("keeps the placeholder for %s", (_label, mimeType, data) => {
    const [block] = toolOutput(call, { content: [{ type: "image", mimeType, data }] }).content;
    expect(block).toMatchObject({ type: "text", text: expect.stringMatching(/^\[image: /) as string });
  });

  it("sends a PDF as a document, a UTF-8 text blob as a text document, other blobs as placeholders", () => {
    const resource = (mimeType: string, blob: string) => ({
      type: "resource" as const,
      resource: { uri: "file:///r", mimeType, blob },
    });
    expect(
      toolOutput(call, {
        content: [
          resource("application/pdf", PDF),
          resource("text/csv", Buffer.from("a,b\n1,2").toString("base64")),
          resource("application/pdf", IMAGES.png),
          resource("application/octet-stream", "AAECAw=="),
        ],
      }).content,
    ).toEqual([
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF }, title: "file:///r" },
      { type: "document", source: { type: "text", media_type: "text/plain", data: "a,b\n1,2" }, title: "file:///r" },
      { type: "text", text: "[resource: file:///r, application/pdf, 69 bytes]" },
      { type: "text", text: "[resource: file:///r, application/octet-stream, 4 bytes]" },
    ]);
  });
});
