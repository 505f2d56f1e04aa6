// JSON shown as indented, coloured text. Long base64 strings (images) are
// shortened for reading; the real value is what the API returned.
import { h } from "./dom";
import { scrollBox } from "./scroll-box";

const LONG_STRING = 160;

function shorten(_key: string, value: unknown): unknown {
  if (typeof value === "string" && value.length > LONG_STRING && /^(data:[^,]+,)?[A-Za-z0-9+/=\s]+$/.test(value)) {
    return `${value.slice(0, 48)}… (${value.length.toLocaleString("en")} characters)`;
  }
  return value;
}

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false)\b|\b(null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/**
 * A `<pre>` holding `value` as pretty JSON, keys, strings, numbers and `null` coloured.
 *
 * @example
 * ```ts
 * document.body.append(jsonBlock({ a: null }));
 * ```
 */
export function jsonBlock(value: unknown, testId?: string): HTMLPreElement {
  return colour(jsonText(value), testId);
}

/**
 * {@link jsonBlock} in a {@link scrollBox}: for values that may be big (a tool's result, an output).
 *
 * @example
 * ```ts
 * step.append(jsonBox(result.result, "mcp-result"));
 * ```
 */
export function jsonBox(value: unknown, testId?: string): HTMLElement {
  const text = jsonText(value);
  return scrollBox(colour(text, testId), text);
}

function jsonText(value: unknown): string {
  return value === undefined ? "undefined" : (JSON.stringify(value, shorten, 2) ?? "undefined");
}

function colour(text: string, testId: string | undefined): HTMLPreElement {
  const pre = h("pre", { class: "json", ...(testId === undefined ? {} : { "data-testid": testId }) });
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    pre.append(text.slice(last, match.index));
    const [whole, string, colon, boolean, nul, number] = match;
    if (string !== undefined) {
      pre.append(h("span", { class: colon === undefined ? "j-string" : "j-key" }, string));
      if (colon !== undefined) pre.append(colon);
    } else if (boolean !== undefined) pre.append(h("span", { class: "j-bool" }, boolean));
    else if (nul !== undefined) pre.append(h("span", { class: "j-null" }, nul));
    else if (number !== undefined) pre.append(h("span", { class: "j-number" }, number));
    last = match.index + whole.length;
  }
  pre.append(text.slice(last));
  return pre;
}
