// How a configured server is shown on the page: its command line or URL with
// the secrets taken out, the names of what was left out, and what the
// redactor must search for in everything else. What counts as a secret is
// @x/servers' rule (`maskArgs`, `isSecretName`, `looksLikeSecret`), the one it
// follows in its own texts. Only which configured values are searched for in
// free text is decided here: a value of an env variable, header or query
// parameter is searched when it is a secret by name or by look, never a
// harmless one (`DEBUG=true` would hide every "true" on the page).
import { displayUrl, HIDDEN, isSecretName, looksLikeSecret, maskArgs } from "@x/servers";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

/**
 * Secrets shorter than this are hidden where they have a place (an argument
 * after `--token`, a URL's password) but not searched for in free text: a
 * three-letter value would match inside unrelated words.
 */
export const MIN_SEARCHED_SECRET = 4;

/** A value, and whether it is a secret, once a name is known for it. */
function secretValue(name: string, value: string): boolean {
  return isSecretName(name) || looksLikeSecret(value);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The secrets of a URL searched for in free text: its password, its user name when there is no password (a token
 * given as the user) or it looks like a credential, and the query values that are secrets by name or by look (each as
 * written and decoded).
 *
 * @example
 * ```ts
 * urlSecrets("http://alice:hunter2@host/mcp?api_key=TOPSECRET&v=2"); // ["hunter2", "TOPSECRET"]
 * ```
 */
export function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return [];
    parsed = new URL(url);
  } catch {
    return [];
  }
  const secrets = parsed.password === "" ? [] : [parsed.password, decode(parsed.password)];
  if (parsed.username !== "" && (parsed.password === "" || looksLikeSecret(decode(parsed.username))))
    secrets.push(parsed.username, decode(parsed.username));
  for (const [name, value] of parsed.searchParams) {
    if (value !== "" && secretValue(name, value)) secrets.push(value, encodeURIComponent(value));
  }
  return [...new Set(secrets)];
}

/**
 * The secrets of one header searched for in free text: the whole value of a header that is a secret by name or by
 * look, and the credential after its scheme word (`Bearer xyz` → `xyz`; `Basic` also gives the decoded
 * `user:password` and the password).
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

/** The secrets of an env variable searched for in free text (every env value is left off the page anyway). */
function envSecrets(name: string, value: string): string[] {
  return secretValue(name, value) ? [value] : urlSecrets(value);
}

/** One server as the page may see it. */
export interface ServerDisplay {
  /** The command line (secret arguments `[hidden]`) or the URL without user, password or query. */
  readonly target: string;
  /** What the target leaves out, by name only: `env GITHUB_TOKEN`, `header authorization`, `query api_key`, … */
  readonly hidden: readonly string[];
  /** Text to replace wherever it appears in an answer to the page: each secret, and each form of the URL. */
  readonly replacements: readonly (readonly [secret: string, shown: string])[];
}

/**
 * A word of a command line, quoted when a shell would need it (double quotes when they need no escapes: easier to
 * read).
 */
function shellWord(word: string): string {
  if (/^[\w@%+=:,./[\]-]+$/.test(word)) return word;
  if (!word.includes("'")) return `'${word}'`;
  if (!/["$`\\!]/.test(word)) return `"${word}"`;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The URL a client may connect with (no user or password in it: fetch refuses
 * those) and the header that carries them instead, when the URL has them.
 *
 * @example
 * ```ts
 * urlCredentials("http://alice:pw@host/mcp"); // { url: "http://host/mcp", authorization: "Basic YWxpY2U6cHc=" }
 * ```
 */
export function urlCredentials(url: string): { url: string; authorization?: string } {
  const parsed = new URL(url);
  if (parsed.username === "" && parsed.password === "") return { url: parsed.href };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.href, authorization: `Basic ${Buffer.from(credentials, "utf8").toString("base64")}` };
}

/**
 * The URL of an OpenAI-compatible server, as {@link describeServer} treats a server's URL.
 *
 * @example
 * ```ts
 * urlReplacements("https://user:pw@llm.example/v1?key=k123");
 * // [["https://user:pw@llm.example/v1?key=k123", "https://llm.example/v1"], …]
 * ```
 */
export function urlReplacements(url: string): [string, string][] {
  const shown = displayUrl(url);
  const forms = [url];
  try {
    const parsed = new URL(url);
    forms.push(parsed.href, urlCredentials(url).url);
    if (parsed.password !== "") forms.push(`${parsed.username}:${parsed.password}@`);
  } catch {
    // Not a URL: nothing else to look for.
  }
  return [
    ...[...new Set(forms)].map((form): [string, string] => [form, form.endsWith("@") ? "" : shown]),
    ...urlSecrets(url).map((secret): [string, string] => [secret, HIDDEN]),
  ];
}

/**
 * What the page may see of `spec`. Every env value and header value stays
 * out (their names are listed in `hidden`); the arguments are shown as
 * @x/servers' `maskArgs` shows them, a URL without user, password or query.
 *
 * @example
 * ```ts
 * describeServer({
 *   name: "docs",
 *   transport: "http",
 *   url: "http://a:b@127.0.0.1:9/mcp?key=k",
 *   headers: {},
 *   source: "flag",
 * }).target;
 * // "http://127.0.0.1:9/mcp"
 * ```
 */
export function describeServer(spec: ServerSpec | InvalidServerSpec): ServerDisplay {
  switch (spec.transport) {
    case "stdio": {
      const args = maskArgs(spec.args);
      const env = Object.entries(spec.env);
      return {
        target: [spec.command, ...args.shown].map(shellWord).join(" "),
        hidden: env.map(([name]) => `env ${name}`),
        replacements: [...args.secrets, ...env.flatMap(([name, value]) => envSecrets(name, value))].map((secret) => [
          secret,
          HIDDEN,
        ]),
      };
    }
    case "http": {
      const parsed = new URL(spec.url);
      const headers = Object.entries(spec.headers);
      return {
        target: displayUrl(spec.url),
        hidden: [
          ...(parsed.username === "" && parsed.password === ""
            ? []
            : ["the URL's user and password (sent as Basic authorization)"]),
          ...[...new Set(parsed.searchParams.keys())].map((name) => `query ${name}`),
          ...headers.map(([name]) => `header ${name}`),
        ],
        replacements: [
          ...urlReplacements(spec.url),
          ...headers
            .flatMap(([name, value]) => headerSecrets(name, value))
            .map((secret): [string, string] => [secret, HIDDEN]),
          ...(urlCredentials(spec.url).authorization ?? "")
            .split(" ")
            .slice(1)
            .map((secret): [string, string] => [secret, HIDDEN]),
        ],
      };
    }
    case "invalid":
      return { target: "", hidden: [], replacements: [] };
    default: {
      const _exhaustive: never = spec;
      return _exhaustive;
    }
  }
}
