// Which MCP images a `tool_result` carries as an `image` block: the four
// formats a base64 image source takes (JPEG, PNG, GIF, WebP:
// `Base64ImageSource.media_type` of the SDK, and
// https://platform.claude.com/docs/en/build-with-claude/vision), as
// well-formed base64 whose first bytes really are the declared format. The
// API refuses the whole request over an image it cannot decode, so anything
// else stays a text placeholder.
import type { AnthropicImageBlockParam, AnthropicImageMediaType } from "./anthropic-types";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((byte, i) => bytes[at + i] === byte);

/** Each media type the API takes, and whether bytes start like it (their magic numbers). */
const FORMATS: ReadonlyMap<string, { readonly mediaType: AnthropicImageMediaType; matches(b: Uint8Array): boolean }> =
  new Map([
    ["image/jpeg", { mediaType: "image/jpeg", matches: (b: Uint8Array) => startsWith(b, [0xff, 0xd8, 0xff]) }],
    [
      "image/png",
      {
        mediaType: "image/png",
        matches: (b: Uint8Array) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      },
    ],
    [
      "image/gif",
      {
        mediaType: "image/gif",
        matches: (b: Uint8Array) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
      },
    ],
    [
      "image/webp",
      {
        mediaType: "image/webp",
        matches: (b: Uint8Array) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
      },
    ],
  ]);

/** The first bytes of well-formed base64, or `undefined` when `data` is not base64. */
export function leadingBytes(data: string): Uint8Array | undefined {
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) return undefined;
  return Uint8Array.from(atob(data.slice(0, 16)), (c) => c.charCodeAt(0));
}

/**
 * The `image` block of an MCP image, or `undefined` when its declared type is
 * not JPEG, PNG, GIF or WebP (`image/jpg` reads as JPEG), its data is not
 * base64, or its bytes are not the declared format.
 *
 * @param mimeType - the MCP image's `mimeType`
 * @param data - its base64 `data`
 * @returns the block, or `undefined` to keep the placeholder
 */
export function imageBlock(mimeType: string, data: string): AnthropicImageBlockParam | undefined {
  const declared = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const format = FORMATS.get(declared === "image/jpg" ? "image/jpeg" : declared);
  const head = format === undefined ? undefined : leadingBytes(data);
  if (format === undefined || head === undefined || !format.matches(head)) return undefined;
  return { type: "image", source: { type: "base64", media_type: format.mediaType, data } };
}
