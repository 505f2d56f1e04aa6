// URLs shown on the page or printed: without user, password, query or fragment (they may carry secrets).

/**
 * `url` reduced to protocol, host and path.
 *
 * @example
 * ```ts
 * redactUrl("https://user:pw@example.com/v1?key=x"); // "https://example.com/v1"
 * ```
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "(not a URL)";
  }
}
