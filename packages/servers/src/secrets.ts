// What of a server's config is secret, and taking it out of every text this
// package writes (a status reason, an event, an error message, a log line).
// Every env value, every header value and a URL's user, password and query
// count as secrets, whatever they are called: showing a real one cannot be
// undone, hiding a harmless one costs a "[hidden]".
import type { CheckedServer } from "./server-config";

/** What a secret is replaced with. */
export const HIDDEN = "[hidden]";

/** Shorter values are not searched for in free text: they would match inside unrelated words. */
const MIN_SEARCHED_SECRET = 4;
const SECRET_FLAG = /^--?[\w.-]*(?:key|token|secret|passw|pwd|auth|credential|cookie|session)[\w.-]*$/i;
/**
 * Finds the URLs inside free text (a server's stderr, an error message), for taking their user,
 * password and query out. A trailing `.`, `,`, `)` … ends the sentence, not the URL. Linear in the
 * text, whatever it holds: a scheme starts only where no word or scheme character comes before it, so
 * a run such as `a-a-a-…` is scanned once, not once from each letter (as `\b` would: quadratic).
 *
 * It has the `g` flag: use it with `String.prototype.replace`, `replaceAll` or `matchAll`, which start
 * from the beginning each time, not with `test` or `exec`, which carry `lastIndex` from call to call.
 *
 * @example
 * ```ts
 * import { URL_IN_TEXT } from "@x/servers";
 *
 * "GET http://alice:pw@host/mcp?key=k failed.".replace(URL_IN_TEXT, (url) => new URL(url).host);
 * // "GET host failed."
 * ```
 */
export const URL_IN_TEXT: RegExp = /(?<![\w+.-])[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/gi;

/**
 * `url` without user, password, query and fragment.
 *
 * @example
 * ```ts
 * displayUrl("https://user:pw@example.com/mcp?key=x"); // "https://example.com/mcp"
 * ```
 */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const secrets = [parsed.username, parsed.password, ...parsed.searchParams.values()];
  return secrets.flatMap((secret) => [secret, decoded(secret)]);
}

function headerSecrets(value: string): string[] {
  const credential = /^\s*([A-Za-z][\w-]*)\s+(\S+)\s*$/.exec(value);
  if (credential === null) return [value];
  const [, scheme = "", token = ""] = credential;
  if (scheme.toLowerCase() !== "basic") return [value, token];
  const pair = Buffer.from(token, "base64").toString("utf8");
  return [value, token, pair, pair.slice(pair.indexOf(":") + 1)];
}

/** The value after a flag named like a secret (`--api-key X`, `--token=X`) and of every `NAME=value` argument. */
function argSecrets(args: readonly string[]): string[] {
  return args.flatMap((arg, i) => {
    const assignment = /^(--?)?[\w.-]+=(.*)$/s.exec(arg);
    if (assignment !== null) return [assignment[2] ?? "", ...urlSecrets(assignment[2] ?? "")];
    const previous = args[i - 1];
    if (previous !== undefined && SECRET_FLAG.test(previous) && !arg.startsWith("-")) return [arg];
    return urlSecrets(arg);
  });
}

/** Every secret of a server's config: env values, header values, URL credentials and query values, secret arguments. */
export function serverSecrets(spec: CheckedServer): string[] {
  switch (spec.kind) {
    case "stdio":
      return [...Object.values(spec.env).flatMap((value) => [value, ...urlSecrets(value)]), ...argSecrets(spec.args)];
    case "http":
      return [...urlSecrets(spec.url), ...Object.values(spec.headers).flatMap(headerSecrets)];
    case "client":
    case "in-process":
      return [];
    default: {
      const _exhaustive: never = spec;
      return _exhaustive;
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A function that takes `secrets`, and the user, password and query of any URL, out of a text. */
export type Scrub = (text: string) => string;

/**
 * A scrubber for `secrets`: each one (of at least 4 characters) becomes
 * `[hidden]`, longer ones first; then every URL loses its user, password
 * and query, known or not.
 */
export function createScrub(secrets: Iterable<string>): Scrub {
  const searched = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SEARCHED_SECRET);
  searched.sort((a, b) => b.length - a.length);
  const pattern = searched.length === 0 ? undefined : new RegExp(searched.map(escapeRegExp).join("|"), "g");
  return (text) => {
    const known = pattern === undefined ? text : text.replace(pattern, HIDDEN);
    return known.replace(URL_IN_TEXT, (match) => {
      try {
        const url = new URL(match);
        return url.username === "" && url.password === "" && url.search === "" ? match : displayUrl(match);
      } catch {
        return match;
      }
    });
  };
}
