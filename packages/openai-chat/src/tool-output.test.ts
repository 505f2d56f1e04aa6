import { describe, expect, it } from "vitest";
import { OUTCOMES } from "@x/testing";
import { toolOutput } from "./tool-output";

describe("toolOutput", () => {
  it("answers with text only: media as placeholders, errors prefixed, structured content per mode", () => {
    const outputs = Object.fromEntries(
      OUTCOMES.map(({ label, outcome, options }) => [
        label,
        toolOutput({ callId: "call_1", name: "t" }, outcome, options),
      ]),
    );
    expect(outputs).toMatchInlineSnapshot(`
      {
        "ToolError": {
          "content": "Error: The tool did not answer within 30 s.",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "audio": {
          "content": "[audio: audio/wav, 4 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "embedded PDF resource": {
          "content": "The report:
      [resource: file:///reports/q3%20report.pdf, application/pdf, 14 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "embedded blob resource": {
          "content": "[resource: file:///data.bin, application/octet-stream, 4 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "embedded text resource": {
          "content": "# Notes",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "empty content": {
          "content": "",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "image/gif": {
          "content": "[image: image/gif, 43 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "image/jpeg": {
          "content": "[image: image/jpeg, 125 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "image/png": {
          "content": "Chart:
      [image: image/png, 69 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "image/png that is not a PNG": {
          "content": "[image: image/png, 6 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "image/svg+xml": {
          "content": "[image: image/svg+xml, 6 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "image/webp": {
          "content": "[image: image/webp, 34 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "isError": {
          "content": "Error: City not found",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "isError with an image first": {
          "content": "Error: [image: image/png, 69 bytes]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "isError with an image the Responses API does not read first": {
          "content": "Error: [image: image/svg+xml, 6 bytes]
      Render failed",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "isError, custom prefix": {
          "content": "Tool error: City not found",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "resource link": {
          "content": "[resource link: q3.pdf <file:///reports/q3.pdf> (application/pdf)]",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "structured append": {
          "content": "18°C
      {"temperature":18,"unit":"celsius"}",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "structured auto, empty content": {
          "content": "{"temperature":18,"unit":"celsius"}",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "structured auto, with content": {
          "content": "18°C",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "structured ignore, empty content": {
          "content": "",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "structured prefer": {
          "content": "{"temperature":18,"unit":"celsius"}",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "text": {
          "content": "18°C and sunny",
          "role": "tool",
          "tool_call_id": "call_1",
        },
        "two text blocks": {
          "content": "line one
      line two",
          "role": "tool",
          "tool_call_id": "call_1",
        },
      }
    `);
  });

  it.each(OUTCOMES)("$label: a tool message for the call, with string content", ({ outcome, options }) => {
    const output = toolOutput({ callId: "call_42", name: "t" }, outcome, options);
    expect(output).toEqual({ role: "tool", tool_call_id: "call_42", content: expect.any(String) as unknown });
    expect(Object.keys(output)).toEqual(["role", "tool_call_id", "content"]);
  });
});
