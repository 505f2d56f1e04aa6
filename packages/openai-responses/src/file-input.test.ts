import { describe, expect, it } from "vitest";
import { fileInput } from "./file-input";

const base64 = (text: string): string => btoa(text);
const PDF = base64("%PDF-1.7\n%âãÏÓ\n1 0 obj");
const ZIP = btoa(String.fromCharCode(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00));

describe("fileInput", () => {
  it("takes a PDF as a data URL, named after the resource URI", () => {
    expect(fileInput("application/pdf", PDF, "file:///reports/q3%20report.pdf")).toEqual({
      type: "input_file",
      file_data: `data:application/pdf;base64,${PDF}`,
      filename: "q3_report.pdf",
    });
  });

  it.each([
    ["resource://docs/123", "application/pdf", PDF, "123.pdf"],
    ["resource://docs/", "application/pdf", PDF, "file.pdf"],
    [
      "https://x.test/a/b.docx?version=2#top",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ZIP,
      "b.docx",
    ],
    ["mem://notes", "text/markdown; charset=utf-8", base64("# Notes"), "notes.md"],
    ["mem://%E0%A4%A", "text/csv", base64("a,b"), "_E0_A4_A.csv"],
    ["mem://..hidden", "text/plain", base64("x"), "hidden.txt"],
  ])("%s (%s) is named %s", (uri, mimeType, data, filename) => {
    expect(fileInput(mimeType, data, uri)?.filename).toBe(filename);
  });

  it.each([
    ["a type the API does not take as a file", "application/zip", ZIP],
    ["audio", "audio/wav", base64("RIFF....WAVE")],
    ["a PDF whose bytes are not a PDF", "application/pdf", base64("<html>")],
    [
      "a .docx whose bytes are not a zip",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      PDF,
    ],
    ["data that is not base64", "application/pdf", "%PDF-1.7"],
    ["empty data", "text/plain", ""],
  ])("keeps the placeholder for %s", (_, mimeType, data) => {
    expect(fileInput(mimeType, data, "file:///a")).toBeUndefined();
  });
});
