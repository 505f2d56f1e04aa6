import { IMAGES, OUTCOMES } from "@x/testing";
import { ToolError } from "@x/toolset";
import { renderResult } from "@x/toolset/adapter";
import { describe, expect, it } from "vitest";
import { renderedOutput, toolOutput } from "./tool-output";

const call = { callId: "call_1", name: "files__read" };

// One line per outcome: what the model reads, and the media parts beside it.
const summary = (answer: ReturnType<typeof toolOutput>): string => {
  const { response, parts } = answer.functionResponse;
  const media = (parts ?? []).map((part) => ` + ${part.inlineData.mimeType}`).join("");
  return `${JSON.stringify(response)}${media}`;
};

describe("toolOutput", () => {
  it("answers with { output } or { error }, images and PDFs as media parts, other media as placeholders", () => {
    const answers = Object.fromEntries(
      OUTCOMES.map(({ label, outcome, options }) => [label, summary(toolOutput(call, outcome, options))]),
    );
    expect(answers).toMatchInlineSnapshot(`
      {
        "ToolError": "{"error":"Error: The tool did not answer within 30 s."}",
        "audio": "{"output":"[audio: audio/wav, 4 bytes]"}",
        "embedded PDF resource": "{"output":"The report:"} + application/pdf",
        "embedded blob resource": "{"output":"[resource: file:///data.bin, application/octet-stream, 4 bytes]"}",
        "embedded text resource": "{"output":"# Notes"}",
        "empty content": "{"output":""}",
        "image/gif": "{"output":"[image: image/gif, 43 bytes]"}",
        "image/jpeg": "{"output":""} + image/jpeg",
        "image/png": "{"output":"Chart:"} + image/png",
        "image/png that is not a PNG": "{"output":"[image: image/png, 6 bytes]"}",
        "image/svg+xml": "{"output":"[image: image/svg+xml, 6 bytes]"}",
        "image/webp": "{"output":""} + image/webp",
        "isError": "{"error":"Error: City not found"}",
        "isError with an image first": "{"error":"Error: "} + image/png",
        "isError with an image the Responses API does not read first": "{"error":"Error: [image: image/svg+xml, 6 bytes]\\nRender failed"}",
        "isError, custom prefix": "{"error":"Tool error: City not found"}",
        "resource link": "{"output":"[resource link: q3.pdf <file:///reports/q3.pdf> (application/pdf)]"}",
        "structured append": "{"output":"18°C\\n{\\"temperature\\":18,\\"unit\\":\\"celsius\\"}"}",
        "structured auto, empty content": "{"output":"{\\"temperature\\":18,\\"unit\\":\\"celsius\\"}"}",
        "structured auto, with content": "{"output":"18°C"}",
        "structured ignore, empty content": "{"output":""}",
        "structured prefer": "{"output":"{\\"temperature\\":18,\\"unit\\":\\"celsius\\"}"}",
        "text": "{"output":"18°C and sunny"}",
        "two text blocks": "{"output":"line one\\nline two"}",
      }
    `);
  });

  it('puts every medium in the text with media: "placeholder"', () => {
    const answers = OUTCOMES.map(({ outcome, options }) =>
      toolOutput(call, outcome, { ...options, media: "placeholder" }),
    );
    expect(answers.every((answer) => answer.functionResponse.parts === undefined)).toBe(true);
    const png = toolOutput(
      call,
      { content: [{ type: "image", mimeType: "image/png", data: IMAGES.png }] },
      {
        media: "placeholder",
      },
    );
    expect(png.functionResponse.response).toEqual({ output: "[image: image/png, 69 bytes]" });
  });

  it("carries the call's own id and the name it was declared under", () => {
    expect(toolOutput({ callId: "fc_9", name: "1password__get" }, { content: [] })).toEqual({
      functionResponse: { id: "fc_9", name: "_1password__get", response: { output: "" } },
    });
  });

  it("leaves the id out for a call the model sent without one", () => {
    const answer = toolOutput({ callId: "gemini-call-0a1b2c3d-0", name: "files__read" }, { content: [] });
    expect(answer.functionResponse).toEqual({ name: "files__read", response: { output: "" } });
  });

  it("answers a ToolError as an error", () => {
    const answer = renderedOutput(call, renderResult(new ToolError("timeout", "No answer within 30 s.")));
    expect(answer.functionResponse.response).toEqual({ error: "Error: No answer within 30 s." });
  });
});
