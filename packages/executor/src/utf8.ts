// UTF-8 sizes computed from UTF-16 code units, without encoding the string
// (no allocation; no Node `Buffer`, so it runs in browsers too). A lone
// surrogate counts 3 bytes: `TextEncoder` writes it as U+FFFD.

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** The number of bytes `text` takes in UTF-8. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The longest prefix of `text` that fits in `maxBytes` of UTF-8 without
 * splitting a code point (a surrogate pair is kept or dropped whole), and the
 * bytes of what was left out.
 */
export function cutUtf8(text: string, maxBytes: number): { readonly kept: string; readonly droppedBytes: number } {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    let size: number;
    let units = 1;
    if (unit < 0x80) size = 1;
    else if (unit < 0x800) size = 2;
    else if (isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
      size = 4;
      units = 2;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += units;
  }
  if (i === text.length) return { kept: text, droppedBytes: 0 };
  return { kept: text.slice(0, i), droppedBytes: utf8Length(text.slice(i)) };
}
