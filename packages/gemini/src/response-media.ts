// Which MCP images and blobs a function response can carry as media parts
// (multimodal function responses,
// https://ai.google.dev/gemini-api/docs/function-calling#multimodal: PNG, JPEG
// and WebP images, PDF documents), as well-formed base64 whose first bytes
// really are that format. Anything else would make the API refuse the whole
// next request, so it stays a text placeholder instead.
import type { GeminiFunctionResponseMedia } from "./gemini-types";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((byte, i) => bytes[at + i] === byte);

// Each format: the MIME types a tool may declare it under, and how its bytes begin.
const FORMATS: readonly {
  readonly mimeType: string;
  readonly declared: readonly string[];
  readonly matches: (head: Uint8Array) => boolean;
}[] = [
  { mimeType: "image/png", declared: ["image/png"], matches: (b) => startsWith(b, [0x89, ...ascii("PNG\r\n\x1a\n")]) },
  { mimeType: "image/jpeg", declared: ["image/jpeg", "image/jpg"], matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    mimeType: "image/webp",
    declared: ["image/webp"],
    matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  },
  { mimeType: "application/pdf", declared: ["application/pdf"], matches: (b) => startsWith(b, ascii("%PDF-")) },
];

/**
 * The media part of a function response for base64 `data` declared as
 * `mimeType`, or `undefined` when the type is none the API takes there, the
 * data is not base64, or its bytes are not the declared format. The part
 * names the format by its standard type (`image/jpg` is `image/jpeg`).
 *
 * @param mimeType - the MIME type the tool declared
 * @param data - the base64 data, as the tool sent it
 * @returns the part, or `undefined` for a placeholder instead
 * @example
 * ```ts
 * responseMedia("image/png", "iVBORw0KGgo…"); // { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo…" } }
 * responseMedia("image/svg+xml", "PHN2Zy8+"); // undefined
 * ```
 */
export function responseMedia(mimeType: string, data: string): GeminiFunctionResponseMedia | undefined {
  const declared = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const format = FORMATS.find((candidate) => candidate.declared.includes(declared));
  if (format === undefined || data.length % 4 !== 0 || !BASE64.test(data)) return undefined;
  const head = Uint8Array.from(atob(data.slice(0, 16)), (c) => c.charCodeAt(0));
  return format.matches(head) ? { inlineData: { mimeType: format.mimeType, data } } : undefined;
}
