// What of a server's config is secret, and taking it out of every text this
// package writes (a status reason, an event, an error message, a log line).
// Every env value, every header value and a URL's user, password and query
// count as secrets, whatever they are called: showing a real one cannot be
// undone, hiding a harmless one costs a "[hidden]". Arguments follow the rule
// below (names and shapes), which applications use for their own texts too.
import type { CheckedServer } from "./server-config";

/**
 * What a secret is replaced with.
 *
 * @example
 * ```ts
 * import { HIDDEN } from "@x/servers";
 *
 * `--token ${HIDDEN}`; // "--token [hidden]"
 * ```
 */
export const HIDDEN = "[hidden]";

/** Shorter values are not searched for in free text: they would match inside unrelated words. */
const MIN_SEARCHED_SECRET = 4;
const SECRET_NAME = /key|token|secret|passw|pwd|auth|credential|cookie|session|private|signature/i;
/** Prefixes of well-known credentials: OpenAI/Stripe, GitHub, GitLab, Slack, AWS, JWT. */
const SECRET_PREFIX = /^(?:sk|pk|rk)[-_]|^gh[pousr]_|^github_pat_|^glpat-|^xox[abprs]-|^AKIA|^eyJ/;
const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
const FLAG_WITH_VALUE = /^(--?[A-Za-z][\w.-]*)=(.*)$/s;
const FLAG = /^--?[A-Za-z][\w.-]*$/;
/**
 * A word of free text that could be a credential: letters, digits and `_+.-`, with a base64 padding of `=` at its
 * end. One character class, so the scan is linear in the text.
 */
const WORD_IN_TEXT = /[A-Za-z0-9_+.-]+=*/g;
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

/**
 * Whether a flag, variable, header or query parameter named `name` holds a secret: its name says key, token, secret,
 * passw(ord), pwd, auth, credential, cookie, session, private or signature.
 *
 * @example
 * ```ts
 * import { isSecretName } from "@x/servers";
 *
 * isSecretName("--api-key"); // true
 * isSecretName("PORT"); // false
 * ```
 */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * Whether `value` is shaped like a credential, whatever it is called: a known token prefix of 16 characters or more
 * (`sk-…`, `ghp_…`, `github_pat_…`, `glpat-…`, `xoxb-…`, `AKIA…`, a JWT's `eyJ…`), 32 or more hex digits, or 20 or
 * more letters, digits and `_+=-` mixing upper case, lower case and digits. A harmless value it catches only costs a
 * `[hidden]`.
 *
 * @example
 * ```ts
 * import { looksLikeSecret } from "@x/servers";
 *
 * looksLikeSecret("sk-proj-abcdefghijklmnop"); // true
 * looksLikeSecret("@modelcontextprotocol/server-filesystem"); // false
 * ```
 */
export function looksLikeSecret(value: string): boolean {
  if (value.length >= 16 && SECRET_PREFIX.test(value)) return true;
  if (/^[0-9a-f]{32,}$/i.test(value)) return true;
  return /^[A-Za-z0-9_+=-]{20,}$/.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value);
}

/**
 * `text` with every word that {@link looksLikeSecret} replaced by `[hidden]`: the rule that hides a credential-shaped
 * argument, applied to free text (a server's stderr, a tool's output). A word is a run of letters, digits and `_+.-`
 * (a `.` that ends a sentence is not part of it); linear in the text.
 *
 * @example
 * ```ts
 * import { hideCredentials } from "@x/servers";
 *
 * hideCredentials("using key sk-proj-abcdefghijklmnop."); // "using key [hidden]."
 * ```
 */
export function hideCredentials(text: string): string {
  return text.replace(WORD_IN_TEXT, (word) => {
    const bare = word.replace(/\.+$/, "");
    return looksLikeSecret(bare) ? HIDDEN + word.slice(bare.length) : word;
  });
}

/** A value, and whether it is a secret, once a name is known for it. */
function secretValue(name: string, value: string): boolean {
  return isSecretName(name) || looksLikeSecret(value);
}

function parseUrl(text: string): URL | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * What the rule takes from a URL written in an argument: its password, its user when there is no password (a token
 * given as the user, `https://TOKEN@host`) or it looks like a credential, and the query values that are secrets by name
 * or by look, each as written and decoded. (A configured `url` entry gives every query value: see {@link
 * serverSecrets}.)
 */
function urlWordSecrets(parsed: URL): string[] {
  const secrets = parsed.password === "" ? [] : [parsed.password, decoded(parsed.password)];
  if (parsed.username !== "" && (parsed.password === "" || looksLikeSecret(decoded(parsed.username))))
    secrets.push(parsed.username, decoded(parsed.username));
  for (const [name, value] of parsed.searchParams) {
    if (value !== "" && secretValue(name, value)) secrets.push(value, encodeURIComponent(value));
  }
  return [...new Set(secrets)];
}

/** One word as it is shown, and the secrets it held. */
function maskWord(word: string): { shown: string; secrets: string[] } {
  const url = parseUrl(word);
  if (url !== undefined && (url.username !== "" || url.password !== "" || url.search !== "")) {
    return { shown: displayUrl(word), secrets: urlWordSecrets(url) };
  }
  return looksLikeSecret(word) ? { shown: HIDDEN, secrets: [word] } : { shown: word, secrets: [] };
}

/**
 * A command's arguments as they may be shown, and the secrets taken out: the rule for command lines. Hidden: the value
 * of a flag named like a secret (`--api-key X`, `--token=X`, see {@link isSecretName}), the value of every `NAME=value`
 * argument (an environment assignment, as in `env API_KEY=… server`: shown `NAME=[hidden]`, searched for when it is a
 * secret by name or by look), any argument or flag value that {@link looksLikeSecret}, and a URL's user, password and
 * query.
 *
 * @example
 * ```ts
 * import { maskArgs } from "@x/servers";
 *
 * maskArgs(["-y", "server", "--api-key", "abc1", "REGION=eu"]);
 * // { shown: ["-y", "server", "--api-key", "[hidden]", "REGION=[hidden]"], secrets: ["abc1"] }
 * ```
 */
export function maskArgs(args: readonly string[]): { shown: string[]; secrets: string[] } {
  const shown: string[] = [];
  const secrets: string[] = [];
  let afterSecretFlag = false;
  for (const arg of args) {
    const isFlag = FLAG.test(arg);
    const flagValue = FLAG_WITH_VALUE.exec(arg);
    const assignment = ENV_ASSIGNMENT.exec(arg);
    if (afterSecretFlag && !isFlag) {
      shown.push(HIDDEN);
      secrets.push(arg);
    } else if (flagValue !== null) {
      const [, flag = "", value = ""] = flagValue;
      const masked = isSecretName(flag) ? { shown: HIDDEN, secrets: [value] } : maskWord(value);
      shown.push(`${flag}=${masked.shown}`);
      secrets.push(...masked.secrets);
    } else if (assignment !== null) {
      const [, name = "", value = ""] = assignment;
      shown.push(`${name}=${HIDDEN}`);
      const url = parseUrl(value);
      secrets.push(...(secretValue(name, value) ? [value] : url === undefined ? [] : urlWordSecrets(url)));
    } else {
      const masked = maskWord(arg);
      shown.push(masked.shown);
      secrets.push(...masked.secrets);
    }
    afterSecretFlag = isFlag && isSecretName(arg);
  }
  return { shown, secrets };
}

/** Every secret of a server's config: env values, header values, URL credentials and query values, secret arguments. */
export function serverSecrets(spec: CheckedServer): string[] {
  switch (spec.kind) {
    case "stdio":
      return [
        ...Object.values(spec.env).flatMap((value) => [value, ...urlSecrets(value)]),
        ...maskArgs(spec.args).secrets,
      ];
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
 * and query, known or not, and every word shaped like a credential is
 * hidden ({@link hideCredentials}).
 */
export function createScrub(secrets: Iterable<string>): Scrub {
  const searched = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SEARCHED_SECRET);
  searched.sort((a, b) => b.length - a.length);
  const pattern = searched.length === 0 ? undefined : new RegExp(searched.map(escapeRegExp).join("|"), "g");
  return (text) => {
    const known = pattern === undefined ? text : text.replace(pattern, HIDDEN);
    const urls = known.replace(URL_IN_TEXT, (match) => {
      try {
        const url = new URL(match);
        return url.username === "" && url.password === "" && url.search === "" ? match : displayUrl(match);
      } catch {
        return match;
      }
    });
    return hideCredentials(urls);
  };
}

/** `value` (plain JSON) with every string and key passed through `scrub`. */
export function scrubStrings(value: unknown, scrub: Scrub): unknown {
  if (typeof value === "string") return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubStrings(item, scrub));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [scrub(key), scrubStrings(item, scrub)]));
  }
  return value;
}
