// Which MCP images a `function_call_output` can carry as `input_image`: the
// formats the API reads (JPEG, PNG, GIF, WebP), as well-formed base64 whose
// first bytes are really one of them. Anything else would make the API refuse
// the whole next request, so it stays a text placeholder instead.

const DECLARED = new Set(["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

const SIGNATURES: readonly { readonly mimeType: string; readonly matches: (bytes: Uint8Array) => boolean }[] = [
  { mimeType: "image/jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mimeType: "image/png", matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: "image/gif", matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) },
  { mimeType: "image/webp", matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) },
];

/**
 * The `data:` URI of an image the Responses API reads, or `undefined` when the
 * declared type is not JPEG, PNG, GIF or WebP, the data is not base64, or its
 * bytes are none of them. The URI names the format the bytes really are.
 */
export function imageDataUri(mimeType: string, data: string): string | undefined {
  const declared = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  if (!DECLARED.has(declared) || data.length % 4 !== 0 || !BASE64.test(data)) return undefined;
  const head = Uint8Array.from(atob(data.slice(0, 16)), (c) => c.charCodeAt(0));
  const format = SIGNATURES.find((signature) => signature.matches(head));
  return format === undefined ? undefined : `data:${format.mimeType};base64,${data}`;
}
