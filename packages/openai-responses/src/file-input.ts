// Which MCP resource blobs a `function_call_output` can carry as
// `input_file`: the file types OpenAI's file-inputs guide lists for the
// Responses API (PDF; Word, PowerPoint and Excel documents; plain text,
// Markdown, JSON, HTML, XML, CSV and TSV), as well-formed base64. A PDF or an
// Office document must also really start like one; anything else stays a
// text placeholder, because the API refuses the whole request over a file it
// cannot read.
import type { ResponsesInputFile } from "./responses-types";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  prefix.every((byte, i) => bytes[i] === byte);

// The first bytes each binary format starts with; text formats have none.
const PDF = ascii("%PDF-");
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // .docx, .pptx, .xlsx are zip archives
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .xls

/** Each file type the API takes: its extension (for a filename without one) and the bytes it starts with. */
const FILE_TYPES: ReadonlyMap<string, { readonly extension: string; readonly signature?: readonly number[] }> = new Map(
  [
    ["application/pdf", { extension: "pdf", signature: PDF }],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", { extension: "docx", signature: ZIP }],
    [
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      { extension: "pptx", signature: ZIP },
    ],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", { extension: "xlsx", signature: ZIP }],
    ["application/vnd.ms-excel", { extension: "xls", signature: OLE }],
    ["text/plain", { extension: "txt" }],
    ["text/markdown", { extension: "md" }],
    ["application/json", { extension: "json" }],
    ["text/html", { extension: "html" }],
    ["application/xml", { extension: "xml" }],
    ["text/xml", { extension: "xml" }],
    ["text/csv", { extension: "csv" }],
    ["text/tab-separated-values", { extension: "tsv" }],
  ],
);

/**
 * The `input_file` of an embedded resource's blob, or `undefined` when its
 * MIME type is not one the API takes as a file, the data is not base64, or a
 * binary format's bytes do not start like it. `file_data` is a `data:` URL of
 * the declared type; `filename` is the last segment of the resource URI
 * (percent-decoding undone, characters outside `[A-Za-z0-9._-]` as `_`), with
 * the type's extension added when it has none, or `file.<extension>`.
 *
 * @param mimeType - the resource's `mimeType`
 * @param data - its `blob` (base64)
 * @param uri - its `uri`
 * @returns the item, or `undefined` to keep the placeholder
 */
export function fileInput(mimeType: string, data: string, uri: string): ResponsesInputFile | undefined {
  const declared = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const type = FILE_TYPES.get(declared);
  if (type === undefined || data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) return undefined;
  if (type.signature !== undefined) {
    const head = Uint8Array.from(atob(data.slice(0, 16)), (c) => c.charCodeAt(0));
    if (!startsWith(head, type.signature)) return undefined;
  }
  return { type: "input_file", file_data: `data:${declared};base64,${data}`, filename: fileName(uri, type.extension) };
}

function fileName(uri: string, extension: string): string {
  const path = uri.replace(/[?#].*$/s, "");
  const last = path.slice(path.lastIndexOf("/") + 1);
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as it is.
  }
  const safe = decoded.replace(/[^A-Za-z0-9._-]/gu, "_").replace(/^\.+/, "");
  if (safe === "") return `file.${extension}`;
  return /\.[A-Za-z0-9]{1,8}$/.test(safe) ? safe : `${safe}.${extension}`;
}
