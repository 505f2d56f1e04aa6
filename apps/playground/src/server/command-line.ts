// Splits a command line into words, the way a shell would for simple cases:
// whitespace separates, single and double quotes group, backslash escapes.

/**
 * The words of `line`, or an error message when a quote is left open.
 *
 * @example
 * ```ts
 * splitCommandLine(`npx -y "my server"`); // { ok: true, words: ["npx", "-y", "my server"] }
 * ```
 */
export function splitCommandLine(line: string): { ok: true; words: string[] } | { ok: false; error: string } {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === "\\" && quote === '"' && i + 1 < line.length) word += line[++i] as string;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= "";
    } else if (char === "\\" && i + 1 < line.length) {
      word = (word ?? "") + (line[++i] as string);
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? "") + char;
    }
  }
  // The line is not quoted back: it may hold a secret, and the message is shown on the page.
  if (quote !== undefined)
    return { ok: false, error: `the ${quote} quote opened in word ${words.length + 1} is never closed` };
  if (word !== undefined) words.push(word);
  return { ok: true, words };
}
