/**
 * How many bytes base64 `data` decodes to, counted without decoding (no
 * `atob` or `Buffer`): every 4 base64 digits are 3 bytes. Digits of both
 * alphabets count (`+/` and `-_`); padding, whitespace and any other
 * character are skipped, so bad base64 still gives a number, never an error.
 */
export function base64ByteLength(data: string): number {
  let digits = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    const isDigit =
      (c >= 0x41 && c <= 0x5a) || // A-Z
      (c >= 0x61 && c <= 0x7a) || // a-z
      (c >= 0x30 && c <= 0x39) || // 0-9
      c === 0x2b || // +
      c === 0x2f || // /
      c === 0x2d || // -
      c === 0x5f; // _
    if (isDigit) digits++;
  }
  return Math.floor((digits * 3) / 4);
}
