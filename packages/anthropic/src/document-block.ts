// Which MCP resources a `tool_result` carries as a `document` block: a PDF
// blob (`Base64PDFSource`) whose bytes start like a PDF, and text
// (`PlainTextSource`: a blob of a `text/*` type, or JSON, that is UTF-8): the document sources a tool result takes
// (`ToolResultBlockParam.content` of the SDK; see
// https://platform.claude.com/docs/en/build-with-claude/pdf-support). Other
// blobs stay text placeholders: the API refuses a request over a document it
// cannot read.
import type { AnthropicDocumentBlockParam } from "./anthropic-types";
import { leadingBytes } from "./image-block";

const PDF = Array.from("%PDF-", (c) => c.charCodeAt(0));

/**
 * The `document` block of an embedded resource's blob, or `undefined` when it
 * is not a PDF (by its declared type and its first bytes) or not base64.
 *
 * @param mimeType - the resource's `mimeType`
 * @param data - its base64 `blob`
 * @param uri - its `uri`, the document's title
 * @returns the block, or `undefined` to keep the placeholder
 */
export function pdfDocument(mimeType: string, data: string, uri: string): AnthropicDocumentBlockParam | undefined {
  const declared = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const head = declared === "application/pdf" ? leadingBytes(data) : undefined;
  if (head === undefined || !PDF.every((byte, i) => head[i] === byte)) return undefined;
  return { type: "document", source: { type: "base64", media_type: "application/pdf", data }, title: uri };
}

/**
 * The `document` block of a text resource.
 *
 * @param text - the resource's `text`
 * @param uri - its `uri`, the document's title
 * @returns the block
 */
export function textDocument(text: string, uri: string): AnthropicDocumentBlockParam {
  return { type: "document", source: { type: "text", media_type: "text/plain", data: text }, title: uri };
}

/**
 * The `document` block of a text blob (`text/*`, `application/json`,
 * `application/xml`), or `undefined` when the type is another or the bytes
 * are not base64 UTF-8.
 *
 * @param mimeType - the resource's `mimeType`
 * @param data - its base64 `blob`
 * @param uri - its `uri`, the document's title
 * @returns the block, or `undefined` to keep the placeholder
 */
export function textBlobDocument(mimeType: string, data: string, uri: string): AnthropicDocumentBlockParam | undefined {
  const declared = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const textual = declared.startsWith("text/") || declared === "application/json" || declared === "application/xml";
  if (!textual || leadingBytes(data) === undefined) return undefined;
  try {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    return textDocument(new TextDecoder("utf-8", { fatal: true }).decode(bytes), uri);
  } catch {
    return undefined;
  }
}
