// How a configured server is shown on the page: its command line or URL with
// the secrets taken out (the rule is in secret-rule.ts), the names of what was
// left out, and what the redactor must search for in everything else.
import { redactUrl } from "./redact-url";
import { envSecrets, headerSecrets, HIDDEN, maskArgs, urlSecrets } from "./secret-rule";
import type { InvalidServerSpec, ServerSpec } from "./server-spec";

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
  const shown = redactUrl(url);
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
 * out (their names are listed in `hidden`); see secret-rule.ts for arguments
 * and URLs.
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
        target: redactUrl(spec.url),
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
