// MCP results of every content type, for both adapters' output tables.
import { ToolError } from "@x/toolset";
import type { OutputOptions, ToolOutcome } from "@x/toolset";

/** Tiny real images (1×1 pixel), base64, one per format the Responses API reads. */
export const IMAGES = {
  png: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  // long-line: one base64 literal; `as const` with isolatedDeclarations needs it unsplit
  jpeg: "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=",
  gif: "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==",
  webp: "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
  /** `<svg/>`: an image type the Responses API does not read. */
  svg: "PHN2Zy8+",
} as const;

/** The start of a PDF (`%PDF-1.7`), base64: a file type the Responses API reads. */
export const PDF = "JVBERi0xLjcKJeLjz9M=";

/** One row of an output table: what the tool gave, and the options of `toolOutput`. */
export interface OutcomeCase {
  readonly label: string;
  readonly outcome: ToolOutcome;
  readonly options?: OutputOptions;
}

const structured = { temperature: 18, unit: "celsius" };

/** Every content type, error form and `structured` mode. */
export const OUTCOMES: readonly OutcomeCase[] = [
  { label: "text", outcome: { content: [{ type: "text", text: "18°C and sunny" }] } },
  {
    label: "two text blocks",
    outcome: {
      content: [
        { type: "text", text: "line one" },
        { type: "text", text: "line two" },
      ],
    },
  },
  { label: "empty content", outcome: { content: [] } },
  {
    label: "image/png",
    outcome: {
      content: [
        { type: "text", text: "Chart:" },
        { type: "image", mimeType: "image/png", data: IMAGES.png },
      ],
    },
  },
  { label: "image/jpeg", outcome: { content: [{ type: "image", mimeType: "image/jpeg", data: IMAGES.jpeg }] } },
  { label: "image/gif", outcome: { content: [{ type: "image", mimeType: "image/gif", data: IMAGES.gif }] } },
  { label: "image/webp", outcome: { content: [{ type: "image", mimeType: "image/webp", data: IMAGES.webp }] } },
  { label: "image/svg+xml", outcome: { content: [{ type: "image", mimeType: "image/svg+xml", data: IMAGES.svg }] } },
  {
    label: "image/png that is not a PNG",
    outcome: { content: [{ type: "image", mimeType: "image/png", data: IMAGES.svg }] },
  },
  { label: "audio", outcome: { content: [{ type: "audio", mimeType: "audio/wav", data: "UklGRg==" }] } },
  {
    label: "resource link",
    outcome: {
      content: [{ type: "resource_link", uri: "file:///reports/q3.pdf", name: "q3.pdf", mimeType: "application/pdf" }],
    },
  },
  {
    label: "embedded text resource",
    outcome: {
      content: [
        { type: "resource", resource: { uri: "file:///notes.md", mimeType: "text/markdown", text: "# Notes" } },
      ],
    },
  },
  {
    label: "embedded blob resource",
    outcome: {
      content: [
        {
          type: "resource",
          resource: { uri: "file:///data.bin", mimeType: "application/octet-stream", blob: "AAECAw==" },
        },
      ],
    },
  },
  {
    label: "embedded PDF resource",
    outcome: {
      content: [
        { type: "text", text: "The report:" },
        {
          type: "resource",
          resource: { uri: "file:///reports/q3%20report.pdf", mimeType: "application/pdf", blob: PDF },
        },
      ],
    },
  },
  { label: "isError", outcome: { content: [{ type: "text", text: "City not found" }], isError: true } },
  {
    label: "isError with an image first",
    outcome: { content: [{ type: "image", mimeType: "image/png", data: IMAGES.png }], isError: true },
  },
  {
    label: "isError with an image the Responses API does not read first",
    outcome: {
      content: [
        { type: "image", mimeType: "image/svg+xml", data: IMAGES.svg },
        { type: "text", text: "Render failed" },
      ],
      isError: true,
    },
  },
  {
    label: "isError, custom prefix",
    outcome: { content: [{ type: "text", text: "City not found" }], isError: true },
    options: { errorPrefix: "Tool error: " },
  },
  { label: "ToolError", outcome: new ToolError("timeout", "The tool did not answer within 30 s.") },
  { label: "structured auto, empty content", outcome: { content: [], structuredContent: structured } },
  {
    label: "structured auto, with content",
    outcome: { content: [{ type: "text", text: "18°C" }], structuredContent: structured },
  },
  {
    label: "structured prefer",
    outcome: { content: [{ type: "text", text: "18°C" }], structuredContent: structured },
    options: { structured: "prefer" },
  },
  {
    label: "structured append",
    outcome: { content: [{ type: "text", text: "18°C" }], structuredContent: structured },
    options: { structured: "append" },
  },
  {
    label: "structured ignore, empty content",
    outcome: { content: [], structuredContent: structured },
    options: { structured: "ignore" },
  },
];
