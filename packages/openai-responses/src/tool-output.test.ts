import { describe, expect, it } from "vitest";
import { OUTCOMES } from "@x/testing";
import { toolOutput } from "./tool-output";

describe("toolOutput", () => {
  it(
    "answers with a string, or input_text, input_image and input_file items when there is an image or a file the " +
      "API reads",
    () => {
      const outputs = Object.fromEntries(
        OUTCOMES.map(({ label, outcome, options }) => [
          label,
          toolOutput({ callId: "call_1", name: "t" }, outcome, options).output,
        ]),
      );
      expect(outputs).toMatchInlineSnapshot(`
      {
        "ToolError": "Error: The tool did not answer within 30 s.",
        "audio": "[audio: audio/wav, 4 bytes]",
        "embedded PDF resource": [
          {
            "text": "The report:",
            "type": "input_text",
          },
          {
            "file_data": "data:application/pdf;base64,JVBERi0xLjcKJeLjz9M=",
            "filename": "q3_report.pdf",
            "type": "input_file",
          },
        ],
        "embedded blob resource": "[resource: file:///data.bin, application/octet-stream, 4 bytes]",
        "embedded text resource": "# Notes",
        "empty content": "",
        "image/gif": [
          {
            "detail": "auto",
            "image_url": "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==",
            "type": "input_image",
          },
        ],
        "image/jpeg": [
          {
            "detail": "auto",
            "image_url": "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=",
            "type": "input_image",
          },
        ],
        "image/png": [
          {
            "text": "Chart:",
            "type": "input_text",
          },
          {
            "detail": "auto",
            "image_url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
            "type": "input_image",
          },
        ],
        "image/png that is not a PNG": "[image: image/png, 6 bytes]",
        "image/svg+xml": "[image: image/svg+xml, 6 bytes]",
        "image/webp": [
          {
            "detail": "auto",
            "image_url": "data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
            "type": "input_image",
          },
        ],
        "isError": "Error: City not found",
        "isError with an image first": [
          {
            "text": "Error: ",
            "type": "input_text",
          },
          {
            "detail": "auto",
            "image_url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
            "type": "input_image",
          },
        ],
        "isError with an image the Responses API does not read first": "Error: [image: image/svg+xml, 6 bytes]
      Render failed",
        "isError, custom prefix": "Tool error: City not found",
        "resource link": "[resource link: q3.pdf <file:///reports/q3.pdf> (application/pdf)]",
        "structured append": "18°C
      {"temperature":18,"unit":"celsius"}",
        "structured auto, empty content": "{"temperature":18,"unit":"celsius"}",
        "structured auto, with content": "18°C",
        "structured ignore, empty content": "",
        "structured prefer": "{"temperature":18,"unit":"celsius"}",
        "text": "18°C and sunny",
        "two text blocks": "line one
      line two",
      }
    `);
    },
  );

  it.each(OUTCOMES)("$label: a function_call_output for the call", ({ outcome, options }) => {
    const output = toolOutput({ callId: "call_42", name: "t" }, outcome, options);
    expect(Object.keys(output)).toEqual(["type", "call_id", "output"]);
    expect(output).toMatchObject({ type: "function_call_output", call_id: "call_42" });
  });
});
