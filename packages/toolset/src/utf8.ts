// UTF-8 by hand, the one helper of the stack: this package runs in browsers
// and Node alike and needs no TextEncoder, Buffer or other host API for it.
// Sizes are computed from UTF-16 code units without encoding the string. A
// lone surrogate counts 3 bytes: `TextEncoder` writes it as U+FFFD.

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** The number of UTF-8 bytes of the code point `codePoint` (a lone surrogate counts as U+FFFD would: 3). */
export function codePointUtf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** The number of UTF-8 bytes of `text` (a lone surrogate counts as U+FFFD would: 3). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else {
      bytes += codePointUtf8Length(unit);
    }
  }
  return bytes;
}

/** What {@link cutUtf8} kept of a text, and the UTF-8 bytes of what it left out. */
export interface Utf8Cut {
  readonly kept: string;
  readonly droppedBytes: number;
}

/**
 * The longest prefix of `text` that fits in `maxBytes` of UTF-8 without
 * splitting a code point (a surrogate pair is kept or dropped whole), and the
 * bytes of what was left out.
 */
export function cutUtf8(text: string, maxBytes: number): Utf8Cut {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    const pair = isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1));
    const size = pair ? 4 : codePointUtf8Length(unit);
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += pair ? 2 : 1;
  }
  if (i === text.length) return { kept: text, droppedBytes: 0 };
  return { kept: text.slice(0, i), droppedBytes: utf8ByteLength(text.slice(i)) };
}

/**
 * The UTF-8 bytes of `text`. A lone surrogate is encoded as U+FFFD, as
 * `TextEncoder` does, so every string has exactly one encoding.
 */
export function utf8Encode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let codePoint = char.codePointAt(0) ?? 0xfffd;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) codePoint = 0xfffd;
    if (codePoint < 0x80) {
      bytes.push(codePoint);
    } else if (codePoint < 0x800) {
      bytes.push(0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f));
    } else if (codePoint < 0x10000) {
      bytes.push(0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f));
    } else {
      bytes.push(
        0xf0 | (codePoint >> 18),
        0x80 | ((codePoint >> 12) & 0x3f),
        0x80 | ((codePoint >> 6) & 0x3f),
        0x80 | (codePoint & 0x3f),
      );
    }
  }
  return Uint8Array.from(bytes);
}
