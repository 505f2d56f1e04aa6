// Which parts of a server's configuration count as secrets: the rule the page
// and the terminal follow (README, "Security"). Over-masking a harmless value
// costs a "[hidden]" on the page; showing a real secret cannot be undone.
import { redactUrl } from "./redact-url";

/** What the page shows instead of a secret. */
export const HIDDEN = "[hidden]";

/**
 * Secrets shorter than this are hidden where they have a place (an argument
 * after `--token`, a URL's password) but not searched for in free text: a
 * three-letter value would match inside unrelated words.
 */
export const MIN_SEARCHED_SECRET = 4;

const SECRET_NAME = /key|token|secret|passw|pwd|auth|credential|cookie|session|private|signature/i;
/** Prefixes of well-known credentials: OpenAI/Stripe, GitHub, GitLab, Slack, AWS, JWT. */
const SECRET_PREFIX = /^(?:sk|pk|rk)[-_]|^gh[pousr]_|^github_pat_|^glpat-|^xox[abprs]-|^AKIA|^eyJ/;
const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
const FLAG_WITH_VALUE = /^(--?[A-Za-z][\w.-]*)=(.*)$/s;
const FLAG = /^--?[A-Za-z][\w.-]*$/;

/**
 * Whether a flag, variable, header or query parameter named `name` holds a
 * secret (its name says key, token, secret, password, auth, cookie, …).
 *
 * @example
 * ```ts
 * isSecretName("--api-key"); // true
 * isSecretName("PORT"); // false
 * ```
 */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * Whether `value` looks like a credential whatever it is called: a known
 * token prefix (`sk-…`, `ghp_…`, `xoxb-…`, `AKIA…`, a JWT), 32 or more hex
 * digits, or a word of 20 or more letters, digits, `-_+=` mixing upper case,
 * lower case and digits.
 *
 * @example
 * ```ts
 * looksLikeSecret("sk-proj-abcdefghijklmnop"); // true
 * looksLikeSecret("@modelcontextprotocol/server-filesystem"); // false
 * ```
 */
export function looksLikeSecret(value: string): boolean {
  if (value.length >= 16 && SECRET_PREFIX.test(value)) return true;
  if (/^[0-9a-f]{32,}$/i.test(value)) return true;
  return /^[A-Za-z0-9_+=-]{20,}$/.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value);
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

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The secrets a URL carries: its password, its user name when there is no
 * password (a token given as the user, `https://TOKEN@host`) or it looks like
 * a credential, and the values of its query parameters that are secrets by
 * name or by look (each as written and decoded). Any other user name is left
 * out wherever the URL is shown, but not searched for in free text.
 *
 * @example
 * ```ts
 * urlSecrets("http://alice:hunter2@host/mcp?api_key=TOPSECRET&v=2"); // ["hunter2", "TOPSECRET"]
 * ```
 */
export function urlSecrets(url: string): string[] {
  const parsed = parseUrl(url);
  if (parsed === undefined) return [];
  const secrets = parsed.password === "" ? [] : [parsed.password, decode(parsed.password)];
  if (parsed.username !== "" && (parsed.password === "" || looksLikeSecret(decode(parsed.username))))
    secrets.push(parsed.username, decode(parsed.username));
  for (const [name, value] of parsed.searchParams) {
    if (value !== "" && secretValue(name, value)) secrets.push(value, encodeURIComponent(value));
  }
  return [...new Set(secrets)];
}

/**
 * The secrets of one header: the whole value of a header named like a secret
 * (`authorization`, `x-api-key`, `cookie`, …), and the credential after its
 * scheme word (`Bearer xyz` → `xyz`; `Basic` also gives the decoded `user:password`
 * and the password).
 *
 * @example
 * ```ts
 * headerSecrets("authorization", "Bearer abc123"); // ["Bearer abc123", "abc123"]
 * ```
 */
export function headerSecrets(name: string, value: string): string[] {
  if (!secretValue(name, value)) return [];
  const secrets = [value];
  const credential = /^\s*([A-Za-z][\w-]*)\s+(\S+)\s*$/.exec(value);
  if (credential !== null) {
    const [, scheme = "", token = ""] = credential;
    secrets.push(token);
    if (scheme.toLowerCase() === "basic") {
      const decoded = Buffer.from(token, "base64").toString("utf8");
      secrets.push(decoded, decoded.slice(decoded.indexOf(":") + 1));
    }
  }
  return secrets;
}

/**
 * The secrets of an environment variable given to a stdio server. Every env
 * value is left off the page (only names are shown); this is the part also
 * searched for in free text (a server's stderr, a tool's output).
 *
 * @example
 * ```ts
 * envSecrets("GITHUB_TOKEN", "ghp_…"); // ["ghp_…"]
 * envSecrets("DEBUG", "1"); // []
 * ```
 */
export function envSecrets(name: string, value: string): string[] {
  return secretValue(name, value) ? [value] : urlSecrets(value);
}

/** One word as the page shows it, and the secrets it held. */
function maskWord(word: string): { shown: string; secrets: string[] } {
  const url = parseUrl(word);
  if (url !== undefined && (url.username !== "" || url.password !== "" || url.search !== "")) {
    return { shown: redactUrl(word), secrets: urlSecrets(word) };
  }
  return looksLikeSecret(word) ? { shown: HIDDEN, secrets: [word] } : { shown: word, secrets: [] };
}

/**
 * A stdio command's arguments as the page shows them, and the secrets taken
 * out. Hidden: the value of a flag named like a secret (`--api-key X`,
 * `--token=X`), the value of every `NAME=value` argument (an environment
 * assignment, as in `env API_KEY=… server`), any argument or flag value that
 * looks like a credential, and a URL's user, password and query.
 *
 * @example
 * ```ts
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
      secrets.push(...envSecrets(name, value));
    } else {
      const masked = maskWord(arg);
      shown.push(masked.shown);
      secrets.push(...masked.secrets);
    }
    afterSecretFlag = isFlag && isSecretName(arg);
  }
  return { shown, secrets };
}
